import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../lib/i18n';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import { formatDateTime, formatNumber } from '../lib/format';
import { SessionCost } from './session-cost';
import { SessionStatusChip } from './session-status-chip';
import {
  AuthorizationChip,
  columns,
  sessionDetailPath,
  sortable,
  SortLabel,
  type SessionTableProps,
} from './session-table-parts';

/** Below `sm`: a card per session with what an installer looks for in sight, the sort fields above the cards. */
export function SessionCards({ sessions, sort, onSort }: SessionTableProps) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useSiteTimeZone();
  const kwh = (value: number) => formatNumber(i18n.language, value, 3, 3);
  return (
    <Box data-testid="session-list">
      <Stack
        direction="row"
        useFlexGap
        role="group"
        aria-labelledby="session-sort-heading"
        sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5, px: 2, py: 1 }}
      >
        <Typography
          id="session-sort-heading"
          variant="body2"
          color="text.secondary"
          data-testid="session-sort-heading"
        >
          {t('sessions.sortBy')}
        </Typography>
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
