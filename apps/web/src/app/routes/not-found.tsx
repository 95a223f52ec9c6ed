import { Link } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/i18n';
import { CenteredPage } from '../../components/layout/centered-page';

export const defaultPath = '/overview';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <CenteredPage testId="not-found-page">
      <Typography variant="h5" component="h1" gutterBottom>
        {t('routes.notFound')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }} data-testid="not-found-message">
        {t('notFound.message')}
      </Typography>
      <Button component={Link} to={defaultPath} variant="contained" data-testid="not-found-link">
        {t('notFound.back')}
      </Button>
    </CenteredPage>
  );
}
