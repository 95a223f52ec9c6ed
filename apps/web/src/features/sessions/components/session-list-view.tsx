import { useCallback, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { useTranslation } from '../../../lib/i18n';
import { useSessions } from '../api/get-sessions';
import { formatNumber } from '../lib/format';
import { maxPageSize, readListParams, writeListParams, type SessionListParams } from '../lib/list-params';
import { ExportDialog } from './export-dialog';
import { SessionFilters, type ChargerOption } from './session-filters';
import { SessionTable } from './session-table';

export type SessionListViewProps = {
  chargers: readonly ChargerOption[];
  /** Buttons of other screens beside the export (the invoices). */
  actions?: ReactNode;
};

const baseRowsPerPage = [10, 20, 50, maxPageSize];

/** The sessions screen: filters, sort and page live in the URL; paging and sorting happen on the server. */
export function SessionListView({ chargers, actions }: SessionListViewProps) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const params = readListParams(search);
  const sessions = useSessions(params);
  const [exporting, setExporting] = useState(false);
  const rowsPerPage = [...new Set([...baseRowsPerPage, params.pageSize])].sort((a, b) => a - b);
  const update = useCallback(
    (change: Partial<SessionListParams>) =>
      setSearch((current) => writeListParams(current, change), { replace: true }),
    [setSearch],
  );
  const total = sessions.data?.total ?? 0;

  return (
    <Box component="section" data-testid="session-page">
      {/* On a phone the buttons go below the title, together, when the language's words do not fit beside it. */}
      <Stack
        direction="row"
        useFlexGap
        alignItems="center"
        sx={{ mb: 2, flexWrap: 'wrap', columnGap: 2, rowGap: 1 }}
        data-testid="session-page-header"
      >
        <Typography variant="h5" component="h1" sx={{ flex: '1 0 auto' }}>
          {t('sessions.title')}
        </Typography>
        <Stack direction="row" spacing={2} alignItems="center">
          {actions}
          <Button
            variant="contained"
            startIcon={<FileDownloadIcon />}
            onClick={() => setExporting(true)}
            disabled={!sessions.data}
            data-testid="session-export"
          >
            {t('sessions.export.button')}
          </Button>
        </Stack>
      </Stack>
      <Box sx={{ mb: 2 }}>
        <SessionFilters params={params} chargers={chargers} onChange={update} />
      </Box>
      {sessions.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          data-testid="session-list-error"
          action={
            <Button color="inherit" size="small" onClick={() => void sessions.refetch()}>
              {t('sessions.retry')}
            </Button>
          }
        >
          {t('sessions.loadFailed')}
        </Alert>
      )}
      <Paper variant="outlined">
        <Box sx={{ height: 4 }}>
          {sessions.isFetching && <LinearProgress data-testid="session-list-loading" />}
        </Box>
        <Box sx={{ overflowX: 'auto' }}>
          <SessionTable
            sessions={sessions.data?.list ?? []}
            sort={{ sortBy: params.sortBy, sortOrder: params.sortOrder }}
            onSort={(sort) => update({ ...sort, pageNum: 1 })}
          />
        </Box>
        <TablePagination
          component="div"
          count={total}
          page={total > 0 ? params.pageNum - 1 : 0}
          rowsPerPage={params.pageSize}
          rowsPerPageOptions={rowsPerPage}
          onPageChange={(_event, page) => update({ pageNum: page + 1 })}
          onRowsPerPageChange={(event) => update({ pageSize: Number(event.target.value), pageNum: 1 })}
          labelRowsPerPage={t('sessions.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) =>
            // Past the page the server counts only so far ahead: "1–10 of more than 10,010".
            t(sessions.data?.totalCapped ? 'sessions.displayedRowsMore' : 'sessions.displayedRows', {
              from,
              to,
              count: formatNumber(i18n.language, count, 0),
            })
          }
          getItemAriaLabel={(type) => t(`sessions.pages.${type}`)}
          slotProps={{
            actions: {
              previousButton: { 'data-testid': 'session-list-previous' } as object,
              nextButton: { 'data-testid': 'session-list-next' } as object,
            },
          }}
          data-testid="session-list-pagination"
        />
      </Paper>
      {exporting && <ExportDialog open onClose={() => setExporting(false)} params={params} total={total} />}
    </Box>
  );
}
