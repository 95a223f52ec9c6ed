import Chip from '@mui/material/Chip';
import type { ChargerStatus } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { statusColors } from '../lib/status';

export type ChargerStatusChipProps = { status: ChargerStatus; testId?: string; size?: 'small' | 'medium' };

export function ChargerStatusChip({ status, testId, size = 'small' }: ChargerStatusChipProps) {
  const { t } = useTranslation();
  const color = statusColors[status];
  return (
    <Chip
      size={size}
      color={color}
      variant={color === 'default' ? 'outlined' : 'filled'}
      label={t(`chargers.status.${status}`)}
      data-testid={testId}
      data-status={status}
      data-color={color}
    />
  );
}
