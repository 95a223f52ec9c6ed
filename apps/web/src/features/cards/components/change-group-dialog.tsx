import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Card, CardGroup } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { GroupSelect } from './group-select';
import { notify } from '../../../lib/notify';
import { useForm } from '../../../lib/use-form';
import { useChangeCardGroup } from '../api/change-card-group';
import { groupChoiceError } from '../lib/card-form';

export type ChangeGroupDialogProps = {
  cards: readonly Card[];
  groups: readonly CardGroup[];
  onClose: () => void;
  onChanged: () => void;
};

const groupRules = ({ groupId }: { groupId: string }) => {
  const error = groupChoiceError(groupId);
  return error ? { groupId: error } : {};
};

/** Moves one card or a selection to another group; the choice starts on the group they share, if any. */
export function ChangeGroupDialog({ cards, groups, onClose, onChanged }: ChangeGroupDialogProps) {
  const { t } = useTranslation();
  const changeGroup = useChangeCardGroup();
  const shared = new Set(cards.map((card) => card.groupId));
  const form = useForm({ groupId: shared.size === 1 ? String(cards[0]?.groupId) : '' }, groupRules, {
    message: ({ key, values }) => t(`cards.validation.${key}`, values),
  });
  const count = cards.length;

  const submit = form.onSubmit(({ groupId }) => {
    if (changeGroup.isPending) return;
    const group = groups.find((candidate) => candidate.id === Number(groupId));
    changeGroup.mutate(
      { ids: cards.map((card) => card.id), groupId: Number(groupId) },
      {
        onSuccess: () => {
          notify({
            message: t('cards.changeGroup.done', { count, group: group?.name ?? '' }),
            severity: 'success',
          });
          onChanged();
        },
      },
    );
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="card-change-group-dialog">
      <form noValidate onSubmit={submit}>
        <DialogTitle>{t('cards.changeGroup.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t('cards.changeGroup.content', { count, cardId: cards[0]?.cardId ?? '' })}
          </DialogContentText>
          <GroupSelect
            label={t('cards.changeGroup.group')}
            value={form.values.groupId}
            onChange={(groupId) => form.setValue('groupId', groupId)}
            groups={groups}
            testId="card-change-group-select"
            {...form.feedback('groupId')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit" data-testid="card-change-group-cancel">
            {t('cards.form.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={changeGroup.isPending}
            data-testid="card-change-group-submit"
          >
            {t('cards.changeGroup.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
