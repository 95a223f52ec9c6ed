import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import type { LoadHistory } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { formatAmps, formatTimeIn } from '../lib/format';

export type HistoryChartProps = { history: LoadHistory; phases: 1 | 3; timeZone: string };

const phaseColors = ['#F59E0B', '#6366F1', '#10B981'];

/** The site's measured current per phase over the last 24 hours (the highest of each quarter hour). */
export function HistoryChart({ history, phases, timeZone }: HistoryChartProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  if (history.points.length === 0) {
    return <Typography color="text.secondary">{t('load.history.empty')}</Typography>;
  }
  return (
    <Box data-testid="load-history" data-points={history.points.length}>
      <LineChart
        height={220}
        margin={{ left: 8, right: 8, top: 8, bottom: 8 }}
        skipAnimation
        xAxis={[
          {
            scaleType: 'point',
            data: history.points.map((p) => formatTimeIn(lang, p.at, timeZone)),
          },
        ]}
        yAxis={[{ width: 40 }]}
        series={[0, 1, 2].slice(0, phases).map((p) => ({
          data: history.points.map((point) => point.currentA[p] ?? 0),
          label: `L${p + 1}`,
          color: phaseColors[p],
          showMark: false,
          curve: 'stepAfter' as const,
          valueFormatter: (v: number | null) =>
            v === null ? '' : t('load.units.amps', { value: formatAmps(lang, v) }),
        }))}
      />
    </Box>
  );
}
