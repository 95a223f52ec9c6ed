import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import SystemUpdateAltIcon from '@mui/icons-material/SystemUpdateAlt';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import { chargerFieldLimits, chargerStatuses, type Charger, type ChargerStatus } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useChargers } from '../api/get-chargers';
import { useLiveChargers } from '../api/live-chargers';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { readListParams, writeListParams, type ChargerListParams } from '../lib/list-params';
import { loadManagementAllows, type LoadManagementCheck } from '../lib/load-management';
import { AddChargerDialog } from './add-charger-dialog';
import { FirmwareCatalogueDialog } from './firmware-catalogue-dialog';
import { ChargerDetails } from './charger-details';
import { ChargerTable } from './charger-table';
import { LiveIndicator } from './live-indicator';

export type ChargerListViewProps = { isLoadManagementActive: LoadManagementCheck };

const baseRowsPerPage = [10, 20, 50];

/** The chargers screen: search, status filter and page live in the URL; rows follow the live socket. */
export function ChargerListView({ isLoadManagementActive }: ChargerListViewProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = readListParams(params);
  const chargers = useChargers(query);
  const live = useLiveChargers();
  const [adding, setAdding] = useState(false);
  const [catalogueOpen, setCatalogueOpen] = useState(false);
  const [selected, setSelected] = useState<Charger | null>(null);
  const rowsPerPage = [...new Set([...baseRowsPerPage, query.pageSize])].sort((a, b) => a - b);
  const update = (change: Partial<ChargerListParams>) =>
    setParams((current) => writeListParams(current, change), { replace: true });

  // The typed search reaches the URL (and the server) 300 ms after the typing stops, back on page 1.
  const [text, setText] = useState(query.keyword);
  const typed = useDebouncedValue(text, 300);
  const applied = useRef(typed);
  useEffect(() => {
    if (applied.current === typed) return;
    applied.current = typed;
    setParams((current) => writeListParams(current, { keyword: typed, pageNum: 1 }), { replace: true });
  }, [typed, setParams]);

  // The panel shows the row as the list has it now (live updates included), or the last one seen.
  const rows = chargers.data?.list ?? [];
  const selectedRow = selected ? (rows.find((row) => row.id === selected.id) ?? selected) : null;

  const openAdd = async () => {
    // Spec section 4: with load management on, the reminder shows instead of the form.
    if (await loadManagementAllows(isLoadManagementActive)) setAdding(true);
  };

  return (
    <Box component="section" data-testid="charger-page">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }} alignItems={{ md: 'center' }}>
        <Stack direction="row" spacing={1.5} alignItems="center" sx={{ flex: 1 }}>
          <Typography variant="h5" component="h1">
            {t('chargers.title')}
          </Typography>
          <LiveIndicator state={live} />
        </Stack>
        <TextField
          size="small"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('chargers.search')}
          sx={{ minWidth: { md: 300 } }}
          slotProps={{
            htmlInput: {
              'aria-label': t('chargers.search'),
              'data-testid': 'charger-search',
              maxLength: chargerFieldLimits.keywordMax,
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          select
          size="small"
          label={t('chargers.statusFilter')}
          value={query.status}
          onChange={(event) => update({ status: event.target.value as ChargerStatus | '', pageNum: 1 })}
          sx={{ minWidth: 200 }}
          slotProps={{
            select: { native: true },
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'charger-status-filter' },
          }}
        >
          <option value="">{t('chargers.allStatuses')}</option>
          {chargerStatuses.map((status) => (
            <option key={status} value={status}>
              {t(`chargers.status.${status}`)}
            </option>
          ))}
        </TextField>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => void openAdd()}
          data-testid="charger-add"
        >
          {t('chargers.add.button')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<SystemUpdateAltIcon />}
          onClick={() => setCatalogueOpen(true)}
          data-testid="firmware-catalogue-open"
        >
          {t('chargers.firmwareCatalogue.button')}
        </Button>
      </Stack>
      <Paper variant="outlined">
        <Box sx={{ height: 4 }}>{chargers.isFetching && <LinearProgress />}</Box>
        <Box sx={{ overflowX: 'auto' }}>
          <ChargerTable chargers={rows} selectedId={selectedRow?.id ?? null} onOpen={setSelected} />
        </Box>
        <TablePagination
          component="div"
          count={chargers.data?.total ?? 0}
          page={chargers.data && chargers.data.total > 0 ? query.pageNum - 1 : 0}
          rowsPerPage={query.pageSize}
          rowsPerPageOptions={rowsPerPage}
          onPageChange={(_event, page) => update({ pageNum: page + 1 })}
          onRowsPerPageChange={(event) => update({ pageSize: Number(event.target.value), pageNum: 1 })}
          labelRowsPerPage={t('chargers.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('chargers.displayedRows', { from, to, count })}
          getItemAriaLabel={(type) => t(`chargers.pages.${type}`)}
          slotProps={{
            actions: {
              previousButton: { 'data-testid': 'charger-list-previous' } as object,
              nextButton: { 'data-testid': 'charger-list-next' } as object,
            },
          }}
          data-testid="charger-list-pagination"
        />
      </Paper>
      <AddChargerDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(charger) => {
          setAdding(false);
          notify({
            message: t('chargers.add.added', { productCode: charger.productCode }),
            severity: 'success',
          });
        }}
      />
      <FirmwareCatalogueDialog open={catalogueOpen} onClose={() => setCatalogueOpen(false)} />
      <ChargerDetails
        charger={selectedRow}
        onClose={() => setSelected(null)}
        isLoadManagementActive={isLoadManagementActive}
      />
    </Box>
  );
}
