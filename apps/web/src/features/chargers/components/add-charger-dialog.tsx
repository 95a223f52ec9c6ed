import type { Charger } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { useAddCharger } from '../api/add-charger';
import { emptyAddChargerForm, parseAddChargerForm, type AddChargerField } from '../lib/add-charger-form';
import { ChargerFormDialog } from './charger-form-dialog';

export type AddChargerDialogProps = {
  open: boolean;
  onClose: () => void;
  onAdded: (charger: Charger) => void;
};

const fields = ['productCode', 'pin', 'alias', 'chargerType', 'ratedPowerKw', 'connectivity'] as const;
const fieldTestIds: Record<AddChargerField, string> = {
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
  return (
    <ChargerFormDialog
      open={open}
      onClose={onClose}
      testId="charger-add"
      fieldTestIds={fieldTestIds}
      title={t('chargers.add.title')}
      submitLabel={t('chargers.add.submit')}
      fields={fields}
      required={['productCode', 'pin']}
      initial={emptyAddChargerForm}
      parse={parseAddChargerForm}
      onSubmit={(fields) => addCharger.mutate(fields, { onSuccess: (charger) => onAdded(charger) })}
      pending={addCharger.isPending}
    />
  );
}
