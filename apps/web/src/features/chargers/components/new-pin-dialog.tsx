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
import type { PinDelivery, PinResetResult } from '@plugboard/contract';
import { useFullScreenDialog } from '../../../components/ui/use-full-screen-dialog';
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
  const fullScreen = useFullScreenDialog();

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
      maxWidth="sm"
      fullWidth
      fullScreen={fullScreen}
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
                  fontSize: { xs: 16, sm: 20 },
                  letterSpacing: 1,
                  wordBreak: 'break-all',
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
            <Box>
              <Typography variant="body2" color="text.secondary">
                {t('chargers.newPin.byHand')}
              </Typography>
              <Typography
                data-testid="charger-new-pin-groups"
                sx={{ fontFamily: 'monospace', fontSize: 18, wordSpacing: 6 }}
              >
                {keyGroups(result.pin)}
              </Typography>
            </Box>
            <Alert
              severity={deliverySeverity[result.delivery]}
              data-testid="charger-new-pin-delivered"
              data-delivered={String(result.delivered)}
              data-delivery={result.delivery}
            >
              {t(`chargers.newPin.delivery.${result.delivery}`)}
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

const deliverySeverity: Record<PinDelivery, 'success' | 'info' | 'warning'> = {
  accepted: 'success',
  rebootRequired: 'info',
  refused: 'warning',
  offline: 'warning',
};

/** The key in groups of four, to read out or type into a charger's configuration by hand. */
export const keyGroups = (key: string) =>
  key
    .toUpperCase()
    .match(/.{1,4}/g)
    ?.join(' ') ?? key;
