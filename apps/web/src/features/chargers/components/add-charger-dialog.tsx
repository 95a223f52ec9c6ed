import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { chargerLimits, chargerTypes, connectivities, type Charger } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { useForm } from '../../../lib/use-form';
import { useAddCharger } from '../api/add-charger';
import { emptyAddChargerForm, parseAddChargerForm, type AddChargerField } from '../lib/add-charger-form';

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
  const form = useForm(emptyAddChargerForm(), parseAddChargerForm, {
    message: ({ key, values }) => t(`chargers.validation.${key}`, values),
  });
  const close = () => {
    if (addCharger.isPending) return;
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((fields) => {
    if (addCharger.isPending) return;
    addCharger.mutate(fields, {
      onSuccess: (charger) => {
        form.reset();
        onAdded(charger);
      },
    });
  });

  const text = (field: 'productCode' | 'pin' | 'alias' | 'ratedPowerKw', hint?: string, required = false) => (
    <TextField
      {...form.textField(field, hint)}
      id={testIds[field]}
      fullWidth
      required={required}
      label={t(`chargers.add.${field}`)}
      autoComplete="off"
      slotProps={{
        htmlInput: {
          'data-testid': testIds[field],
          ...(field === 'ratedPowerKw' && { inputMode: 'decimal' }),
        },
      }}
    />
  );

  // Both lists may stay unsaid: '' is "not specified".
  const select = <T extends string>(
    field: 'chargerType' | 'connectivity',
    options: readonly T[],
    label: (option: T) => string,
  ) => (
    <TextField
      {...form.textField(field)}
      id={testIds[field]}
      select
      fullWidth
      label={t(`chargers.add.${field}`)}
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': testIds[field] },
      }}
    >
      <option value="">{t('chargers.add.notSpecified')}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {label(option)}
        </option>
      ))}
    </TextField>
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
            {select('chargerType', chargerTypes, (type) => t(`chargers.type.${type}`))}
            {text('ratedPowerKw')}
            {select('connectivity', connectivities, (connectivity) =>
              t(`chargers.connectivity.${connectivity}`),
            )}
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
