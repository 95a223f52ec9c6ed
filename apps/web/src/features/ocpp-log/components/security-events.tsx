import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../lib/i18n';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import { useSecurityEvents } from '../api/get-security-events';
import { formatLogTime } from '../lib/local-time';

export type SecurityEventsProps = { chargerId: number };

/** The security events the charger reported (OCPP 1.6 security whitepaper), with the charger's own time. */
export function SecurityEvents({ chargerId }: SecurityEventsProps) {
  const { t } = useTranslation();
  const { timeZone } = useSiteTimeZone();
  const events = useSecurityEvents(chargerId);
  const rows = events.data?.pages.flatMap((page) => page.events) ?? [];
  return (
    <Stack spacing={2} data-testid="security-events">
      <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('ocppLog.security.at')}</TableCell>
              <TableCell>{t('ocppLog.security.type')}</TableCell>
              <TableCell>{t('ocppLog.security.techInfo')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((e) => (
              <TableRow key={e.id} data-testid="security-event-row">
                <TableCell sx={{ whiteSpace: 'nowrap', fontFamily: 'monospace' }}>
                  {formatLogTime(e.at, timeZone)}
                </TableCell>
                <TableCell>{e.type}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{e.techInfo ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {events.isSuccess && rows.length === 0 && (
        <Typography color="text.secondary">{t('ocppLog.security.empty')}</Typography>
      )}
      {events.hasNextPage && (
        <Button onClick={() => void events.fetchNextPage()} disabled={events.isFetchingNextPage}>
          {t('ocppLog.older')}
        </Button>
      )}
    </Stack>
  );
}
