import Chip from '@mui/material/Chip';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { SessionItem, SessionSortField } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';

// What the sessions table and its phone cards share: the columns, the sort labels and the refused-card chip.

export type SessionSort = { sortBy: SessionSortField; sortOrder: 'asc' | 'desc' };

export type SessionTableProps = {
  sessions: readonly SessionItem[];
  sort: SessionSort;
  onSort: (sort: SessionSort) => void;
};

export const columns = [
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
export const sortable: Partial<Record<(typeof columns)[number], SessionSortField>> = {
  startTime: 'startTime',
  endTime: 'endTime',
  energy: 'energy',
  cost: 'cost',
};
export const numeric = new Set<string>(['energy', 'cost', 'meterValue']);

export const sessionDetailPath = (orderNo: number) => `/session/detail/${orderNo}`;

export type SortLabelProps = { field: SessionSortField; label: string } & Omit<SessionTableProps, 'sessions'>;

export function SortLabel({ field, label, sort, onSort }: SortLabelProps) {
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
export function AuthorizationChip({ session }: { session: SessionItem }) {
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
