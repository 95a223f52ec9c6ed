import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/i18n';

export type EmptyStateProps = { title: string };

/** A screen whose feature is not built yet: its title and a plain "no data yet" line, never sample data. */
export function EmptyState({ title }: EmptyStateProps) {
  const { t } = useTranslation();
  return (
    <Box component="section" sx={{ p: 3 }} data-testid="empty-state">
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">{t('shell.noData')}</Typography>
    </Box>
  );
}
