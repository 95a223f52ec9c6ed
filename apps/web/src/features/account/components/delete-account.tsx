import Button from '@mui/material/Button';
import DeleteForeverOutlinedIcon from '@mui/icons-material/DeleteForeverOutlined';
import { useTranslation } from '../../../lib/i18n';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { notify } from '../../../lib/notify';
import { useDeleteAccount } from '../api/delete-account';

export type DeleteAccountProps = { onDeleted: () => void };

/** Spec section 4: irreversible, so it asks first through the global confirm dialog. */
export function DeleteAccount({ onDeleted }: DeleteAccountProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const deleteAccount = useDeleteAccount();

  const ask = async () => {
    const confirmed = await confirm({
      title: t('account.delete.confirmTitle'),
      content: t('account.delete.confirmContent'),
      confirmText: t('account.delete.confirmButton'),
      type: 'error',
    });
    if (!confirmed) return;
    deleteAccount.mutate(undefined, {
      onSuccess: () => {
        notify({ message: t('account.delete.deleted'), severity: 'success' });
        onDeleted();
      },
    });
  };

  return (
    <Button
      variant="outlined"
      color="error"
      startIcon={<DeleteForeverOutlinedIcon />}
      loading={deleteAccount.isPending}
      onClick={() => void ask()}
      sx={{ mt: 2 }}
      data-testid="account-delete"
    >
      {t('account.delete.button')}
    </Button>
  );
}
