import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { cardLimits, codes, type Card, type CardGroup } from '@plugboard/contract';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { GroupSelect } from './group-select';
import { useAddCard } from '../api/add-card';
import { useUpdateCard } from '../api/update-card';
import {
  emptyCardForm,
  parseCardForm,
  type CardFormErrors,
  type CardFormField,
  type CardFormValues,
} from '../lib/card-form';

export type CardFormDialogProps = {
  /** The card to edit; absent: a new card. */
  card?: Card;
  groups: readonly CardGroup[];
  onClose: () => void;
  onSaved: (card: Card) => void;
};

const valuesOf = (card: Card | undefined, groups: readonly CardGroup[]): CardFormValues => {
  if (!card) return emptyCardForm(String(groups.find((group) => group.isDefault)?.id ?? ''));
  const { cardId, holder, email, subscribeReport, groupId } = card;
  return { cardId, holder, email, subscribeReport, groupId: String(groupId) };
};

/** Add or edit a card. Mounted while open, so every opening starts from the card (or the default group). */
export function CardFormDialog({ card, groups, onClose, onSaved }: CardFormDialogProps) {
  const { t } = useTranslation();
  const addCard = useAddCard();
  const updateCard = useUpdateCard();
  const pending = addCard.isPending || updateCard.isPending;
  const [typed, setValues] = useState(() => valuesOf(card, groups));
  // Groups that arrive after the dialog opened: a new card still starts in the default group.
  const values = typed.groupId === '' ? { ...typed, groupId: valuesOf(undefined, groups).groupId } : typed;
  const [submitted, setSubmitted] = useState(false);
  // 11001: the server knows the site's other cards; shown on the field until the card ID changes.
  const [takenCardId, setTakenCardId] = useState<string | null>(null);
  const result = submitted ? parseCardForm(values) : null;
  const errors: CardFormErrors = result && !result.ok ? { ...result.errors } : {};
  if (takenCardId !== null && takenCardId === values.cardId.trim() && !errors.cardId) {
    errors.cardId = { key: 'cardIdTaken' };
  }

  const set = <K extends CardFormField>(field: K, value: CardFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const errorText = (field: CardFormField) => {
    const error = errors[field];
    return error ? t(`cards.validation.${error.key}`, error.values) : undefined;
  };
  const close = () => {
    if (!pending) onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    const parsed = parseCardForm(values);
    if (!parsed.ok) return;
    const callbacks = {
      onSuccess: (saved: Card) => onSaved(saved),
      onError: (error: unknown) => {
        if (error instanceof ApiError && error.code === codes.cardIdTaken)
          setTakenCardId(parsed.fields.cardId);
      },
    };
    if (card) updateCard.mutate({ id: card.id, ...parsed.fields }, callbacks);
    else addCard.mutate(parsed.fields, callbacks);
  };

  const text = (field: 'cardId' | 'holder' | 'email', hint?: string) => (
    <TextField
      id={`card-form-${field}`}
      fullWidth
      required={field === 'cardId'}
      label={t(`cards.form.${field}`)}
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
      error={errors[field] !== undefined}
      helperText={errorText(field) ?? hint}
      autoComplete="off"
      autoFocus={field === 'cardId'}
      slotProps={{
        htmlInput: { 'data-testid': `card-form-${field}`, ...(field === 'email' && { type: 'email' }) },
      }}
    />
  );

  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" data-testid="card-form-dialog">
      <form noValidate onSubmit={submit}>
        <DialogTitle>{t(card ? 'cards.form.editTitle' : 'cards.form.addTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {text('cardId', t('cards.form.cardIdHint', { max: cardLimits.cardIdHint }))}
            {text('holder')}
            <GroupSelect
              id="card-form-group"
              label={t('cards.form.group')}
              value={values.groupId}
              onChange={(groupId) => set('groupId', groupId)}
              groups={groups}
              testId="card-form-group"
              error={errors.groupId !== undefined}
              helperText={errorText('groupId')}
              optionLabel={(group) =>
                group.isDefault ? t('cards.form.defaultGroup', { name: group.name }) : group.name
              }
            />
            {text('email', t('cards.form.emailHint'))}
            <FormControlLabel
              control={
                <Switch
                  checked={values.subscribeReport}
                  onChange={(event) => set('subscribeReport', event.target.checked)}
                  slotProps={{ input: { 'data-testid': 'card-form-report' } as object }}
                />
              }
              label={t('cards.form.subscribeReport')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} color="inherit" data-testid="card-form-cancel">
            {t('cards.form.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={pending} data-testid="card-form-submit">
            {t(card ? 'cards.form.save' : 'cards.form.add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
