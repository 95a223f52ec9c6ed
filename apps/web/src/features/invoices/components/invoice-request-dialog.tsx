import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Invoice, InvoicePreview } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { useRevealWhen } from '../../../lib/reveal';
import { useAddInvoice } from '../api/add-invoice';
import { useIssueInvoice } from '../api/issue-invoice';
import { usePreviewInvoice } from '../api/preview-invoice';
import {
  emptyRequestForm,
  problemsOf,
  requestOf,
  type RequestForm,
  type UiLanguage,
} from '../lib/request-form';
import { InvoiceDocument } from './invoice-document';
import { InvoiceRequestFields, type CustomerOption } from './invoice-request-fields';

export type InvoiceRequestDialogProps = {
  groups: readonly CustomerOption[];
  cards: readonly CustomerOption[];
  /** The site's time zone: the periods are its days. */
  timeZone: string;
  language: UiLanguage;
  onClose: () => void;
  /** The invoice made: issued, or kept as a draft. */
  onDone: (invoice: Invoice) => void;
};

/**
 * Spec section 2, "invoice request with preview and print": who and which period, what the invoice says, then the
 * preview (the invoice as it will be, in its language), then issue it or keep it as a draft.
 */
export function InvoiceRequestDialog({
  groups,
  cards,
  timeZone,
  language,
  onClose,
  onDone,
}: InvoiceRequestDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [form, setForm] = useState<RequestForm>(() => emptyRequestForm(language));
  const [preview, setPreview] = useState<InvoicePreview | null>(null);
  // The preview opens below the form: scrolled to, or it would be below the dialog's fold.
  const previewRef = useRevealWhen<HTMLDivElement>(preview);
  const [touched, setTouched] = useState(false);
  const [issuing, setIssuing] = useState(false);
  const previewCall = usePreviewInvoice();
  const add = useAddInvoice();
  const issue = useIssueInvoice();
  const problems = problemsOf(form, timeZone);
  const busy = previewCall.isPending || add.isPending || issuing;

  const change = (next: Partial<RequestForm>) => {
    setForm((current) => ({ ...current, ...next }));
    setPreview(null);
  };
  const showPreview = async () => {
    setTouched(true);
    if (problems.length > 0) return;
    const answer = await previewCall.mutateAsync(requestOf(form, timeZone)).catch(() => null);
    setPreview(answer);
  };
  const make = async (andIssue: boolean) => {
    const draft = await add.mutateAsync(requestOf(form, timeZone)).catch(() => null);
    if (!draft) return;
    if (!andIssue) return onDone(draft);
    setIssuing(true);
    // A refused issue leaves the draft, which the list shows: it can be issued from there.
    const issued = await issue.mutateAsync(draft.id).catch(() => draft);
    setIssuing(false);
    onDone(issued);
  };
  const empty = preview !== null && preview.sessionCount === 0;

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      maxWidth="lg"
      fullWidth
      data-testid="invoice-request-dialog"
    >
      <DialogTitle>{t('invoices.request.title')}</DialogTitle>
      <DialogContent dividers sx={{ p: { xs: 1.5, sm: 3 } }}>
        <InvoiceRequestFields
          form={form}
          problems={touched ? problems : problems.filter((p) => p === 'description')}
          groups={groups}
          cards={cards}
          onChange={change}
        />
        {preview && (
          <Box sx={{ mt: 3 }} ref={previewRef} data-testid="invoice-preview">
            {preview.alreadyBilled.map((billed) => (
              <Alert key={billed.number} severity="info" sx={{ mb: 1 }} data-testid="invoice-already-billed">
                {t('invoices.request.alreadyBilled', { count: billed.sessions, number: billed.number })}
              </Alert>
            ))}
            {preview.unpriced > 0 && (
              <Alert severity="warning" sx={{ mb: 1 }}>
                {t('invoices.request.unpriced', { count: preview.unpriced })}
              </Alert>
            )}
            {empty ? (
              <Alert severity="warning" data-testid="invoice-preview-empty">
                {t('errors.16001')}
              </Alert>
            ) : (
              <Box sx={{ boxShadow: 2, bgcolor: 'action.hover' }}>
                <InvoiceDocument invoice={preview} />
              </Box>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        <Button onClick={onClose} data-testid="invoice-request-cancel">
          {t('invoices.actions.cancel')}
        </Button>
        <Button
          variant={preview ? 'outlined' : 'contained'}
          onClick={() => void showPreview()}
          disabled={busy || problems.includes('description') || (touched && problems.length > 0)}
          data-testid="invoice-request-preview"
        >
          {t('invoices.request.preview')}
        </Button>
        {preview && !empty && (
          <>
            <Button onClick={() => void make(false)} disabled={busy} data-testid="invoice-request-draft">
              {t('invoices.request.saveDraft')}
            </Button>
            <Button
              variant="contained"
              onClick={() => void make(true)}
              disabled={busy}
              data-testid="invoice-request-issue"
            >
              {t('invoices.actions.issue')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
