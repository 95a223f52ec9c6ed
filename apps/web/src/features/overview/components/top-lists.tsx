import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { OverviewPeriod } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { formatCount, formatKwh } from '../lib/format';
import { OverviewCard } from './overview-card';

export type TopListsProps = { data: OverviewPeriod };

type Row = { key: string; name: string; sessions: number; energyWh: number };

/** The busiest chargers and cards of the period, by energy. */
export function TopLists({ data }: TopListsProps) {
  const { t } = useTranslation();
  const chargers: Row[] = data.topChargers.map((c) => ({
    key: String(c.chargerId ?? `gone-${c.productCode}`),
    name: c.alias === c.productCode || !c.productCode ? c.alias : `${c.alias} (${c.productCode})`,
    sessions: c.sessions,
    energyWh: c.energyWh,
  }));
  const cards: Row[] = data.topCards.map((c) => ({ key: c.cardId, name: c.cardId, ...c }));
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <TopTable
        title={t('overview.top.chargers')}
        nameLabel={t('overview.top.charger')}
        rows={chargers}
        testId="overview-top-chargers"
      />
      <TopTable
        title={t('overview.top.cards')}
        nameLabel={t('overview.top.card')}
        rows={cards}
        testId="overview-top-cards"
      />
    </Box>
  );
}

function TopTable({
  title,
  nameLabel,
  rows,
  testId,
}: {
  title: string;
  nameLabel: string;
  rows: Row[];
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <OverviewCard title={title} testId={testId}>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{t('overview.noSessions')}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{nameLabel}</TableCell>
              <TableCell align="right">{t('overview.figures.sessions')}</TableCell>
              <TableCell align="right">{t('overview.figures.energy')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.key} data-testid={`${testId}-row`}>
                <TableCell sx={{ wordBreak: 'break-all' }}>{r.name}</TableCell>
                <TableCell align="right">{formatCount(i18n.language, r.sessions)}</TableCell>
                <TableCell align="right">
                  {t('overview.units.kwh', { value: formatKwh(i18n.language, r.energyWh) })}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </OverviewCard>
  );
}
