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
import { useForm } from '../../../lib/use-form';
import { GroupSelect } from './group-select';
import { useAddCard } from '../api/add-card';
import { useUpdateCard } from '../api/update-card';
import { emptyCardForm, parseCardForm, type CardFormValues } from '../lib/card-form';

export type CardFormDialogProps = {
  /** The card to edit; absent: a new card. */
  card?: Card;
  groups: readonly CardGroup[];
  onClose: () => void;
  onSaved: (card: Card) => void;
};

const defaultGroupId = (groups: readonly CardGroup[]) =>
  String(groups.find((group) => group.isDefault)?.id ?? '');

const valuesOf = (card: Card | undefined, groups: readonly CardGroup[]): CardFormValues => {
  if (!card) return emptyCardForm(defaultGroupId(groups));
  const { cardId, holder, email, subscribeReport, groupId } = card;
  return { cardId, holder, email, subscribeReport, groupId: String(groupId) };
};

/** Add or edit a card. Mounted while open, so every opening starts from the card (or the default group). */
export function CardFormDialog({ card, groups, onClose, onSaved }: CardFormDialogProps) {
  const { t } = useTranslation();
  const addCard = useAddCard();
  const updateCard = useUpdateCard();
  const pending = addCard.isPending || updateCard.isPending;
  // Groups that arrive after the dialog opened: a new card still starts in the default group.
  const withGroup = (typed: CardFormValues) =>
    typed.groupId === '' ? { ...typed, groupId: defaultGroupId(groups) } : typed;
  const form = useForm(valuesOf(card, groups), (typed) => parseCardForm(withGroup(typed)), {
    message: ({ key, values }) => t(`cards.validation.${key}`, values),
  });
  const values = withGroup(form.values);
  const close = () => {
    if (!pending) onClose();
  };

  const submit = form.onSubmit((fields) => {
    if (pending) return;
    const callbacks = {
      onSuccess: (saved: Card) => onSaved(saved),
      onError: (error: unknown) => {
        // The server knows the site's other cards: its refusal shows on the field until the card ID changes.
        if (error instanceof ApiError && error.code === codes.cardIdTaken)
          form.setError('cardId', { key: 'cardIdTaken' });
      },
    };
    if (card) updateCard.mutate({ id: card.id, ...fields }, callbacks);
    else addCard.mutate(fields, callbacks);
  });

  const text = (field: 'cardId' | 'holder' | 'email', hint?: string) => (
    <TextField
      {...form.textField(field, hint)}
      id={`card-form-${field}`}
      fullWidth
      required={field === 'cardId'}
      label={t(`cards.form.${field}`)}
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
              onChange={(groupId) => form.setValue('groupId', groupId)}
              groups={groups}
              testId="card-form-group"
              {...form.feedback('groupId')}
              optionLabel={(group) =>
                group.isDefault ? t('cards.form.defaultGroup', { name: group.name }) : group.name
              }
            />
            {text('email', t('cards.form.emailHint'))}
            <FormControlLabel
              control={
                <Switch
                  {...form.checkbox('subscribeReport')}
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
