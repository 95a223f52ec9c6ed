import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import type { Site } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { useSites } from '../api/get-sites';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSelectedSite } from '../hooks/use-selected-site';
import { SiteTable } from './site-table';
import { readPaging, writePaging, type Paging } from '../lib/paging';

export type SiteListViewProps = { onSelect: (site: Site) => void };

const baseRowsPerPage = [10, 20, 50];

/** The site list (siteManage/siteList): name search and paging live in the URL, so a page can be bookmarked. */
export function SiteListView({ onSelect }: SiteListViewProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { name, pageNum, pageSize } = readPaging(params);
  const selected = useSelectedSite();
  const sites = useSites({ name, pageNum, pageSize });
  const rowsPerPage = [...new Set([...baseRowsPerPage, pageSize])].sort((a, b) => a - b);
  const update = (change: Partial<Paging>) =>
    setParams((current) => writePaging(current, change), { replace: true });

  // The typed name reaches the URL (and the server) 300 ms after the typing stops, back on page 1.
  const [text, setText] = useState(name);
  const typed = useDebouncedValue(text, 300);
  const applied = useRef(typed);
  useEffect(() => {
    if (applied.current === typed) return;
    applied.current = typed;
    setParams((current) => writePaging(current, { name: typed, pageNum: 1 }), { replace: true });
  }, [typed, setParams]);

  return (
    <Box component="section" data-testid="site-list-page">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} alignItems={{ sm: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t('sites.list.title')}
        </Typography>
        <TextField
          size="small"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('sites.list.searchName')}
          slotProps={{
            htmlInput: { 'aria-label': t('sites.list.searchName'), 'data-testid': 'site-list-search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          component={Link}
          to="/siteManage/add"
          data-testid="site-list-add"
        >
          {t('sites.list.add')}
        </Button>
      </Stack>
      <Paper variant="outlined">
        <Box sx={{ height: 4 }}>{sites.isFetching && <LinearProgress />}</Box>
        <Box sx={{ overflowX: 'auto' }}>
          <SiteTable sites={sites.data?.list ?? []} selected={selected} onSelect={onSelect} />
        </Box>
        <TablePagination
          component="div"
          count={sites.data?.total ?? 0}
          page={sites.data ? pageNum - 1 : 0}
          rowsPerPage={pageSize}
          rowsPerPageOptions={rowsPerPage}
          onPageChange={(_event, page) => update({ pageNum: page + 1 })}
          onRowsPerPageChange={(event) => update({ pageSize: Number(event.target.value), pageNum: 1 })}
          labelRowsPerPage={t('sites.list.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('sites.list.displayedRows', { from, to, count })}
          getItemAriaLabel={(type) => t(`sites.list.pages.${type}`)}
          slotProps={{
            actions: {
              previousButton: { 'data-testid': 'site-list-previous' } as object,
              nextButton: { 'data-testid': 'site-list-next' } as object,
            },
          }}
          data-testid="site-list-pagination"
        />
      </Paper>
    </Box>
  );
}
