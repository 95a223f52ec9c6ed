import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { weekdays } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import type { BandErrors, BandValues, PriceField, ValidationMessage } from '../lib/tariff-form';
import { weekdayNames } from '../lib/weekdays';
import { PriceField as PriceInput } from './price-field';
import { bandColor } from './week-chart';

export type BandRowProps = {
  index: number;
  band: BandValues;
  errors: BandErrors;
  /** Messages other than the overlap show once the operator tried to save. */
  showErrors: boolean;
  currency: string;
  onChange: (band: BandValues) => void;
  onRemove: () => void;
};

const priceUnits: Record<PriceField, string> = { energyPrice: '/kWh', timePrice: '/min', idlePrice: '/min' };

/** One time-of-use band: its days, its hours and its three prices. */
export function BandRow({ index, band, errors, showErrors, currency, onChange, onRemove }: BandRowProps) {
  const { t, i18n } = useTranslation();
  const names = weekdayNames(i18n.language, 'short');
  const message = (m: ValidationMessage | undefined) =>
    showErrors && m ? t(`tariff.validation.${m.key}`, m.values) : undefined;
  const toggleDay = (day: number) =>
    onChange({
      ...band,
      days: band.days.includes(day) ? band.days.filter((d) => d !== day) : [...band.days, day],
    });
  const testId = `tariff-band-${index}`;
  const overlap = errors.overlapDays ?? [];

  return (
    <Box
      data-testid={testId}
      data-overlap={overlap.length > 0}
      sx={{
        p: 1.5,
        borderRadius: 1,
        border: 1,
        borderColor: overlap.length > 0 ? 'error.main' : 'divider',
        borderLeft: 6,
        borderLeftColor: bandColor(index),
      }}
    >
      <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {t('tariff.bands.name', { number: index + 1 })}
        </Typography>
        <IconButton
          size="small"
          aria-label={t('tariff.bands.remove', { number: index + 1 })}
          onClick={onRemove}
          data-testid={`${testId}-remove`}
        >
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </Stack>
      <Stack
        direction="row"
        spacing={0.5}
        useFlexGap
        sx={{ flexWrap: 'wrap', mb: 0.5 }}
        role="group"
        aria-label={t('tariff.bands.days')}
      >
        {weekdays.map((day) => (
          <Chip
            key={day}
            label={names[day - 1]}
            size="small"
            color={band.days.includes(day) ? 'primary' : 'default'}
            variant={band.days.includes(day) ? 'filled' : 'outlined'}
            onClick={() => toggleDay(day)}
            aria-pressed={band.days.includes(day)}
            data-testid={`${testId}-day-${day}`}
          />
        ))}
      </Stack>
      {message(errors.days) && (
        <Typography variant="caption" color="error" data-testid={`${testId}-days-message`}>
          {message(errors.days)}
        </Typography>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          mt: 1,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' },
        }}
      >
        {(['from', 'to'] as const).map((field) => (
          <TextField
            key={field}
            size="small"
            label={t(`tariff.bands.${field}`)}
            value={band[field]}
            placeholder="HH:MM"
            onChange={(event) => onChange({ ...band, [field]: event.target.value })}
            error={message(errors[field]) !== undefined}
            helperText={message(errors[field]) ?? (field === 'to' ? t('tariff.bands.midnightHint') : ' ')}
            slotProps={{
              htmlInput: { 'data-testid': `${testId}-${field}`, inputMode: 'numeric', maxLength: 5 },
              formHelperText: { 'data-testid': `${testId}-${field}-message` } as object,
            }}
          />
        ))}
        {(['energyPrice', 'timePrice', 'idlePrice'] as const).map((field) => (
          <PriceInput
            key={field}
            label={t(`tariff.prices.${field}`)}
            value={band[field]}
            onChange={(value) => onChange({ ...band, [field]: value })}
            unit={`${currency}${priceUnits[field]}`}
            error={message(errors[field])}
            helperText=" "
            testId={`${testId}-${field}`}
          />
        ))}
      </Box>
      {overlap.length > 0 && (
        <Typography variant="body2" color="error" data-testid={`${testId}-overlap`}>
          {t('tariff.validation.overlap', { days: overlap.map((day) => names[day - 1]).join(', ') })}
        </Typography>
      )}
    </Box>
  );
}
