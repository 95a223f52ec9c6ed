import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import TablePagination from '@mui/material/TablePagination';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlinedIcon from '@mui/icons-material/FileUploadOutlined';
import type { Card, CardStatus } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { formatNumber } from '../lib/format';
import { useCardGroups } from '../api/get-card-groups';
import { useCards } from '../api/get-cards';
import { useCardListParams } from '../hooks/use-card-list-params';
import { useCardSelection } from '../hooks/use-card-selection';
import { useCardStatusActions } from '../hooks/use-card-status-actions';
import { CardDialogs, type CardDialog } from './card-dialogs';
import { CardFilters } from './card-filters';
import { CardListEmpty } from './card-list-empty';
import { CardSelectionBar } from './card-selection-bar';
import { CardTable } from './card-table';
import { CardsNav } from './cards-nav';
import { useExportCardsFile } from '../hooks/use-export-cards-file';

const baseRowsPerPage = [10, 20, 50, 100];

/** The cards screen (card/list and card/group): filter, tabs and page live in the URL. */
export function CardListView() {
  const { t, i18n } = useTranslation();
  const { query, update, text, setText } = useCardListParams();
  const cards = useCards(query);
  const groups = useCardGroups().data?.list ?? [];
  const rows = cards.data?.list ?? [];
  const selection = useCardSelection(JSON.stringify(query), rows);
  const status = useCardStatusActions(selection.clear);
  const exportFile = useExportCardsFile();
  const [dialog, setDialog] = useState<CardDialog | null>(null);
  const rowsPerPage = [...new Set([...baseRowsPerPage, query.pageSize])].sort((a, b) => a - b);
  const filtered = query.keyword.trim() !== '' || query.groupId !== 0;

  const onRowAction = (action: string, card: Card) => {
    if (action === 'edit') setDialog({ kind: 'form', card });
    else if (action === 'changeGroup') setDialog({ kind: 'changeGroup', cards: [card] });
    else if (action === 'recycle') void status.recycle([card]);
    else status.restore([card]);
  };

  return (
    <Box component="section" data-testid="card-page">
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('cards.title')}
      </Typography>
      <CardsNav />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }} alignItems={{ md: 'center' }}>
        <CardFilters
          text={text}
          onText={setText}
          groupId={query.groupId}
          onGroup={(groupId) => update({ groupId, pageNum: 1 })}
          groups={groups}
        />
        <Box sx={{ flex: 1, display: { xs: 'none', md: 'block' } }} />
        {/* Side by side on a phone too: one row for both, not one each. */}
        <Stack direction="row" spacing={2} justifyContent="center" data-testid="card-file-actions">
          <Button
            startIcon={<FileUploadOutlinedIcon />}
            onClick={() => setDialog({ kind: 'import' })}
            data-testid="card-import"
          >
            {t('cards.import.button')}
          </Button>
          <Button
            startIcon={<FileDownloadOutlinedIcon />}
            onClick={() => exportFile.download(query)}
            loading={exportFile.isPending}
            data-testid="card-export"
          >
            {t('cards.export.button')}
          </Button>
        </Stack>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setDialog({ kind: 'form' })}
          data-testid="card-add"
        >
          {t('cards.add')}
        </Button>
      </Stack>
      <Paper variant="outlined">
        <Tabs
          value={query.status}
          onChange={(_event, value: CardStatus) => update({ status: value, pageNum: 1 })}
          sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="active" label={t('cards.tabs.active')} data-testid="card-tab-active" />
          <Tab value="recycled" label={t('cards.tabs.recycled')} data-testid="card-tab-recycled" />
        </Tabs>
        {selection.cards.length > 0 && (
          <CardSelectionBar
            count={selection.cards.length}
            status={query.status}
            busy={status.busy}
            onChangeGroup={() => setDialog({ kind: 'changeGroup', cards: selection.cards })}
            onRecycle={() => void status.recycle(selection.cards)}
            onRestore={() => status.restore(selection.cards)}
            onClear={selection.clear}
          />
        )}
        <Box sx={{ height: 4 }}>{cards.isFetching && <LinearProgress />}</Box>
        <Box sx={{ overflowX: 'auto' }}>
          <CardTable
            cards={rows}
            selected={selection.ids}
            onSelect={selection.select}
            onAction={onRowAction}
            status={query.status}
            empty={
              <CardListEmpty
                state={cards.isError && !cards.data ? 'error' : cards.isPending ? 'loading' : query.status}
                filtered={filtered}
                onRetry={() => void cards.refetch()}
              />
            }
          />
        </Box>
        <TablePagination
          component="div"
          count={cards.data?.total ?? 0}
          page={cards.data && cards.data.total > 0 ? query.pageNum - 1 : 0}
          rowsPerPage={query.pageSize}
          rowsPerPageOptions={rowsPerPage}
          onPageChange={(_event, page) => update({ pageNum: page + 1 })}
          onRowsPerPageChange={(event) => update({ pageSize: Number(event.target.value), pageNum: 1 })}
          labelRowsPerPage={t('cards.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) =>
            t('cards.displayedRows', { from, to, count: formatNumber(i18n.language, count, 0) })
          }
          getItemAriaLabel={(type) => t(`cards.pages.${type}`)}
          data-testid="card-list-pagination"
        />
      </Paper>
      <CardDialogs
        dialog={dialog}
        groups={groups}
        onClose={() => setDialog(null)}
        onDone={(message) => {
          setDialog(null);
          selection.clear();
          if (message) notify({ message, severity: 'success' });
        }}
      />
    </Box>
  );
}
