import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  invoiceLimits,
  invoiceNumberDigits,
  invoicePrefixPattern,
  type InvoiceSettings,
} from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { useUpdateInvoiceSettings } from '../api/update-invoice-settings';

export type InvoiceSettingsDialogProps = { settings: InvoiceSettings; onClose: () => void };

/** The number prefix of the site's invoices ({YYYY} = the year of issue); the sequence itself never restarts. */
export function InvoiceSettingsDialog({ settings, onClose }: InvoiceSettingsDialogProps) {
  const { t } = useTranslation();
  const [prefix, setPrefix] = useState(settings.prefix);
  const update = useUpdateInvoiceSettings();
  const valid = prefix.trim().length <= invoiceLimits.prefixMax && invoicePrefixPattern.test(prefix.trim());
  const next = `${prefix.trim().replaceAll('{YYYY}', String(new Date().getFullYear()))}${String(
    settings.lastNumber + 1,
  ).padStart(invoiceNumberDigits, '0')}`;
  const save = async () => {
    const saved = await update.mutateAsync(prefix.trim()).catch(() => null);
    if (saved) onClose();
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('invoices.numbering.title')}</DialogTitle>
      <DialogContent>
        <TextField
          fullWidth
          margin="dense"
          label={t('invoices.numbering.prefix')}
          value={prefix}
          onChange={(event) => setPrefix(event.target.value)}
          error={!valid}
          helperText={valid ? t('invoices.numbering.hint') : t('invoices.numbering.invalid')}
          slotProps={{ htmlInput: { 'data-testid': 'invoice-prefix' } }}
        />
        <Typography sx={{ mt: 1 }} data-testid="invoice-next-number">
          {t('invoices.numbering.next', { number: next })}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('invoices.actions.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={!valid || update.isPending}>
          {t('invoices.numbering.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
