import type { Charger } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useUpdateCharger } from '../api/update-charger';
import { editChargerForm, parseEditChargerForm } from '../lib/edit-charger-form';
import { ChargerFormDialog } from './charger-form-dialog';

export type EditChargerDialogProps = { charger: Charger; open: boolean; onClose: () => void };

const fields = [
  'chargerType',
  'ratedPowerKw',
  'connectivity',
  'capacityL1',
  'capacityL2',
  'capacityL3',
] as const;

/** What an installer sets after adding a charger: its type, rated power, connectivity and per-phase capacities. */
export function EditChargerDialog({ charger, open, onClose }: EditChargerDialogProps) {
  const { t } = useTranslation();
  const update = useUpdateCharger();
  return (
    <ChargerFormDialog
      open={open}
      onClose={onClose}
      testId="charger-edit"
      title={t('chargers.edit.title', { name: charger.alias || charger.productCode })}
      submitLabel={t('chargers.edit.save')}
      fields={fields}
      // Each opening starts from the charger as it is now.
      initial={() => editChargerForm(charger)}
      parse={parseEditChargerForm}
      onSubmit={(changes) =>
        update.mutate(
          { chargerId: charger.id, ...changes },
          {
            onSuccess: () => {
              notify({ message: t('chargers.edit.saved'), severity: 'success' });
              onClose();
            },
          },
        )
      }
      pending={update.isPending}
    />
  );
}
