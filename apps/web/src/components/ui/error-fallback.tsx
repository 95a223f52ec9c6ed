import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/i18n';
import { isChunkLoadError } from '../../lib/chunk-load';

export type ErrorFallbackProps = { error: unknown };

/** Shown when rendering fails. A chunk that no longer loads almost always means a new release was deployed. */
export function ErrorFallback({ error }: ErrorFallbackProps) {
  const { t } = useTranslation();
  const message = isChunkLoadError(error) ? t('errors.appUpdated') : t('errors.somethingWrong');
  return (
    <Box
      role="alert"
      data-testid="error-fallback"
      data-error-kind={isChunkLoadError(error) ? 'chunk' : 'render'}
      sx={{
        minHeight: '60vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        textAlign: 'center',
        p: 3,
      }}
    >
      <Typography>{message}</Typography>
      <Button
        variant="contained"
        onClick={() => window.location.reload()}
        data-testid="error-fallback-refresh"
      >
        {t('shell.refresh')}
      </Button>
    </Box>
  );
}
