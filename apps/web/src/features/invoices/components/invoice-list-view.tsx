import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { uiLanguages, type Invoice } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { useInvoiceSettings } from '../api/get-invoice-settings';
import { useInvoices } from '../api/get-invoices';
import type { UiLanguage } from '../lib/request-form';
import { InvoiceDialog } from './invoice-dialog';
import { InvoiceFilters, filterOf, noFilter, type InvoiceFilterForm } from './invoice-filters';
import { InvoiceRequestDialog } from './invoice-request-dialog';
import type { CustomerOption } from './invoice-request-fields';
import { InvoiceSettingsDialog } from './invoice-settings-dialog';
import { InvoiceTable } from './invoice-table';

export type InvoiceListViewProps = {
  /** The site's card groups and cards: who can be billed. */
  groups: readonly CustomerOption[];
  cards: readonly CustomerOption[];
};

/** The invoices screen: the site's invoices and credit notes, filtered, and the request of a new one. */
export function InvoiceListView({ groups, cards }: InvoiceListViewProps) {
  const { t, i18n } = useTranslation();
  const settings = useInvoiceSettings();
  const timeZone = settings.data?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [filters, setFilters] = useState<InvoiceFilterForm>(noFilter);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const invoices = useInvoices({ ...filterOf(filters, timeZone), ...page });
  const [requesting, setRequesting] = useState(false);
  const [numbering, setNumbering] = useState(false);
  const [open, setOpen] = useState<Invoice | null>(null);
  const language: UiLanguage = (uiLanguages as readonly string[]).includes(i18n.language)
    ? (i18n.language as UiLanguage)
    : 'en_US';
  const total = invoices.data?.total ?? 0;

  return (
    <Box component="section" data-testid="invoice-page">
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t('invoices.title')}
        </Typography>
        <Button onClick={() => setNumbering(true)} disabled={!settings.data} data-testid="invoice-numbering">
          {t('invoices.numbering.button')}
        </Button>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setRequesting(true)}
          disabled={!settings.data}
          data-testid="invoice-request"
        >
          {t('invoices.request.button')}
        </Button>
      </Stack>
      <Box sx={{ mb: 2 }}>
        <InvoiceFilters
          value={filters}
          groups={groups}
          cards={cards}
          onChange={(next) => {
            setFilters(next);
            setPage((p) => ({ ...p, pageNum: 1 }));
          }}
        />
      </Box>
      {invoices.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void invoices.refetch()}>
              {t('invoices.retry')}
            </Button>
          }
        >
          {t('invoices.loadFailed')}
        </Alert>
      )}
      <Paper variant="outlined">
        <Box sx={{ height: 4 }}>{invoices.isFetching && <LinearProgress />}</Box>
        <InvoiceTable invoices={invoices.data?.list ?? []} onOpen={setOpen} />
        {invoices.data && total === 0 && (
          <Typography
            sx={{ p: 3, textAlign: 'center' }}
            color="text.secondary"
            data-testid="invoice-list-empty"
          >
            {t('invoices.empty')}
          </Typography>
        )}
        <TablePagination
          component="div"
          count={total}
          page={total > 0 ? page.pageNum - 1 : 0}
          rowsPerPage={page.pageSize}
          rowsPerPageOptions={[10, 20, 50, 100]}
          onPageChange={(_event, p) => setPage((current) => ({ ...current, pageNum: p + 1 }))}
          onRowsPerPageChange={(event) => setPage({ pageNum: 1, pageSize: Number(event.target.value) })}
          labelRowsPerPage={t('invoices.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('invoices.displayedRows', { from, to, count })}
        />
      </Paper>
      {requesting && settings.data && (
        <InvoiceRequestDialog
          groups={groups}
          cards={cards}
          timeZone={settings.data.timeZone}
          language={language}
          onClose={() => setRequesting(false)}
          onDone={(invoice) => {
            setRequesting(false);
            setOpen(invoice);
          }}
        />
      )}
      {numbering && settings.data && (
        <InvoiceSettingsDialog settings={settings.data} onClose={() => setNumbering(false)} />
      )}
      {open && <InvoiceDialog key={open.id} invoice={open} onClose={() => setOpen(null)} onOpen={setOpen} />}
    </Box>
  );
}
