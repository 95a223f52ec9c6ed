import { Fragment, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import type { OcppMessage } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useRevealOnMount } from '../../../lib/reveal';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { exportOcppLog } from '../api/export-ocpp-log';
import { useOcppMessages, type OcppLogFilter } from '../api/get-ocpp-messages';
import { formatLogTime, instantOf } from '../lib/local-time';
import { saveJson } from '../lib/save-json';

export type OcppMessageLogProps = { chargerId: number; productCode: string };

const kindColor = { result: 'success', error: 'error', unanswered: 'default', invalid: 'warning' } as const;

/**
 * A charger's OCPP exchanges both ways, newest first, one line each: who called, the action, how it ended and its
 * round trip, the request and the answer (opened whole in place). Searched by action and time.
 */
export function OcppMessageLog({ chargerId, productCode }: OcppMessageLogProps) {
  const { t } = useTranslation();
  const { timeZone } = useSiteTimeZone();
  const [action, setAction] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  // On a phone the payload of a lower row opens below the fold.
  const revealOnOpen = useRevealOnMount<HTMLTableRowElement>();
  const [exporting, setExporting] = useState(false);
  const filter: OcppLogFilter = {
    action: useDebouncedValue(action, 300),
    from: instantOf(from, timeZone),
    to: instantOf(to, timeZone),
  };
  const log = useOcppMessages(chargerId, filter);
  const messages = log.data?.pages.flatMap((page) => page.messages) ?? [];
  const first = log.data?.pages[0];

  const download = async () => {
    setExporting(true);
    try {
      const file = await exportOcppLog(chargerId, filter);
      saveJson(`ocpp-log-${productCode}.json`, file.messages);
      if (file.truncated) notify({ message: t('ocppLog.exportTruncated'), severity: 'warning' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }} data-testid="ocpp-message-log">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap flexWrap="wrap">
        <TextField
          size="small"
          fullWidth
          sx={{ maxWidth: { sm: 220 } }}
          label={t('ocppLog.filters.action')}
          value={action}
          onChange={(event) => setAction(event.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'ocpp-log-action', maxLength: 60 } }}
        />
        {(['from', 'to'] as const).map((name) => (
          <TextField
            key={name}
            type="datetime-local"
            size="small"
            fullWidth
            sx={{ maxWidth: { sm: 240 } }}
            label={t(`ocppLog.filters.${name}`)}
            value={name === 'from' ? from : to}
            onChange={(event) => (name === 'from' ? setFrom : setTo)(event.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `ocpp-log-${name}` } }}
          />
        ))}
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => void download()}
          disabled={exporting || messages.length === 0}
          data-testid="ocpp-log-export"
        >
          {t('ocppLog.export')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('ocppLog.timeZone', { zone: timeZone })}
        {first && ` · ${t('ocppLog.retention', { count: first.retentionDays })}`}
      </Typography>
      {first && !first.enabled && <Alert severity="info">{t('ocppLog.disabled')}</Alert>}

      <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
        <Table size="small" data-testid="ocpp-log-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('ocppLog.columns.time')}</TableCell>
              <TableCell sx={wide}>{t('ocppLog.columns.direction')}</TableCell>
              <TableCell>{t('ocppLog.columns.action')}</TableCell>
              <TableCell>{t('ocppLog.columns.kind')}</TableCell>
              <TableCell sx={wide}>{t('ocppLog.columns.payload')}</TableCell>
              <TableCell sx={wide}>{t('ocppLog.columns.answer')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {messages.map((m) => (
              <Fragment key={m.id}>
                <TableRow
                  hover
                  onClick={() => setOpen(open === m.id ? null : m.id)}
                  sx={{ cursor: 'pointer' }}
                  data-testid="ocpp-log-row"
                  data-kind={m.kind}
                  data-action={m.action ?? ''}
                  data-direction={m.direction}
                >
                  <TableCell sx={{ fontFamily: 'monospace' }}>
                    {/* On a phone the date goes above the time: the row then fits 390 px without scrolling. */}
                    {formatLogTime(m.at, timeZone)
                      .split(' ')
                      .map((part, i) => (
                        <Box
                          component="span"
                          key={i}
                          sx={{ display: { xs: 'block', md: 'inline' }, whiteSpace: 'nowrap' }}
                        >
                          {i > 0 && (
                            <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
                              {' '}
                            </Box>
                          )}
                          {part}
                        </Box>
                      ))}
                  </TableCell>
                  <TableCell sx={{ ...wide, whiteSpace: 'nowrap' }}>
                    {t(`ocppLog.direction.${m.direction}`)}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'break-word', whiteSpace: { md: 'nowrap' } }}>
                    {m.action ? <CamelWords text={m.action} /> : '—'}
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      sx={{ display: { xs: 'block', md: 'none' } }}
                    >
                      {t(`ocppLog.direction.${m.direction}`)}
                    </Typography>
                    {m.errorCode && (
                      <Typography variant="caption" color="error" display="block">
                        {m.errorCode}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Chip size="small" color={kindColor[m.kind]} label={t(`ocppLog.kind.${m.kind}`)} />
                    {roundTripMs(m) !== null && (
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        display="block"
                        data-testid="ocpp-log-round-trip"
                      >
                        {t('ocppLog.roundTrip', { ms: roundTripMs(m) })}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ ...wide, maxWidth: 150 }}>
                    <Typography variant="body2" noWrap sx={{ fontFamily: 'monospace' }}>
                      {summary(m.payload)}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ ...wide, maxWidth: 150 }}>
                    <Typography variant="body2" noWrap sx={{ fontFamily: 'monospace' }}>
                      {summary(m.answer)}
                    </Typography>
                  </TableCell>
                </TableRow>
                {open === m.id && (
                  <TableRow ref={revealOnOpen}>
                    <TableCell colSpan={6}>
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        display="block"
                        sx={{ wordBreak: 'break-all' }}
                      >
                        {t('ocppLog.messageId', { id: m.messageId })}
                        {m.answeredAt &&
                          ` · ${t('ocppLog.answeredAt', { time: formatLogTime(m.answeredAt, timeZone) })}`}
                      </Typography>
                      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mt: 1 }}>
                        <Box sx={{ flex: 1, minWidth: 0 }}>
                          <Typography variant="overline">{t('ocppLog.columns.payload')}</Typography>
                          <Box component="pre" data-testid="ocpp-log-payload" sx={preStyle}>
                            {m.payload === null
                              ? t('ocppLog.callNotSeen')
                              : JSON.stringify(m.payload, null, 2)}
                          </Box>
                        </Box>
                        {m.kind !== 'invalid' && (
                          <Box sx={{ flex: 1, minWidth: 0 }}>
                            <Typography variant="overline">{t('ocppLog.columns.answer')}</Typography>
                            <Box component="pre" data-testid="ocpp-log-answer" sx={preStyle}>
                              {m.answer === null ? t('ocppLog.noAnswer') : JSON.stringify(m.answer, null, 2)}
                            </Box>
                          </Box>
                        )}
                      </Stack>
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {log.isSuccess && messages.length === 0 && (
        <Typography color="text.secondary" data-testid="ocpp-log-empty">
          {t('ocppLog.empty')}
        </Typography>
      )}
      {log.hasNextPage && (
        <Button onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          {t('ocppLog.older')}
        </Button>
      )}
    </Stack>
  );
}

/** Columns shown from a tablet up: on a phone the direction goes under the action, the payloads open in place. */
const wide = { display: { xs: 'none', md: 'table-cell' } } as const;

const preStyle = { m: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' } as const;

const summary = (payload: unknown) => (payload === null ? '—' : JSON.stringify(payload).slice(0, 200));

/** Milliseconds from the CALL to its answer; null without both. */
const roundTripMs = (m: OcppMessage): number | null =>
  m.answeredAt && m.payload !== null ? Date.parse(m.answeredAt) - Date.parse(m.at) : null;

/**
 * An action name that may break between its words on a phone ("Status|Notification"), never inside one: a narrow
 * column broke "Authorize" into "Authori ze" at any letter.
 */
function CamelWords({ text }: { text: string }) {
  const words = text.split(/(?=[A-Z][a-z])/);
  return (
    <>
      {words.map((word, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {word}
        </Fragment>
      ))}
    </>
  );
}
