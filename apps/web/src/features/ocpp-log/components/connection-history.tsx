import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ConnectionEntry } from '@plugboard/contract';
import { useTranslation, type TFunction } from '../../../lib/i18n';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import { useConnectionHistory } from '../api/get-connection-history';
import { formatLogTime } from '../lib/local-time';

export type ConnectionHistoryProps = { chargerId: number };

const eventColor = { connected: 'success', disconnected: 'default', refused: 'error' } as const;

/** Connects, disconnects with the close code, and handshakes refused (wrong PIN, too many failures). */
export function ConnectionHistory({ chargerId }: ConnectionHistoryProps) {
  const { t } = useTranslation();
  const { timeZone } = useSiteTimeZone();
  const history = useConnectionHistory(chargerId);
  const entries = history.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <Stack spacing={2} data-testid="connection-history">
      <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('ocppLog.columns.time')}</TableCell>
              <TableCell>{t('ocppLog.connections.event')}</TableCell>
              <TableCell>{t('ocppLog.connections.detail')}</TableCell>
              <TableCell>{t('ocppLog.connections.address')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((e) => (
              <TableRow key={e.id} data-testid="connection-row" data-event={e.event}>
                <TableCell sx={{ whiteSpace: 'nowrap', fontFamily: 'monospace' }}>
                  {formatLogTime(e.at, timeZone)}
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={eventColor[e.event]}
                    label={t(`ocppLog.connections.${e.event}`)}
                  />
                </TableCell>
                <TableCell>{detailOf(e, t)}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{e.remoteAddress ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {history.isSuccess && entries.length === 0 && (
        <Typography color="text.secondary">{t('ocppLog.connections.empty')}</Typography>
      )}
      {history.hasNextPage && (
        <Button onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
          {t('ocppLog.older')}
        </Button>
      )}
    </Stack>
  );
}

/** The close code (with what it means when it is one of ours or a common one) or the refusal's HTTP status. */
function detailOf(e: ConnectionEntry, t: TFunction): string {
  if (e.event === 'refused' && e.httpStatus !== null) {
    const known = [400, 401, 429].includes(e.httpStatus);
    return known ? t(`ocppLog.refusals.${e.httpStatus as 400 | 401 | 429}`) : `HTTP ${e.httpStatus}`;
  }
  if (e.event === 'disconnected' && e.closeCode !== null) {
    const known = [1000, 1001, 1006, 1009, 4000, 4001].includes(e.closeCode);
    const meaning = known
      ? t(`ocppLog.closeCodes.${e.closeCode as 1000 | 1001 | 1006 | 1009 | 4000 | 4001}`)
      : e.reason;
    return meaning ? `${e.closeCode} · ${meaning}` : String(e.closeCode);
  }
  return '';
}
