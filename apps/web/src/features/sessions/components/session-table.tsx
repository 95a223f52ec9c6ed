import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import Chip from '@mui/material/Chip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { SessionItem, SessionSortField } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import { formatDateTime, formatNumber, noValue } from '../lib/format';
import { SessionCost } from './session-cost';
import { SessionStatusChip } from './session-status-chip';

export type SessionSort = { sortBy: SessionSortField; sortOrder: 'asc' | 'desc' };

export type SessionTableProps = {
  sessions: readonly SessionItem[];
  sort: SessionSort;
  onSort: (sort: SessionSort) => void;
};

const columns = [
  'orderNo',
  'charger',
  'startBy',
  'cardGroup',
  'startTime',
  'endTime',
  'energy',
  'cost',
  'status',
  'meterValue',
] as const;
const sortable: Partial<Record<(typeof columns)[number], SessionSortField>> = {
  startTime: 'startTime',
  endTime: 'endTime',
  energy: 'energy',
  cost: 'cost',
};
const numeric = new Set<string>(['energy', 'cost', 'meterValue']);

export const sessionDetailPath = (orderNo: number) => `/session/detail/${orderNo}`;

/**
 * One row per session; a click opens its detail. Sorting happens on the server. Below `sm` each session is a card
 * with what an installer looks for (energy, cost, status) in sight, and the sort fields above the cards.
 */
export function SessionTable(props: SessionTableProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return phone ? <SessionCards {...props} /> : <SessionWideTable {...props} />;
}

type SortLabelProps = { field: SessionSortField; label: string } & Omit<SessionTableProps, 'sessions'>;

function SortLabel({ field, label, sort, onSort }: SortLabelProps) {
  return (
    <TableSortLabel
      active={field === sort.sortBy}
      direction={field === sort.sortBy ? sort.sortOrder : 'desc'}
      onClick={() =>
        onSort({
          sortBy: field,
          sortOrder: field === sort.sortBy && sort.sortOrder === 'desc' ? 'asc' : 'desc',
        })
      }
      data-testid={`session-sort-${field}`}
    >
      {label}
    </TableSortLabel>
  );
}

/** The card-group check refused the card but the charger charged anyway: the operator should see it. */
function AuthorizationChip({ session }: { session: SessionItem }) {
  const { t } = useTranslation();
  if (session.authorization === 'Accepted') return null;
  return (
    <Chip
      size="small"
      color={session.authorization === 'ConcurrentTx' ? 'warning' : 'error'}
      variant="outlined"
      label={t(`sessions.authorization.${session.authorization}`)}
      data-testid={`session-authorization-${session.orderNo}`}
      data-authorization={session.authorization}
      sx={{ mt: 0.5 }}
    />
  );
}

function SessionCards({ sessions, sort, onSort }: SessionTableProps) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useSiteTimeZone();
  const kwh = (value: number) => formatNumber(i18n.language, value, 3, 3);
  return (
    <Box data-testid="session-list">
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, px: 2, py: 1 }}>
        {columns.map((column) => {
          const field = sortable[column];
          return (
            field && (
              <SortLabel
                key={field}
                field={field}
                label={t(`sessions.columns.${column}`)}
                sort={sort}
                onSort={onSort}
              />
            )
          );
        })}
      </Stack>
      <List disablePadding sx={{ borderTop: 1, borderColor: 'divider' }}>
        {sessions.length === 0 && (
          <ListItem sx={{ justifyContent: 'center' }} data-testid="session-list-empty">
            {t('sessions.empty')}
          </ListItem>
        )}
        {sessions.map((session) => {
          const id = session.orderNo;
          return (
            <ListItemButton
              key={id}
              divider
              component={RouterLink}
              to={sessionDetailPath(id)}
              sx={{ display: 'block' }}
              data-testid={`session-row-${id}`}
            >
              <Stack direction="row" spacing={1} alignItems="flex-start" justifyContent="space-between">
                <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Typography component="span" sx={{ fontWeight: 600, mr: 1 }}>
                    {id}
                  </Typography>
                  <Typography component="span" data-testid={`session-charger-${id}`}>
                    {session.chargerAlias || session.productCode}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {formatDateTime(i18n.language, session.startTime, timeZone)}
                  </Typography>
                </Box>
                <Box sx={{ flexShrink: 0 }}>
                  <SessionStatusChip status={session.status} testId={`session-status-${id}`} />
                </Box>
              </Stack>
              <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 0.5 }}>
                <Typography variant="body2" data-testid={`session-energy-${id}`}>
                  {t('sessions.units.kwh', { value: kwh(session.energyKwh) })}
                </Typography>
                <Typography variant="body2" component="div">
                  <SessionCost
                    cost={session.cost}
                    currency={session.currency}
                    estimate={session.status === 'ongoing'}
                    testId={`session-cost-${id}`}
                  />
                </Typography>
              </Stack>
              <AuthorizationChip session={session} />
            </ListItemButton>
          );
        })}
      </List>
    </Box>
  );
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
