import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { CardGroup } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { GroupSelect } from './group-select';
import { useDeleteCardGroup } from '../api/delete-card-group';

export type DeleteGroupDialogProps = {
  group: CardGroup;
  groups: readonly CardGroup[];
  onClose: () => void;
  onDeleted: (receiver: CardGroup | undefined) => void;
};

/**
 * Deletes a group after asking which group receives its cards (the default group first). A group without active
 * cards still names one: its recycled cards need a group too.
 */
export function DeleteGroupDialog({ group, groups, onClose, onDeleted }: DeleteGroupDialogProps) {
  const { t } = useTranslation();
  const deleteGroup = useDeleteCardGroup();
  const others = groups.filter((candidate) => candidate.id !== group.id);
  const [receiverId, setReceiverId] = useState(
    String(others.find((g) => g.isDefault)?.id ?? others[0]?.id ?? ''),
  );
  const hasCards = group.cardCount > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (receiverId === '' || deleteGroup.isPending) return;
    const receiver = others.find((candidate) => candidate.id === Number(receiverId));
    deleteGroup.mutate(
      { id: group.id, moveCardsTo: Number(receiverId) },
      { onSuccess: () => onDeleted(receiver) },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="card-group-delete-dialog">
      <form noValidate onSubmit={submit}>
        <DialogTitle>{t('cardGroups.delete.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: hasCards ? 2 : 0 }}>
            {hasCards
              ? t('cardGroups.delete.withCards', { name: group.name, count: group.cardCount })
              : t('cardGroups.delete.empty', { name: group.name })}
          </DialogContentText>
          {hasCards && (
            <GroupSelect
              label={t('cardGroups.delete.receiver')}
              value={receiverId}
              onChange={setReceiverId}
              groups={others}
              testId="card-group-delete-receiver"
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit" data-testid="card-group-delete-cancel">
            {t('cardGroups.form.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            disabled={receiverId === ''}
            loading={deleteGroup.isPending}
            data-testid="card-group-delete-submit"
          >
            {t('cardGroups.actions.delete')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
