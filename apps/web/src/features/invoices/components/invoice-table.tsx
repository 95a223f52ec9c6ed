import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { invoiceFormat, type Invoice, type InvoiceStatus } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';

const statusColor: Record<InvoiceStatus, 'default' | 'primary' | 'success' | 'warning'> = {
  draft: 'default',
  issued: 'primary',
  sent: 'success',
  credited: 'warning',
};

export type InvoiceTableProps = { invoices: readonly Invoice[]; onOpen: (invoice: Invoice) => void };

/**
 * The invoices of a page; a row opens the invoice. Figures in the console's language, days in the site's zone. On a
 * phone the customer and the period go under the number, so that the total and the status are in sight.
 */
export function InvoiceTable({ invoices, onOpen }: InvoiceTableProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="invoice-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('invoices.columns.number')}</TableCell>
            {!phone && <TableCell>{t('invoices.columns.customer')}</TableCell>}
            {!phone && <TableCell>{t('invoices.columns.period')}</TableCell>}
            <TableCell align="right">{t('invoices.columns.total')}</TableCell>
            <TableCell>{t('invoices.columns.status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoices.map((invoice) => {
            const f = invoiceFormat(i18n.language, invoice);
            const customer = invoice.billTo.companyName || invoice.customerLabel;
            const period = `${f.from} – ${f.to}`;
            return (
              <TableRow
                key={invoice.id}
                hover
                onClick={() => onOpen(invoice)}
                sx={{ cursor: 'pointer' }}
                data-testid="invoice-row"
                data-id={invoice.id}
              >
                <TableCell sx={{ whiteSpace: phone ? undefined : 'nowrap' }}>
                  {invoice.number ?? t('invoices.statuses.draft')}
                  {invoice.kind === 'creditNote' && (
                    <Box component="span" sx={{ color: 'text.secondary', ml: 1 }}>
                      {t('invoices.creditNote')}
                    </Box>
                  )}
                  {phone && (
                    <Box sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                      <div>{customer}</div>
                      <div>{period}</div>
                    </Box>
                  )}
                </TableCell>
                {!phone && <TableCell>{customer}</TableCell>}
                {!phone && <TableCell sx={{ whiteSpace: 'nowrap' }}>{period}</TableCell>}
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {f.money(invoice.kind === 'creditNote' ? -invoice.grossMinor : invoice.grossMinor)}
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={statusColor[invoice.status]}
                    label={t(`invoices.statuses.${invoice.status}`)}
                    data-testid="invoice-status"
                    data-status={invoice.status}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
