import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { chargerLimits, chargerTypes, connectivities } from '@plugboard/contract';
import { useTranslation, type TFunction } from '../../../lib/i18n';
import { useForm, type Parsed } from '../../../lib/use-form';
import type { AddChargerMessage, AddChargerValues } from '../lib/add-charger-form';
import type { EditChargerMessage, EditChargerValues } from '../lib/edit-charger-form';

/** Every field a charger form may hold: the add dialog's and the edit dialog's. */
export type ChargerFormField = keyof AddChargerValues | keyof EditChargerValues;
type Message = AddChargerMessage | EditChargerMessage;

/** How each field shows, the same in both dialogs: a text (its label, hint, keyboard) or a list (its options). */
type FieldLook =
  | { kind: 'text'; label: (t: TFunction) => string; hint?: (t: TFunction) => string; decimal?: boolean }
  | { kind: 'select'; label: (t: TFunction) => string; options: (t: TFunction) => [string, string][] };

const capacity = (phase: 1 | 2 | 3): FieldLook => ({
  kind: 'text',
  label: (t) => t('chargers.edit.capacity', { phase }),
  decimal: true,
});

const looks: Record<ChargerFormField, FieldLook> = {
  productCode: {
    kind: 'text',
    label: (t) => t('chargers.add.productCode'),
    hint: (t) => t('chargers.add.productCodeHint'),
  },
  pin: { kind: 'text', label: (t) => t('chargers.add.pin'), hint: (t) => t('chargers.add.pinHint') },
  alias: {
    kind: 'text',
    label: (t) => t('chargers.add.alias'),
    hint: (t) => t('chargers.add.aliasHint', { max: chargerLimits.aliasMax }),
  },
  chargerType: {
    kind: 'select',
    label: (t) => t('chargers.add.chargerType'),
    options: (t) => chargerTypes.map((type) => [type, t(`chargers.type.${type}`)]),
  },
  ratedPowerKw: { kind: 'text', label: (t) => t('chargers.add.ratedPowerKw'), decimal: true },
  connectivity: {
    kind: 'select',
    label: (t) => t('chargers.add.connectivity'),
    options: (t) => connectivities.map((c) => [c, t(`chargers.connectivity.${c}`)]),
  },
  capacityL1: capacity(1),
  capacityL2: capacity(2),
  capacityL3: capacity(3),
};

export type ChargerFormDialogProps<V extends Partial<Record<ChargerFormField, string>>, F> = {
  open: boolean;
  onClose: () => void;
  /** Names the dialog, its buttons and its fields for tests: `${testId}-dialog`, `${testId}-submit`, … */
  testId: string;
  /** A field's test id, when it is not `${testId}-${field}`. */
  fieldTestIds?: Partial<Record<keyof V, string>>;
  title: string;
  submitLabel: string;
  /** The fields in the order they show. */
  fields: readonly (keyof V & ChargerFormField)[];
  /** Which of them must be filled (marked so; `parse` says why when they are not). */
  required?: readonly (keyof V & ChargerFormField)[];
  /** The values the form starts from, each time it opens. */
  initial: () => V;
  /** The feature's rules: what to send, or each wrong field's message; nothing leaves while one is wrong. */
  parse: (values: V) => Parsed<F, Partial<Record<keyof V, Message>>>;
  /** Sends what `parse` gave; the owner closes the dialog once it is saved. */
  onSubmit: (fields: F) => void;
  pending: boolean;
};

/**
 * The charger form of both the add and the edit dialog: the fields a caller lists, each checked by its rules before
 * anything is sent. Mounted while open, so each opening starts from `initial`; closing waits for a pending save.
 */
export function ChargerFormDialog<V extends Partial<Record<ChargerFormField, string>>, F>(
  props: ChargerFormDialogProps<V, F>,
) {
  const close = () => {
    if (!props.pending) props.onClose();
  };
  return (
    <Dialog open={props.open} onClose={close} fullWidth maxWidth="sm" data-testid={`${props.testId}-dialog`}>
      {props.open && <ChargerForm {...props} onClose={close} />}
    </Dialog>
  );
}

function ChargerForm<V extends Partial<Record<ChargerFormField, string>>, F>({
  onClose,
  testId,
  fieldTestIds,
  title,
  submitLabel,
  fields,
  required = [],
  initial,
  parse,
  onSubmit,
  pending,
}: ChargerFormDialogProps<V, F>) {
  const { t } = useTranslation();
  // The form reads its fields by name; V's names are all strings, which the generic type cannot show it.
  const form = useForm(
    initial() as Record<ChargerFormField, string>,
    parse as (values: unknown) => Parsed<F, Partial<Record<ChargerFormField, Message>>>,
    {
      message: ({ key, values }) => t(`chargers.validation.${key}`, values),
    },
  );
  const submit = form.onSubmit((sent) => {
    if (!pending) onSubmit(sent);
  });

  const field = (name: keyof V & ChargerFormField) => {
    const look = looks[name];
    const id = fieldTestIds?.[name] ?? `${testId}-${name}`;
    if (look.kind === 'text')
      return (
        <TextField
          key={name}
          {...form.textField(name, look.hint?.(t))}
          id={id}
          fullWidth
          required={required.includes(name)}
          label={look.label(t)}
          autoComplete="off"
          slotProps={{ htmlInput: { 'data-testid': id, ...(look.decimal && { inputMode: 'decimal' }) } }}
        />
      );
    // A list may stay unsaid: '' is "not specified".
    return (
      <TextField
        key={name}
        {...form.textField(name)}
        id={id}
        select
        fullWidth
        label={look.label(t)}
        slotProps={{
          select: { native: true },
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': id },
        }}
      >
        <option value="">{t('chargers.add.notSpecified')}</option>
        {look.options(t).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </TextField>
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {fields.map(field)}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" data-testid={`${testId}-cancel`}>
          {t('chargers.add.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={pending} data-testid={`${testId}-submit`}>
          {submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
