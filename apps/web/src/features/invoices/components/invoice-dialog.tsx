import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Invoice } from '@plugboard/contract';
import { confirm } from '../../../lib/confirm';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCreditInvoice } from '../api/credit-invoice';
import { useDeleteInvoice } from '../api/delete-invoice';
import { downloadInvoiceFile, type InvoiceFileKind } from '../api/download-invoice-file';
import { useIssueInvoice } from '../api/issue-invoice';
import { useSendInvoice } from '../api/send-invoice';
import { InvoiceDocument } from './invoice-document';
import { InvoicePrintStyles } from './invoice-print-styles';

export type InvoiceDialogProps = {
  invoice: Invoice;
  onClose: () => void;
  /** Another invoice to show instead (the credit note just issued). */
  onOpen: (invoice: Invoice) => void;
};

/**
 * One invoice: its A4 sheet (the print view: the browser's print shows the sheet alone) and what can be done with
 * it: a draft is issued or deleted; an issued one is printed, downloaded (PDF, XML), e-mailed, or credited.
 */
export function InvoiceDialog({ invoice: given, onClose, onOpen }: InvoiceDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [invoice, setInvoice] = useState(given);
  const [sending, setSending] = useState(false);
  const [email, setEmail] = useState(given.billTo.email);
  const issue = useIssueInvoice();
  const remove = useDeleteInvoice();
  const send = useSendInvoice();
  const credit = useCreditInvoice();
  const busy = issue.isPending || remove.isPending || send.isPending || credit.isPending;
  const draft = invoice.status === 'draft';
  const creditable = invoice.kind === 'invoice' && (invoice.status === 'issued' || invoice.status === 'sent');

  const download = (kind: InvoiceFileKind) =>
    downloadInvoiceFile(invoice, kind).catch(() => undefined /* the api-client showed why */);

  const doIssue = async () => {
    const issued = await issue.mutateAsync(invoice.id).catch(() => null);
    if (!issued) return;
    setInvoice(issued);
    notify({ message: t('invoices.notice.issued', { number: issued.number ?? '' }), severity: 'success' });
  };
  const doDelete = async () => {
    const sure = await confirm({
      title: t('invoices.confirm.deleteTitle'),
      content: t('invoices.confirm.delete'),
      type: 'error',
    });
    if (!sure) return;
    await remove.mutateAsync(invoice.id).then(
      () => {
        notify({ message: t('invoices.notice.deleted'), severity: 'success' });
        onClose();
      },
      () => undefined,
    );
  };
  const doSend = async () => {
    const sent = await send.mutateAsync({ id: invoice.id, email: email.trim() }).catch(() => null);
    if (!sent) return;
    setInvoice(sent);
    setSending(false);
    notify({ message: t('invoices.notice.sent', { email: email.trim() }), severity: 'success' });
  };
  const doCredit = async () => {
    const sure = await confirm({
      title: t('invoices.confirm.creditTitle'),
      content: t('invoices.confirm.credit', { number: invoice.number ?? '' }),
      type: 'warning',
    });
    if (!sure) return;
    const note = await credit.mutateAsync(invoice.id).catch(() => null);
    if (!note) return;
    notify({ message: t('invoices.notice.credited', { number: note.number ?? '' }), severity: 'success' });
    onOpen(note);
  };

  return (
    <Dialog open onClose={onClose} fullScreen={phone} maxWidth="lg" fullWidth data-testid="invoice-dialog">
      <InvoicePrintStyles />
      <DialogTitle>{invoice.number ?? t('invoices.draftTitle')}</DialogTitle>
      <DialogContent dividers sx={{ bgcolor: 'action.hover', p: { xs: 1, sm: 2 } }}>
        {sending && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }} alignItems="flex-start">
            <TextField
              size="small"
              type="email"
              label={t('invoices.sendTo')}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              sx={{ flex: 1, bgcolor: 'background.paper' }}
              fullWidth
              slotProps={{ htmlInput: { 'data-testid': 'invoice-send-email' } }}
            />
            <Button
              variant="contained"
              onClick={() => void doSend()}
              disabled={busy || !email.trim()}
              data-testid="invoice-send-confirm"
            >
              {t('invoices.actions.send')}
            </Button>
          </Stack>
        )}
        {invoice.status === 'credited' && invoice.creditedBy && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('invoices.creditedBy', { number: invoice.creditedBy.number })}
          </Alert>
        )}
        <Box sx={{ boxShadow: 1 }}>
          <InvoiceDocument invoice={invoice} />
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        {draft && (
          <>
            <Button
              color="error"
              onClick={() => void doDelete()}
              disabled={busy}
              data-testid="invoice-delete"
            >
              {t('invoices.actions.delete')}
            </Button>
            <Button
              variant="contained"
              onClick={() => void doIssue()}
              disabled={busy}
              data-testid="invoice-issue"
            >
              {t('invoices.actions.issue')}
            </Button>
          </>
        )}
        <Button onClick={() => window.print()} data-testid="invoice-print">
          {t('invoices.actions.print')}
        </Button>
        <Button onClick={() => void download('pdf')} data-testid="invoice-pdf">
          {t('invoices.actions.pdf')}
        </Button>
        {!draft && (
          <>
            <Button onClick={() => void download('xml')} data-testid="invoice-xml">
              {t('invoices.actions.xml')}
            </Button>
            <Button onClick={() => setSending((s) => !s)} disabled={busy} data-testid="invoice-send">
              {t('invoices.actions.sendByEmail')}
            </Button>
          </>
        )}
        {creditable && (
          <Button
            color="warning"
            onClick={() => void doCredit()}
            disabled={busy}
            data-testid="invoice-credit"
          >
            {t('invoices.actions.credit')}
          </Button>
        )}
        <Button onClick={onClose} data-testid="invoice-close">
          {t('invoices.actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
