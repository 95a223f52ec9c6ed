import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { tariffLimits } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { emptyBand, type BandErrors, type BandValues, type ValidationMessage } from '../lib/tariff-form';
import { BandRow } from './band-row';

export type BandsEditorProps = {
  bands: BandValues[];
  errors: BandErrors[];
  listError: ValidationMessage | undefined;
  showErrors: boolean;
  currency: string;
  onChange: (bands: BandValues[]) => void;
};

/** The time-of-use bands: rows to add and remove; times no band covers use the base prices. */
export function BandsEditor({ bands, errors, listError, showErrors, currency, onChange }: BandsEditorProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5} data-testid="tariff-bands">
      {bands.length === 0 && (
        <Typography color="text.secondary" data-testid="tariff-bands-empty">
          {t('tariff.bands.none')}
        </Typography>
      )}
      {bands.map((band, index) => (
        <BandRow
          key={band.key}
          index={index}
          band={band}
          errors={errors[index] ?? {}}
          showErrors={showErrors}
          currency={currency}
          onChange={(next) => onChange(bands.map((b) => (b.key === band.key ? next : b)))}
          onRemove={() => onChange(bands.filter((b) => b.key !== band.key))}
        />
      ))}
      {showErrors && listError && (
        <Typography variant="body2" color="error" data-testid="tariff-bands-message">
          {t(`tariff.validation.${listError.key}`, listError.values)}
        </Typography>
      )}
      <div>
        <Button
          startIcon={<AddIcon />}
          onClick={() => onChange([...bands, emptyBand()])}
          disabled={bands.length >= tariffLimits.bandsMax}
          data-testid="tariff-band-add"
        >
          {t('tariff.bands.add')}
        </Button>
      </div>
    </Stack>
  );
}
