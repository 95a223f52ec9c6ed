import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { overviewPeriodNames, type OverviewPeriodName } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import type { PeriodChoice } from '../lib/period-choice';

export type PeriodPickerProps = {
  choice: PeriodChoice;
  onChange: (choice: PeriodChoice) => void;
  /** Today in the site's zone, YYYY-MM-DD: where a custom range starts when first chosen. */
  today: string;
};

/** Today, this month, last month, the last 3 months, or whole days of the operator's choice (site's calendar). */
export function PeriodPicker({ choice, onChange, today }: PeriodPickerProps) {
  const { t } = useTranslation();
  const backwards = choice.period === 'custom' && choice.firstDay > choice.lastDay && choice.lastDay !== '';
  const choose = (period: OverviewPeriodName) =>
    onChange(
      period === 'custom'
        ? { period, firstDay: choice.firstDay || today, lastDay: choice.lastDay || today }
        : { ...choice, period },
    );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} data-testid="overview-period-picker">
      <TextField
        select
        size="small"
        label={t('overview.period.label')}
        value={choice.period}
        onChange={(event) => choose(event.target.value as OverviewPeriodName)}
        sx={{ minWidth: 200 }}
        slotProps={{ select: { inputProps: { 'data-testid': 'overview-period' } } }}
      >
        {overviewPeriodNames.map((name) => (
          <MenuItem key={name} value={name} data-testid={`overview-period-${name}`}>
            {t(`overview.period.${name}`)}
          </MenuItem>
        ))}
      </TextField>
      {choice.period === 'custom' && (
        <>
          <TextField
            type="date"
            size="small"
            label={t('overview.period.firstDay')}
            value={choice.firstDay}
            onChange={(event) => onChange({ ...choice, firstDay: event.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'overview-first-day' } }}
          />
          <TextField
            type="date"
            size="small"
            label={t('overview.period.lastDay')}
            value={choice.lastDay}
            onChange={(event) => onChange({ ...choice, lastDay: event.target.value })}
            error={backwards}
            helperText={backwards ? t('overview.period.backwards') : undefined}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'overview-last-day' } }}
          />
        </>
      )}
    </Stack>
  );
}
