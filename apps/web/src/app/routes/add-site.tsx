import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/i18n';
import { AddSiteForm } from '../../features/sites/components/add-site-form';
import { useSiteSwitch } from '../use-site-switch';

/** The first site of an account (or one more, from select-site): adding it selects it and opens the overview. */
export function AddSiteRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const switchSite = useSiteSwitch();

  return (
    <Box component="main" data-testid="add-site-page" sx={{ minHeight: '100vh', display: 'flex', p: 2 }}>
      <Paper
        elevation={0}
        sx={{
          width: '100%',
          maxWidth: 880,
          m: 'auto',
          p: { xs: 2, sm: 4 },
          border: 1,
          borderColor: 'divider',
        }}
      >
        <Typography variant="h5" component="h1" gutterBottom>
          {t('sites.add.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('sites.add.firstSiteHint')}
        </Typography>
        <AddSiteForm
          onAdded={(site) =>
            void switchSite(site, { reload: false }).then(() => navigate('/overview', { replace: true }))
          }
          onCancel={() => void navigate('/select-site')}
        />
      </Paper>
    </Box>
  );
}
