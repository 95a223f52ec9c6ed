import { useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/i18n';
import { SiteDetails } from '../../features/sites/components/site-details';
import { notify } from '../../lib/notify';
import { NotFoundRoute } from './not-found';

const isMode = (type: string | undefined): type is 'view' | 'edit' => type === 'view' || type === 'edit';

/** siteManage/{type}/{id}: 'view' shows the site read-only, 'edit' changes it; anything else does not exist. */
export function SiteEditRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { type, id } = useParams();
  const siteId = Number(id);
  if (!isMode(type) || !Number.isSafeInteger(siteId) || siteId < 1) return <NotFoundRoute />;

  return (
    <Box component="section" data-testid={`site-${type}-page`}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t(type === 'view' ? 'routes.siteEdit' : 'sites.details.editTitle')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <SiteDetails
          id={siteId}
          mode={type}
          onSaved={(site) => {
            notify({ message: t('sites.details.saved', { name: site.name }), severity: 'success' });
            void navigate('/siteManage/siteList');
          }}
          onCancel={() => void navigate('/siteManage/siteList')}
          onEdit={() => void navigate(`/siteManage/edit/${siteId}`)}
        />
      </Paper>
    </Box>
  );
}
