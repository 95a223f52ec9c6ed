import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from '../../../lib/i18n';
import { formatMoney } from '../lib/format';

export type SessionCostProps = { cost: number | null; currency: string; estimate: boolean; testId?: string };

/** The gross cost in the site's currency; an ongoing session's is marked as an estimate. */
export function SessionCost({ cost, currency, estimate, testId }: SessionCostProps) {
  const { t, i18n } = useTranslation();
  if (cost === null) {
    return (
      <span data-testid={testId} data-cost="none">
        {t('sessions.notPriced')}
      </span>
    );
  }
  return (
    <Stack direction="row" spacing={0.75} alignItems="center" component="span">
      <span data-testid={testId}>{formatMoney(i18n.language, cost, currency)}</span>
      {estimate && (
        <Chip
          size="small"
          variant="outlined"
          color="warning"
          label={t('sessions.estimate')}
          data-testid={testId && `${testId}-estimate`}
        />
      )}
    </Stack>
  );
}
