import { useSyncExternalStore, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from '../../lib/i18n';
import { answerConfirm, confirm, getPendingConfirm, subscribeToConfirms } from '../../lib/confirm';

export type ConfirmProviderProps = { children?: ReactNode };

/** Renders the global confirm dialog next to the app; `useConfirm()` or `confirm()` open it. */
export function ConfirmProvider({ children }: ConfirmProviderProps) {
  return (
    <>
      {children}
      <ConfirmDialogHost />
    </>
  );
}

export function useConfirm(): typeof confirm {
  return confirm;
}

export function ConfirmDialogHost() {
  const { t } = useTranslation();
  const request = useSyncExternalStore(subscribeToConfirms, getPendingConfirm, getPendingConfirm);
  if (!request) return null;

  const color = request.confirmColor ?? request.type ?? 'primary';
  const answer = (confirmed: boolean) => answerConfirm(request.id, confirmed);

  return (
    <Dialog
      open
      key={request.id}
      maxWidth="xl"
      onClose={() => answer(false)}
      aria-labelledby="confirm-dialog-title"
      data-testid="confirm-dialog"
    >
      <DialogTitle id="confirm-dialog-title" data-testid="confirm-dialog-title">
        {request.title}
      </DialogTitle>
      <DialogContent>
        <Box
          sx={{ width: 550, maxWidth: '100%', whiteSpace: 'pre-line' }}
          data-testid="confirm-dialog-content"
        >
          {request.content}
        </Box>
      </DialogContent>
      <DialogActions>
        {request.showCancel !== false && (
          <Button onClick={() => answer(false)} color="inherit" data-testid="confirm-dialog-cancel">
            {request.cancelText ?? t('confirm.cancel')}
          </Button>
        )}
        <Button
          variant="contained"
          color={color}
          onClick={() => answer(true)}
          data-testid="confirm-dialog-ok"
        >
          {request.confirmText ?? t('confirm.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
