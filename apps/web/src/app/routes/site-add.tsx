import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/i18n';
import { AddSiteForm } from '../../features/sites/components/add-site-form';
import { notify } from '../../lib/notify';

export function SiteAddRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Box component="section" data-testid="site-add-page">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('routes.siteAdd')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <AddSiteForm
          onAdded={(site) => {
            notify({ message: t('sites.add.added', { name: site.name }), severity: 'success' });
            void navigate('/siteManage/siteList');
          }}
          onCancel={() => void navigate('/siteManage/siteList')}
        />
      </Paper>
    </Box>
  );
}
