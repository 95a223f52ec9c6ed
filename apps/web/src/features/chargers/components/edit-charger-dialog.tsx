import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { chargerTypes, connectivities, type Charger } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useForm } from '../../../lib/use-form';
import { useUpdateCharger } from '../api/update-charger';
import { editChargerForm, parseEditChargerForm, type EditChargerField } from '../lib/edit-charger-form';

export type EditChargerDialogProps = { charger: Charger; open: boolean; onClose: () => void };

/** What an installer sets after adding a charger: its type, rated power, connectivity and per-phase capacities. */
export function EditChargerDialog({ charger, open, onClose }: EditChargerDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="charger-edit-dialog">
      {/* Mounted while open: each opening starts from the charger as it is now. */}
      {open && <EditBody charger={charger} onClose={onClose} />}
    </Dialog>
  );
}

function EditBody({ charger, onClose }: Omit<EditChargerDialogProps, 'open'>) {
  const { t } = useTranslation();
  const update = useUpdateCharger();
  const form = useForm(editChargerForm(charger), parseEditChargerForm, {
    message: ({ key, values }) => t(`chargers.validation.${key}`, values),
  });
  const submit = form.onSubmit((fields) => {
    if (update.isPending) return;
    update.mutate(
      { chargerId: charger.id, ...fields },
      {
        onSuccess: () => {
          notify({ message: t('chargers.edit.saved'), severity: 'success' });
          onClose();
        },
      },
    );
  });

  const text = (field: Exclude<EditChargerField, 'chargerType' | 'connectivity'>, label: string) => (
    <TextField
      {...form.textField(field)}
      fullWidth
      label={label}
      autoComplete="off"
      slotProps={{ htmlInput: { 'data-testid': `charger-edit-${field}`, inputMode: 'decimal' } }}
    />
  );
  const select = <T extends string>(
    field: 'chargerType' | 'connectivity',
    options: readonly T[],
    label: (option: T) => string,
  ) => (
    <TextField
      {...form.textField(field)}
      select
      fullWidth
      label={t(`chargers.add.${field}`)}
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': `charger-edit-${field}` },
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
    <form noValidate onSubmit={submit}>
      <DialogTitle>{t('chargers.edit.title', { name: charger.alias || charger.productCode })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {select('chargerType', chargerTypes, (type) => t(`chargers.type.${type}`))}
          {text('ratedPowerKw', t('chargers.add.ratedPowerKw'))}
          {select('connectivity', connectivities, (connectivity) =>
            t(`chargers.connectivity.${connectivity}`),
          )}
          {([1, 2, 3] as const).map((phase) => (
            <Stack key={phase}>{text(`capacityL${phase}`, t('chargers.edit.capacity', { phase }))}</Stack>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" data-testid="charger-edit-cancel">
          {t('chargers.add.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          loading={update.isPending}
          data-testid="charger-edit-submit"
        >
          {t('chargers.edit.save')}
        </Button>
      </DialogActions>
    </form>
  );
}
