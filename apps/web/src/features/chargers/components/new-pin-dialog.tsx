import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import type { PinResetResult } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';

export type NewPinDialogProps = {
  productCode: string;
  /** The answer of pin/reset; null closes the dialog. The PIN is never fetched again, so it lives only here. */
  result: PinResetResult | null;
  onClose: () => void;
};

export function NewPinDialog({ productCode, result, onClose }: NewPinDialogProps) {
  const { t } = useTranslation();

  const copy = async (pin: string) => {
    try {
      await navigator.clipboard.writeText(pin);
      notify({ message: t('chargers.newPin.copied'), severity: 'success' });
    } catch {
      notify({ message: t('chargers.newPin.copyFailed'), severity: 'warning' });
    }
  };

  return (
    <Dialog
      open={result !== null}
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      data-testid="charger-new-pin-dialog"
    >
      <DialogTitle>{t('chargers.newPin.title', { productCode })}</DialogTitle>
      {result && (
        <DialogContent>
          <Stack spacing={2}>
            <Typography>{t('chargers.newPin.once')}</Typography>
            <Stack direction="row" spacing={1} alignItems="center">
              <Box
                component="code"
                data-testid="charger-new-pin"
                sx={{
                  flex: 1,
                  fontSize: 24,
                  letterSpacing: 3,
                  fontFamily: 'monospace',
                  py: 1,
                  px: 2,
                  borderRadius: 1,
                  bgcolor: 'action.hover',
                  userSelect: 'all',
                }}
              >
                {result.pin}
              </Box>
              <Button
                variant="outlined"
                startIcon={<ContentCopyIcon />}
                onClick={() => void copy(result.pin)}
                data-testid="charger-new-pin-copy"
              >
                {t('chargers.newPin.copy')}
              </Button>
            </Stack>
            <Alert
              severity={result.delivered ? 'success' : 'warning'}
              data-testid="charger-new-pin-delivered"
              data-delivered={String(result.delivered)}
            >
              {t(result.delivered ? 'chargers.newPin.delivered' : 'chargers.newPin.notDelivered')}
            </Alert>
          </Stack>
        </DialogContent>
      )}
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid="charger-new-pin-close">
          {t('chargers.newPin.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
