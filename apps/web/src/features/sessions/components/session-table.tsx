import { Link as RouterLink, useNavigate } from 'react-router';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from '../../../lib/i18n';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import { formatDateTime, formatNumber, noValue } from '../lib/format';
import { SessionCost } from './session-cost';
import { SessionStatusChip } from './session-status-chip';
import {
  AuthorizationChip,
  columns,
  numeric,
  sessionDetailPath,
  sortable,
  SortLabel,
  type SessionTableProps,
} from './session-table-parts';
import { SessionCards } from './session-cards';

export type { SessionSort, SessionTableProps } from './session-table-parts';
export { sessionDetailPath } from './session-table-parts';

/**
 * One row per session; a click opens its detail. Sorting happens on the server. Below `sm` each session is a card
 * with what an installer looks for (energy, cost, status) in sight, and the sort fields above the cards.
 */
export function SessionTable(props: SessionTableProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return phone ? <SessionCards {...props} /> : <SessionWideTable {...props} />;
}

function SessionWideTable({ sessions, sort, onSort }: SessionTableProps) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useSiteTimeZone();
  const navigate = useNavigate();
  const kwh = (value: number) => formatNumber(i18n.language, value, 3, 3);

  return (
    <Table size="small" data-testid="session-list">
      <TableHead>
        <TableRow>
          {columns.map((column) => {
            const field = sortable[column];
            const label = t(`sessions.columns.${column}`);
            return (
              <TableCell
                key={column}
                align={numeric.has(column) ? 'right' : 'left'}
                sortDirection={field === sort.sortBy ? sort.sortOrder : false}
              >
                {field ? <SortLabel field={field} label={label} sort={sort} onSort={onSort} /> : label}
              </TableCell>
            );
          })}
        </TableRow>
      </TableHead>
      <TableBody>
        {sessions.length === 0 && (
          <TableRow>
            <TableCell colSpan={columns.length} align="center" data-testid="session-list-empty">
              {t('sessions.empty')}
            </TableCell>
          </TableRow>
        )}
        {sessions.map((session) => {
          const id = session.orderNo;
          return (
            <TableRow
              key={id}
              hover
              onClick={() => void navigate(sessionDetailPath(id))}
              sx={{ cursor: 'pointer' }}
              data-testid={`session-row-${id}`}
            >
              <TableCell sx={{ fontWeight: 600 }}>
                <Link
                  component={RouterLink}
                  to={sessionDetailPath(id)}
                  underline="hover"
                  onClick={(event) => event.stopPropagation()}
                  data-testid={`session-open-${id}`}
                >
                  {id}
                </Link>
              </TableCell>
              <TableCell data-testid={`session-charger-${id}`}>
                {session.chargerAlias || session.productCode}
                <Typography variant="caption" color="text.secondary" component="div">
                  {session.productCode}
                </Typography>
              </TableCell>
              <TableCell data-testid={`session-start-by-${id}`}>
                {t(`sessions.startBy.${session.startBy}`)}
                {session.cardId && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {session.cardId}
                  </Typography>
                )}
                <AuthorizationChip session={session} />
              </TableCell>
              <TableCell data-testid={`session-card-group-${id}`}>
                {session.cardGroupName ?? noValue}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(i18n.language, session.startTime, timeZone)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {session.endTime ? formatDateTime(i18n.language, session.endTime, timeZone) : noValue}
              </TableCell>
              <TableCell align="right" data-testid={`session-energy-${id}`}>
                {kwh(session.energyKwh)}
              </TableCell>
              <TableCell align="right">
                <SessionCost
                  cost={session.cost}
                  currency={session.currency}
                  estimate={session.status === 'ongoing'}
                  testId={`session-cost-${id}`}
                />
              </TableCell>
              <TableCell>
                <SessionStatusChip status={session.status} testId={`session-status-${id}`} />
              </TableCell>
              <TableCell align="right">{kwh(session.meterValue)}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
