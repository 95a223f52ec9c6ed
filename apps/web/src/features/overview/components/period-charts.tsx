import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { OverviewPeriod } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { filledSeries, labelStep, widestLabelPx } from '../lib/buckets';
import { formatBucket, formatKwh, formatKwhTick, formatMinor, formatMoneyTick } from '../lib/format';
import { OverviewCard } from './overview-card';

export type PeriodChartsProps = { data: OverviewPeriod };

const energyColor = '#10B981';
const revenueColor = '#6366F1';
const chartHeight = 240;
/** The wider of the two charts' y axes (revenue's), px. */
const widestYAxis = 64;

/** Energy and revenue per day (per hour for one day), and the sessions by how they were started. */
export function PeriodCharts({ data }: PeriodChartsProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const lang = i18n.language;
  const [chartRef, chartPx] = useWidth<HTMLDivElement>();
  const series = filledSeries(data);
  const labels = series.map((s) => formatBucket(lang, s.at, data.bucket));
  const money = (minor: number) => formatMinor(lang, minor, data.currency, data.minorDigits);
  const margin = { left: 8, right: 8, top: 8, bottom: 8 };
  // A label every so many hours or days, in a rhythm (every 3 hours, every week) and as far apart as the chart is
  // wide: left to the charts, labels ran together at 1440 px (4 px apart) and fell on uneven days.
  const labelPx = widestLabelPx(labels, `12px ${theme.typography.fontFamily ?? 'sans-serif'}`);
  const plotPx = chartPx - widestYAxis - margin.left - margin.right;
  const step = labelStep(labels.length, labelPx, plotPx, data.bucket);
  const bandPx = plotPx / Math.max(1, labels.length);
  // Nor a label that would run past the chart's right edge (the chart would cut it to "29. N…").
  const labelled = (index: number) =>
    index % step === 0 && (labels.length - index - 0.5) * bandPx >= labelPx / 2 - margin.right;
  const xAxis = [
    {
      scaleType: 'band' as const,
      data: labels,
      tickLabelMinGap: 12,
      ...(chartPx > 0 && { tickLabelInterval: (_: unknown, index: number) => labelled(index) }),
    },
  ];
  const maxKwh = Math.max(0, ...series.map((s) => s.energyWh / 1000));
  const maxAmount = Math.max(0, ...series.map((s) => s.grossMinor / 10 ** data.minorDigits));
  const unit = data.bucket === 'hour' ? t('overview.charts.perHour') : t('overview.charts.perDay');
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 2fr 1.3fr' } }}>
      <OverviewCard title={`${t('overview.charts.energy')} · ${unit}`} testId="overview-chart-energy">
        <Box
          ref={chartRef}
          data-testid="overview-chart-energy-data"
          data-points={series.length}
          data-total={series.reduce((a, s) => a + s.energyWh, 0)}
        >
          <BarChart
            height={chartHeight}
            margin={margin}
            hideLegend
            skipAnimation
            xAxis={xAxis}
            yAxis={[{ width: 48, valueFormatter: (v: number) => formatKwhTick(lang, v, maxKwh) }]}
            series={[
              {
                data: series.map((s) => s.energyWh / 1000),
                label: t('overview.charts.energy'),
                color: energyColor,
                valueFormatter: (v) =>
                  v === null ? '' : t('overview.units.kwh', { value: formatKwh(lang, v * 1000) }),
              },
            ]}
          />
        </Box>
      </OverviewCard>
      <OverviewCard title={`${t('overview.charts.revenue')} · ${unit}`} testId="overview-chart-revenue">
        <Box
          data-testid="overview-chart-revenue-data"
          data-points={series.length}
          data-total={series.reduce((a, s) => a + s.grossMinor, 0)}
        >
          <BarChart
            height={chartHeight}
            margin={margin}
            hideLegend
            skipAnimation
            xAxis={xAxis}
            yAxis={[
              {
                width: widestYAxis,
                valueFormatter: (v: number) =>
                  formatMoneyTick(lang, v, data.currency, maxAmount, data.minorDigits),
              },
            ]}
            series={[
              {
                data: series.map((s) => s.grossMinor / 10 ** data.minorDigits),
                label: t('overview.charts.revenue'),
                color: revenueColor,
                valueFormatter: (v, { dataIndex }) =>
                  v === null ? '' : money(series[dataIndex]?.grossMinor ?? 0),
              },
            ]}
          />
        </Box>
      </OverviewCard>
      <OverviewCard title={t('overview.charts.startBy')} testId="overview-chart-start-by">
        {data.byStartBy.length === 0 ? (
          <Typography color="text.secondary">{t('overview.noSessions')}</Typography>
        ) : (
          <PieChart
            height={chartHeight}
            skipAnimation
            series={[
              {
                innerRadius: 40,
                paddingAngle: 1,
                data: data.byStartBy.map((s) => ({
                  id: s.startBy,
                  value: s.sessions,
                  label: t(`sessions.startBy.${s.startBy}`),
                })),
              },
            ]}
          />
        )}
      </OverviewCard>
    </Box>
  );
}

/** The width of an element as it is laid out, followed as it changes (0 before it is). */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}
