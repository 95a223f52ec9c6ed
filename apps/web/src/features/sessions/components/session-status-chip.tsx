import Chip from '@mui/material/Chip';
import type { ChargingSessionStatus } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';

export type SessionStatusChipProps = { status: ChargingSessionStatus; testId?: string };

export function SessionStatusChip({ status, testId }: SessionStatusChipProps) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={status === 'ongoing' ? 'primary' : 'success'}
      variant={status === 'ongoing' ? 'filled' : 'outlined'}
      label={t(`sessions.status.${status}`)}
      data-testid={testId}
      data-status={status}
    />
  );
}
