import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { chargerLimits, chargerTypes, connectivities, type Charger } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { useAddCharger } from '../api/add-charger';
import {
  emptyAddChargerForm,
  parseAddChargerForm,
  type AddChargerErrors,
  type AddChargerField,
  type AddChargerValues,
} from '../lib/add-charger-form';

export type AddChargerDialogProps = {
  open: boolean;
  onClose: () => void;
  onAdded: (charger: Charger) => void;
};

const testIds: Record<AddChargerField, string> = {
  productCode: 'charger-add-product-code',
  pin: 'charger-add-pin',
  alias: 'charger-add-alias',
  chargerType: 'charger-add-type',
  ratedPowerKw: 'charger-add-rated-power',
  connectivity: 'charger-add-connectivity',
};

/** Product code and PIN are required; everything is checked here first, so a wrong value never leaves. */
export function AddChargerDialog({ open, onClose, onAdded }: AddChargerDialogProps) {
  const { t } = useTranslation();
  const addCharger = useAddCharger();
  const [values, setValues] = useState<AddChargerValues>(emptyAddChargerForm);
  const [submitted, setSubmitted] = useState(false);
  // Messages appear once a submit was tried, then follow the typing.
  const result = submitted ? parseAddChargerForm(values) : null;
  const errors: AddChargerErrors = result && !result.ok ? result.errors : {};

  const set = <K extends AddChargerField>(field: K, value: AddChargerValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const errorText = (field: AddChargerField) => {
    const error = errors[field];
    return error ? t(`chargers.validation.${error.key}`, error.values) : undefined;
  };
  const close = () => {
    if (addCharger.isPending) return;
    setValues(emptyAddChargerForm());
    setSubmitted(false);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (addCharger.isPending) return;
    setSubmitted(true);
    const parsed = parseAddChargerForm(values);
    if (!parsed.ok) return;
    addCharger.mutate(parsed.fields, {
      onSuccess: (charger) => {
        setValues(emptyAddChargerForm());
        setSubmitted(false);
        onAdded(charger);
      },
    });
  };

  const text = (field: 'productCode' | 'pin' | 'alias' | 'ratedPowerKw', hint?: string, required = false) => (
    <TextField
      id={testIds[field]}
      fullWidth
      required={required}
      label={t(`chargers.add.${field}`)}
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
      error={errors[field] !== undefined}
      helperText={errorText(field) ?? hint}
      autoComplete="off"
      slotProps={{
        htmlInput: {
          'data-testid': testIds[field],
          ...(field === 'ratedPowerKw' && { inputMode: 'decimal' }),
        },
      }}
    />
  );

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" data-testid="charger-add-dialog">
      <form noValidate onSubmit={submit}>
        <DialogTitle>{t('chargers.add.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {text('productCode', t('chargers.add.productCodeHint'), true)}
            {text('pin', t('chargers.add.pinHint'), true)}
            {text('alias', t('chargers.add.aliasHint', { max: chargerLimits.aliasMax }))}
            <TextField
              id={testIds.chargerType}
              select
              fullWidth
              label={t('chargers.add.chargerType')}
              value={values.chargerType}
              onChange={(event) => set('chargerType', event.target.value as AddChargerValues['chargerType'])}
              slotProps={{
                select: { native: true },
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': testIds.chargerType },
              }}
            >
              <option value="">{t('chargers.add.notSpecified')}</option>
              {chargerTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`chargers.type.${type}`)}
                </option>
              ))}
            </TextField>
            {text('ratedPowerKw')}
            <TextField
              id={testIds.connectivity}
              select
              fullWidth
              label={t('chargers.add.connectivity')}
              value={values.connectivity}
              onChange={(event) =>
                set('connectivity', event.target.value as AddChargerValues['connectivity'])
              }
              slotProps={{
                select: { native: true },
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': testIds.connectivity },
              }}
            >
              <option value="">{t('chargers.add.notSpecified')}</option>
              {connectivities.map((connectivity) => (
                <option key={connectivity} value={connectivity}>
                  {t(`chargers.connectivity.${connectivity}`)}
                </option>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} color="inherit" data-testid="charger-add-cancel">
            {t('chargers.add.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={addCharger.isPending}
            data-testid="charger-add-submit"
          >
            {t('chargers.add.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
