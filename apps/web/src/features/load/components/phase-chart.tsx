import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import type { LoadDetail } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { formatAmps } from '../lib/format';

export type PhaseChartProps = { phases: LoadDetail['phases'] };

const colors = { limit: '#94A3B8', allocated: '#6366F1', measured: '#10B981' };

/** The chart's least height, px: what it takes on a phone, or beside a short column. */
const phaseChartMinHeight = 240;

/**
 * Per site phase: its limit now, what the chargers were given, and what they draw. It grows to the height its
 * parent column gives it (beside the capacity and schedule cards on a desktop), never below its least height.
 */
export function PhaseChart({ phases }: PhaseChartProps) {
  const { t, i18n } = useTranslation();
  const amps = (v: number | null) =>
    v === null ? '' : t('load.units.amps', { value: formatAmps(i18n.language, v) });
  const join = (pick: (p: LoadDetail['phases'][number]) => number) => phases.map(pick).join(',');
  return (
    <Box
      data-testid="load-chart"
      data-limit={join((p) => p.limitA)}
      data-allocated={join((p) => p.allocatedA)}
      data-measured={join((p) => p.measuredA)}
      sx={{ flex: 1, minHeight: phaseChartMinHeight, position: 'relative' }}
    >
      {/* Placed on the box's area: the chart, without a height of its own, fills it as it grows or shrinks. */}
      <Box sx={{ position: 'absolute', inset: 0 }}>
        <BarChart
          margin={{ left: 8, right: 8, top: 8, bottom: 8 }}
          skipAnimation
          xAxis={[{ scaleType: 'band', data: phases.map((p) => p.phase) }]}
          yAxis={[{ width: 40 }]}
          series={[
            {
              data: phases.map((p) => p.limitA),
              label: t('load.chart.limit'),
              color: colors.limit,
              valueFormatter: amps,
            },
            {
              data: phases.map((p) => p.allocatedA + p.reservedA),
              label: t('load.chart.allocated'),
              color: colors.allocated,
              valueFormatter: amps,
            },
            {
              data: phases.map((p) => p.measuredA),
              label: t('load.chart.measured'),
              color: colors.measured,
              valueFormatter: amps,
            },
          ]}
        />
      </Box>
    </Box>
  );
}
