import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { cardLimits, codes, groupNameTakenMessage, type CardGroup } from '@plugboard/contract';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useForm } from '../../../lib/use-form';
import { useAddCardGroup } from '../api/add-card-group';
import { useUpdateCardGroup } from '../api/update-card-group';
import { emptyGroupForm, parseGroupForm } from '../lib/group-form';
import { multiplierTexts } from './multiplier-text';

export type CardGroupDialogProps = {
  /** The group to edit; absent: a new group. */
  group?: CardGroup;
  onClose: () => void;
  onSaved: (group: CardGroup) => void;
};

/** Name and tariff rate multiplier, checked with the contract's rules before sending; a live discount preview. */
export function CardGroupDialog({ group, onClose, onSaved }: CardGroupDialogProps) {
  const { t, i18n } = useTranslation();
  const addGroup = useAddCardGroup();
  const updateGroup = useUpdateCardGroup();
  const pending = addGroup.isPending || updateGroup.isPending;
  const form = useForm(
    group ? { name: group.name, multiplier: String(group.multiplier) } : emptyGroupForm(),
    parseGroupForm,
    { message: ({ key, values }) => t(`cardGroups.validation.${key}`, values) },
  );
  // The preview follows the typing as soon as the value is one the server accepts.
  const live = parseGroupForm({ name: 'preview', multiplier: form.values.multiplier });
  const close = () => {
    if (!pending) onClose();
  };

  const submit = form.onSubmit((fields) => {
    if (pending) return;
    const callbacks = {
      onSuccess: (saved: CardGroup) => onSaved(saved),
      onError: (error: unknown) => {
        if (
          error instanceof ApiError &&
          // operationFailed with this msg: another group of the site has the name.
          error.code === codes.operationFailed &&
          error.msg === groupNameTakenMessage
        ) {
          form.setError('name', { key: 'nameTaken' });
        }
      },
    };
    if (group) updateGroup.mutate({ id: group.id, ...fields }, callbacks);
    else addGroup.mutate(fields, callbacks);
  });

  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" data-testid="card-group-dialog">
      <form noValidate onSubmit={submit}>
        <DialogTitle>{t(group ? 'cardGroups.form.editTitle' : 'cardGroups.form.addTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              {...form.textField('name')}
              id="card-group-name"
              required
              fullWidth
              autoFocus
              label={t('cardGroups.form.name')}
              autoComplete="off"
              slotProps={{
                htmlInput: { 'data-testid': 'card-group-name', maxLength: cardLimits.groupNameMax + 10 },
              }}
            />
            <TextField
              {...form.textField(
                'multiplier',
                t('cardGroups.form.multiplierHint', {
                  min: cardLimits.multiplierMin,
                  max: cardLimits.multiplierMax,
                }),
              )}
              id="card-group-multiplier"
              required
              fullWidth
              label={t('cardGroups.form.multiplier')}
              autoComplete="off"
              slotProps={{
                htmlInput: { 'data-testid': 'card-group-multiplier', inputMode: 'decimal' },
                input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
              }}
            />
            {live.ok && (
              <Alert severity="info" data-testid="card-group-preview">
                {multiplierTexts(t, i18n.language, live.fields.multiplier).preview}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} color="inherit" data-testid="card-group-cancel">
            {t('cardGroups.form.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={pending} data-testid="card-group-submit">
            {t(group ? 'cardGroups.form.save' : 'cardGroups.form.add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
