import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LineChart as MuiLineChart } from '@mui/x-charts/LineChart';
import { useElementWidth } from './use-element-width';

// A line chart over time with a left and a right axis, on @mui/x-charts (loaded with the routes that draw one).
// Readings are samples of a value that holds until the next one (a meter's power or register): each line is drawn
// as steps (sample-and-hold), so a steady 12 kW until the end stays flat instead of sloping towards the next value.

export type ChartPoint = { x: number; y: number };
export type ChartSeries = {
  id: string;
  label: string;
  color: string;
  axis: 'left' | 'right';
  /** Sorted by x (ms since the epoch). */
  points: readonly ChartPoint[];
  /** A value with its unit, for the tooltip and the legend. */
  format: (y: number) => string;
};

export type LineChartProps = {
  series: readonly ChartSeries[];
  formatX: (x: number) => string;
  /** The numbers on the two value axes (their units are in the titles). */
  formatTick?: (value: number) => string;
  ariaLabel: string;
  leftTitle?: string;
  rightTitle?: string;
  testId?: string;
};

const height = 280;

/**
 * The series on one shared x axis (the union of their times): a series without a reading at a time has null there,
 * bridged by `connectNulls`, so its step holds its last reading until its next one.
 */
export function alignSeries(series: readonly ChartSeries[]): { xs: number[]; data: (number | null)[][] } {
  const xs = [...new Set(series.flatMap((s) => s.points.map((p) => p.x)))].sort((a, b) => a - b);
  const data = series.map((s) => {
    const at = new Map(s.points.map((p) => [p.x, p.y]));
    return xs.map((x) => at.get(x) ?? null);
  });
  return { xs, data };
}

export function LineChart({
  series,
  formatX,
  formatTick = String,
  ariaLabel,
  leftTitle,
  rightTitle,
  testId = 'line-chart',
}: LineChartProps) {
  const { ref, width } = useElementWidth(720);
  const { xs, data } = alignSeries(series);
  const used = (axis: 'left' | 'right') => series.some((s) => s.axis === axis);
  return (
    <Box data-testid={testId} ref={ref}>
      <Box role="img" aria-label={ariaLabel}>
        <MuiLineChart
          width={width}
          height={height}
          skipAnimation
          hideLegend
          margin={{ left: 8, right: 8, top: 24, bottom: 8 }}
          xAxis={[
            {
              id: 'time',
              data: xs,
              scaleType: 'time',
              valueFormatter: (x: number | Date) => formatX(Number(x)),
              tickNumber: 6,
            },
          ]}
          yAxis={[
            {
              id: 'left',
              position: used('left') ? 'left' : 'none',
              label: leftTitle,
              valueFormatter: formatTick,
              min: 0,
            },
            {
              id: 'right',
              position: used('right') ? 'right' : 'none',
              label: rightTitle,
              valueFormatter: formatTick,
              min: 0,
            },
          ]}
          series={series.map((s, i) => ({
            id: s.id,
            label: s.label,
            color: s.color,
            yAxisId: s.axis,
            data: data[i] ?? [],
            curve: 'stepAfter',
            connectNulls: true,
            // A lone reading draws no line: its mark shows it.
            showMark: s.points.length === 1,
            valueFormatter: (y: number | null) => (y === null ? null : s.format(y)),
          }))}
        />
      </Box>
      <Stack direction="row" spacing={3} justifyContent="center" sx={{ mt: 1, flexWrap: 'wrap' }}>
        {series.map((s) => {
          const last = s.points.at(-1);
          return (
            <Stack
              key={s.id}
              direction="row"
              spacing={1}
              alignItems="center"
              data-testid={`${testId}-series-${s.id}`}
              data-count={s.points.length}
            >
              <Box sx={{ width: 16, height: 3, bgcolor: s.color, borderRadius: 1 }} />
              <Typography variant="body2">
                {s.label}
                {last && ` · ${s.format(last.y)} · ${formatX(last.x)}`}
              </Typography>
            </Stack>
          );
        })}
      </Stack>
    </Box>
  );
}
