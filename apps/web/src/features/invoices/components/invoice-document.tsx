import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  invoiceFormat,
  vatByRate,
  type Invoice,
  type InvoiceLine,
  type InvoicePreview,
  type InvoiceFormat,
} from '@plugboard/contract';
import { useLanguageT, type TFunction } from '../../../lib/i18n';

/** A stored invoice, or a preview (not numbered yet). */
export type PrintableInvoice = InvoicePreview | Invoice;

export type InvoiceDocumentProps = { invoice: PrintableInvoice };

const isStored = (invoice: PrintableInvoice): invoice is Invoice => 'id' in invoice;

/** The class the print CSS keeps: everything else on the page is hidden when printing. */
export const invoiceSheetClass = 'invoice-sheet';

/**
 * The invoice as it is printed, in its own language (not the console's): the A4 sheet of the preview and of the
 * print view, with the same fields and figures as the PDF the server renders.
 */
export function InvoiceDocument({ invoice }: InvoiceDocumentProps) {
  const t = useLanguageT(invoice.language);
  const f = invoiceFormat(invoice.language, invoice);
  const stored = isStored(invoice) ? invoice : null;
  const title = titleOf(invoice, t);
  const seller = invoice.seller;
  const billTo = invoice.billTo;
  return (
    <Box
      className={invoiceSheetClass}
      lang={invoice.language.replace('_', '-')}
      data-testid="invoice-document"
      sx={{
        bgcolor: 'background.paper',
        color: 'text.primary',
        width: '100%',
        maxWidth: '210mm',
        minHeight: { md: '297mm' },
        mx: 'auto',
        p: { xs: 2, sm: '15mm' },
        boxSizing: 'border-box',
        fontSize: 14,
        // German compounds in names and descriptions break at syllables where the browser knows the language.
        hyphens: 'auto',
      }}
    >
      <Typography variant="h4" component="h2" data-testid="invoice-document-title">
        {title}
      </Typography>
      {stored?.number && (
        <Typography data-testid="invoice-document-number">
          {labelled(t, 'invoices.doc.number', stored.number)}
        </Typography>
      )}
      {stored?.issuedAt && (
        <Typography>{labelled(t, 'invoices.doc.issueDate', f.day(stored.issuedAt))}</Typography>
      )}
      <Typography data-testid="invoice-document-period">
        {t('invoices.doc.period', { from: f.from, to: f.to })}
      </Typography>
      {stored?.creditOf && (
        <Typography>{t('invoices.doc.creditOf', { number: stored.creditOf.number })}</Typography>
      )}

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, my: 3 }}>
        <Party
          heading={t('invoices.doc.seller')}
          lines={[
            seller.companyName,
            seller.address,
            seller.vatNumber && labelled(t, 'invoices.doc.vatNumber', seller.vatNumber),
            seller.email,
          ]}
        />
        <Party
          heading={t('invoices.doc.billTo')}
          testId="invoice-document-bill-to"
          lines={[
            billTo.companyName,
            billTo.name,
            billTo.address,
            billTo.vatNumber && labelled(t, 'invoices.doc.vatNumber', billTo.vatNumber),
            billTo.email,
            labelled(t, 'invoices.doc.customer', invoice.customerLabel),
          ]}
        />
      </Box>

      {invoice.description && (
        <Box sx={{ mb: 2 }}>
          <Typography sx={{ fontWeight: 700 }}>{t('invoices.doc.description')}</Typography>
          <Typography data-testid="invoice-document-description" sx={{ overflowWrap: 'anywhere' }}>
            {invoice.description}
          </Typography>
        </Box>
      )}

      <Box sx={{ overflowX: 'auto' }}>
        {/* On a phone the five columns fit at a smaller size: the VAT column was cut off at 390 px. */}
        <Table size="small" sx={{ '& td, & th': { px: { xs: 0.5, sm: 1 }, fontSize: { xs: 12, sm: 14 } } }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('invoices.doc.description')}</TableCell>
              <TableCell align="right">{t('invoices.doc.quantity')}</TableCell>
              <TableCell align="right">{t('invoices.doc.vatRate')}</TableCell>
              <TableCell align="right">{t('invoices.doc.net')}</TableCell>
              <TableCell align="right">{t('invoices.doc.vat')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {invoice.lines.map((line, i) => (
              <TableRow key={i} data-testid="invoice-document-line" data-kind={line.kind}>
                {lineCells(line, invoice, t, f).map((cell, c) => (
                  <TableCell key={c} align={c === 0 ? 'left' : 'right'}>
                    {cell}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>

      <Box sx={{ ml: 'auto', mt: 2, maxWidth: 360 }}>
        <Total
          label={t('invoices.doc.totalNet')}
          value={f.money(invoice.netMinor)}
          testId="invoice-total-net"
        />
        {vatByRate(invoice.lines).map(([rate, vat]) => (
          <Total key={rate} label={t('invoices.doc.totalVat', { rate: f.rate(rate) })} value={f.money(vat)} />
        ))}
        <Total
          label={t('invoices.doc.totalGross')}
          value={f.money(invoice.grossMinor)}
          testId="invoice-total-gross"
          bold
        />
      </Box>
      {invoice.footer && (
        <Typography
          variant="body2"
          color="text.secondary"
          data-testid="invoice-document-footer"
          sx={{ mt: 6, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
        >
          {invoice.footer}
        </Typography>
      )}
    </Box>
  );
}

export function titleOf(invoice: PrintableInvoice, t: TFunction): string {
  if (!isStored(invoice)) return `${t('invoices.doc.invoice')} (${t('invoices.doc.preview')})`;
  const kind = invoice.kind === 'creditNote' ? t('invoices.doc.creditNote') : t('invoices.doc.invoice');
  return invoice.number ? kind : `${kind} (${t('invoices.doc.draft')})`;
}

function lineCells(line: InvoiceLine, invoice: PrintableInvoice, t: TFunction, f: InvoiceFormat): string[] {
  const what =
    line.kind === 'charging'
      ? t('invoices.doc.charging', { count: line.sessions })
      : t('invoices.doc.serviceFee');
  const quantity =
    line.kind === 'charging'
      ? f.kwh(line.energyWh)
      : invoice.fee.kind === 'percent'
        ? t('invoices.doc.feePercent', { percent: f.rate(invoice.fee.percent ?? 0) })
        : t('invoices.doc.feePerSession', {
            sessions: line.sessions,
            fee: f.money(Math.round((invoice.fee.perSession ?? 0) * 10 ** invoice.currencyDigits)),
          });
  return [what, quantity, f.rate(line.vatRate), f.money(line.netMinor), f.money(line.vatMinor)];
}

/** "Label: value" as the invoice's language writes it (French puts a space before the colon). */
function labelled(
  t: TFunction,
  label:
    'invoices.doc.number' | 'invoices.doc.issueDate' | 'invoices.doc.vatNumber' | 'invoices.doc.customer',
  value: string,
): string {
  return t('invoices.doc.labelled', { label: t(label), value });
}

function Party({
  heading,
  lines,
  testId,
}: {
  heading: string;
  lines: (string | undefined)[];
  testId?: string;
}) {
  return (
    <Box data-testid={testId}>
      <Typography sx={{ fontWeight: 700 }}>{heading}</Typography>
      {lines.filter(Boolean).map((line, i) => (
        <Typography key={i} sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {line}
        </Typography>
      ))}
    </Box>
  );
}

function Total({
  label,
  value,
  testId,
  bold,
}: {
  label: string;
  value: string;
  testId?: string;
  bold?: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, fontWeight: bold ? 700 : 400 }}>
      <span>{label}</span>
      <span data-testid={testId}>{value}</span>
    </Box>
  );
}
