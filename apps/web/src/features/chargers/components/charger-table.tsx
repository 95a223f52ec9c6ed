import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
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

export function ChargerTable({ chargers, selectedId, onOpen }: ChargerTableProps) {
  const { t, i18n } = useTranslation();
  const number = (value: number, decimals?: number) => formatNumber(i18n.language, value, decimals);

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
            <TableCell data-testid={`charger-session-${charger.productCode}`}>
              {charger.ongoingSession
                ? t('chargers.sessionSummary', {
                    id: charger.ongoingSession.id,
                    energy: number(charger.ongoingSession.energyWh / 1000, 3),
                  })
                : noValue}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
