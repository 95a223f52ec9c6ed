import { useState, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { linearScale, niceTicks, timeTicks } from './chart-scale';
import { useElementWidth } from './use-element-width';

// A small SVG line chart over time with a left and a right axis: a few kilobytes instead of a chart library.

export type ChartPoint = { x: number; y: number };
export type ChartSeries = {
  id: string;
  label: string;
  color: string;
  axis: 'left' | 'right';
  /** Sorted by x (ms since the epoch). */
  points: readonly ChartPoint[];
  /** A value with its unit, for the readout under the chart. */
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
  /** Local minus UTC at the chart's start, to put time ticks on round local times. */
  offsetMs?: number;
};

const height = 280;
const pad = { left: 56, right: 56, top: 20, bottom: 32 };
/** The point of `points` nearest to `x` (binary search). */
function nearest(points: readonly ChartPoint[], x: number): ChartPoint | undefined {
  let lo = 0;
  let hi = points.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((points[mid]?.x ?? 0) < x) lo = mid;
    else hi = mid;
  }
  const a = points[lo];
  const b = points[hi];
  if (!a || !b) return a ?? b;
  return x - a.x <= b.x - x ? a : b;
}

export function LineChart({
  series,
  formatX,
  formatTick = String,
  ariaLabel,
  leftTitle,
  rightTitle,
  testId = 'line-chart',
  offsetMs,
}: LineChartProps) {
  const [hoverX, setHoverX] = useState<number | null>(null);
  const { ref, width } = useElementWidth(720);
  const plot = { x0: pad.left, x1: width - pad.right, y0: height - pad.bottom, y1: pad.top };
  const all = series.flatMap((s) => s.points);
  const xs = all.map((p) => p.x);
  const xMin = Math.min(...xs);
  const xMax = Math.max(...xs);
  const x = linearScale([xMin, xMax], [plot.x0, plot.x1]);
  const offset = offsetMs ?? -new Date(Number.isFinite(xMin) ? xMin : 0).getTimezoneOffset() * 60_000;
  const axes = (['left', 'right'] as const).map((axis) => {
    const ys = series.filter((s) => s.axis === axis).flatMap((s) => s.points.map((p) => p.y));
    const ticks = niceTicks(Math.min(0, ...ys), Math.max(...ys, 0), 5);
    return { axis, ticks, y: linearScale([ticks.min, ticks.max], [plot.y0, plot.y1]) };
  });
  const [left, right] = axes as [(typeof axes)[0], (typeof axes)[0]];
  const scaleOf = (axis: 'left' | 'right') => (axis === 'left' ? left.y : right.y);
  const xTicks = all.length > 0 ? timeTicks(xMin, xMax, 6, offset) : [];

  const onMove = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const viewX = ((event.clientX - box.left) / box.width) * width;
    const clamped = Math.min(plot.x1, Math.max(plot.x0, viewX));
    setHoverX(xMin + ((clamped - plot.x0) / (plot.x1 - plot.x0)) * (xMax - xMin || 0));
  };
  const hovered =
    hoverX === null ? [] : series.map((s) => ({ s, p: nearest(s.points, hoverX) })).filter((h) => h.p);

  return (
    <Box data-testid={testId} ref={ref}>
      <Box
        component="svg"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={ariaLabel}
        onPointerMove={onMove}
        onPointerLeave={() => setHoverX(null)}
        sx={{ width: '100%', height: 'auto', display: 'block', fontSize: 12, fontFamily: 'inherit' }}
      >
        {left.ticks.values.map((value) => (
          <g key={`l${value}`}>
            <line x1={plot.x0} x2={plot.x1} y1={left.y(value)} y2={left.y(value)} stroke="#e5e7eb" />
            <text x={plot.x0 - 6} y={left.y(value) + 4} textAnchor="end" fill="#6b7280">
              {formatTick(value)}
            </text>
          </g>
        ))}
        {right.ticks.values.map((value) => (
          <text key={`r${value}`} x={plot.x1 + 6} y={right.y(value) + 4} fill="#6b7280">
            {formatTick(value)}
          </text>
        ))}
        {xTicks.map((tick) => (
          <g key={tick}>
            <line x1={x(tick)} x2={x(tick)} y1={plot.y0} y2={plot.y0 + 4} stroke="#9ca3af" />
            <text x={x(tick)} y={plot.y0 + 18} textAnchor="middle" fill="#6b7280">
              {formatX(tick)}
            </text>
          </g>
        ))}
        <line x1={plot.x0} x2={plot.x1} y1={plot.y0} y2={plot.y0} stroke="#9ca3af" />
        {leftTitle && (
          <text x={plot.x0} y={12} textAnchor="end" fill="#374151" fontWeight={600}>
            {leftTitle}
          </text>
        )}
        {rightTitle && (
          <text x={plot.x1} y={12} fill="#374151" fontWeight={600}>
            {rightTitle}
          </text>
        )}
        {series.map((s) => (
          <polyline
            key={s.id}
            data-testid={`${testId}-series-${s.id}`}
            data-count={s.points.length}
            fill="none"
            stroke={s.color}
            strokeWidth={2}
            strokeLinejoin="round"
            points={s.points.map((p) => `${x(p.x).toFixed(1)},${scaleOf(s.axis)(p.y).toFixed(1)}`).join(' ')}
          />
        ))}
        {series.map((s) =>
          // A lone reading draws no line: a dot shows it.
          s.points.length === 1 && s.points[0] ? (
            <circle
              key={`${s.id}-dot`}
              cx={x(s.points[0].x)}
              cy={scaleOf(s.axis)(s.points[0].y)}
              r={3}
              fill={s.color}
            />
          ) : null,
        )}
        {hoverX !== null && hovered.length > 0 && (
          <g data-testid={`${testId}-hover`} pointerEvents="none">
            <line
              x1={x(hoverX)}
              x2={x(hoverX)}
              y1={plot.y0}
              y2={plot.y1}
              stroke="#9ca3af"
              strokeDasharray="3 3"
            />
            {hovered.map(({ s, p }) =>
              p ? <circle key={s.id} cx={x(p.x)} cy={scaleOf(s.axis)(p.y)} r={3.5} fill={s.color} /> : null,
            )}
          </g>
        )}
      </Box>
      <Stack direction="row" spacing={3} justifyContent="center" sx={{ mt: 1, flexWrap: 'wrap' }}>
        {series.map((s) => {
          const p = hoverX === null ? undefined : nearest(s.points, hoverX);
          return (
            <Stack key={s.id} direction="row" spacing={1} alignItems="center">
              <Box sx={{ width: 16, height: 3, bgcolor: s.color, borderRadius: 1 }} />
              <Typography variant="body2">
                {s.label}
                {p && ` · ${s.format(p.y)} · ${formatX(p.x)}`}
              </Typography>
            </Stack>
          );
        })}
      </Stack>
    </Box>
  );
}
