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
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Charger } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { formatNumber, noValue } from '../lib/format';
import { ChargerStatusChip } from './charger-status-chip';

export type ChargerTableProps = {
  chargers: readonly Charger[];
  selectedId: number | null;
  onOpen: (charger: Charger) => void;
};

const columns = [
  'productCode',
  'alias',
  'status',
  'model',
  'ratedPower',
  'current',
  'firmware',
  'session',
] as const;

/** The chargers of a page; a click opens one. Below `sm` each charger is a card, so nothing needs a sideways scroll. */
export function ChargerTable(props: ChargerTableProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return phone ? <ChargerCards {...props} /> : <ChargerWideTable {...props} />;
}

function useFigures() {
  const { t, i18n } = useTranslation();
  const number = (value: number, decimals?: number) => formatNumber(i18n.language, value, decimals);
  const session = (charger: Charger) =>
    charger.ongoingSession
      ? t('chargers.sessionSummary', {
          id: charger.ongoingSession.id,
          energy: number(charger.ongoingSession.energyWh / 1000, 3),
        })
      : noValue;
  return { t, number, session };
}

/** What an installer looks for on a phone: which charger, its whole status, and what it is charging now. */
function ChargerCards({ chargers, selectedId, onOpen }: ChargerTableProps) {
  const { t, number, session } = useFigures();
  return (
    <List disablePadding data-testid="charger-list">
      {chargers.length === 0 && (
        <ListItem sx={{ justifyContent: 'center' }} data-testid="charger-list-empty">
          {t('chargers.empty')}
        </ListItem>
      )}
      {chargers.map((charger) => (
        <ListItemButton
          key={charger.id}
          divider
          selected={charger.id === selectedId}
          onClick={() => onOpen(charger)}
          sx={{ display: 'block' }}
          data-testid={`charger-row-${charger.productCode}`}
        >
          <Stack direction="row" spacing={1} alignItems="flex-start" justifyContent="space-between">
            <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              <Typography sx={{ fontWeight: 600 }}>{charger.alias || charger.productCode}</Typography>
              <Typography variant="body2" color="text.secondary">
                {charger.productCode}
              </Typography>
            </Box>
            <Box sx={{ flexShrink: 0 }}>
              <ChargerStatusChip status={charger.status} testId={`charger-status-${charger.productCode}`} />
            </Box>
          </Stack>
          {charger.ongoingSession && (
            <Stack direction="row" spacing={2} sx={{ mt: 0.5 }}>
              <Typography variant="body2" data-testid={`charger-session-${charger.productCode}`}>
                {session(charger)}
              </Typography>
              {charger.totalCurrentA !== null && (
                <Typography
                  variant="body2"
                  color="text.secondary"
                  data-testid={`charger-current-${charger.productCode}`}
                >
                  {t('chargers.units.amperes', { value: number(charger.totalCurrentA) })}
                </Typography>
              )}
            </Stack>
          )}
        </ListItemButton>
      ))}
    </List>
  );
}

function ChargerWideTable({ chargers, selectedId, onOpen }: ChargerTableProps) {
  const { t, number, session } = useFigures();

  return (
    <Table size="small" data-testid="charger-list">
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column}>{t(`chargers.columns.${column}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {chargers.length === 0 && (
          <TableRow>
            <TableCell colSpan={columns.length} align="center" data-testid="charger-list-empty">
              {t('chargers.empty')}
            </TableCell>
          </TableRow>
        )}
        {chargers.map((charger) => (
          <TableRow
            key={charger.id}
            hover
            selected={charger.id === selectedId}
            onClick={() => onOpen(charger)}
            sx={{ cursor: 'pointer' }}
            data-testid={`charger-row-${charger.productCode}`}
          >
            <TableCell sx={{ fontWeight: 600 }}>
              {/* The row is clickable; the link makes it reachable by keyboard too. */}
              <Link
                component="button"
                underline="hover"
                onClick={(event) => {
                  event.stopPropagation();
                  onOpen(charger);
                }}
                data-testid={`charger-open-${charger.productCode}`}
              >
                {charger.productCode}
              </Link>
            </TableCell>
            <TableCell>{charger.alias}</TableCell>
            <TableCell>
              <ChargerStatusChip status={charger.status} testId={`charger-status-${charger.productCode}`} />
            </TableCell>
            <TableCell>{charger.modelName ?? noValue}</TableCell>
            <TableCell>
              {charger.ratedPowerW === null
                ? noValue
                : t('chargers.units.kilowatts', { value: number(charger.ratedPowerW / 1000) })}
            </TableCell>
            <TableCell>
              {charger.totalCurrentA === null
                ? noValue
                : t('chargers.units.amperes', { value: number(charger.totalCurrentA) })}
            </TableCell>
            <TableCell>{charger.firmwareVersion ?? noValue}</TableCell>
            <TableCell data-testid={`charger-session-${charger.productCode}`}>{session(charger)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
