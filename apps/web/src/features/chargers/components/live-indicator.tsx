import Chip from '@mui/material/Chip';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import { useTranslation } from '../../../lib/i18n';
import type { LiveState } from '../api/live-chargers';

export type LiveIndicatorProps = { state: LiveState };

/** Tells the operator whether the list follows the chargers right now or may be behind. */
export function LiveIndicator({ state }: LiveIndicatorProps) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={state === 'live' ? 'success' : 'default'}
      icon={<FiberManualRecordIcon sx={{ fontSize: 12 }} />}
      label={t(`chargers.live.${state}`)}
      data-testid="charger-live"
      data-state={state}
    />
  );
}
