import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../lib/i18n';

export type CardListEmptyProps = {
  state: 'loading' | 'error' | 'active' | 'recycled';
  filtered: boolean;
  onRetry: () => void;
};

/** Why the table has no rows: still loading, the call failed, nothing matches, or no cards at all (yet). */
export function CardListEmpty({ state, filtered, onRetry }: CardListEmptyProps) {
  const { t } = useTranslation();
  if (state === 'loading') {
    return <Typography color="text.secondary">{t('cards.loading')}</Typography>;
  }
  if (state === 'error') {
    return (
      <Stack spacing={1} alignItems="center" data-testid="card-list-error">
        <Typography color="error">{t('cards.loadFailed')}</Typography>
        <Button size="small" onClick={onRetry}>
          {t('cards.retry')}
        </Button>
      </Stack>
    );
  }
  const key = filtered
    ? 'cards.empty.filtered'
    : state === 'recycled'
      ? 'cards.empty.recycled'
      : 'cards.empty.none';
  return (
    <Typography color="text.secondary" data-testid="card-list-empty">
      {t(key)}
    </Typography>
  );
}
