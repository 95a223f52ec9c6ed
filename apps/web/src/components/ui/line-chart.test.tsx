import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alignSeries, LineChart, type ChartSeries } from './line-chart';

const minute = 60_000;
const start = Date.UTC(2025, 0, 1, 22, 30);
const series = (id: string, axis: 'left' | 'right', ys: number[], every = 10): ChartSeries => ({
  id,
  label: id,
  color: '#000',
  axis,
  points: ys.map((y, i) => ({ x: start + i * every * minute, y })),
  format: (y) => `${y} ${id}`,
});

/** The points of an SVG path (absolute M/L/H/V commands, as d3-shape writes them). */
function pathPoints(d: string): [number, number][] {
  const points: [number, number][] = [];
  let [x, y] = [0, 0];
  for (const [, cmd, args] of d.matchAll(/([MLHVZ])([^MLHVZ]*)/g)) {
    const n = (args ?? '').split(/[ ,]+/).filter(Boolean).map(Number);
    if (cmd === 'M' || cmd === 'L') [x, y] = [n[0] ?? x, n[1] ?? y];
    if (cmd === 'H') x = n[0] ?? x;
    if (cmd === 'V') y = n[0] ?? y;
    if (cmd !== 'Z') points.push([x, y]);
  }
  return points;
}

describe('line chart', () => {
  it('puts the series on one time axis, each holding its readings between its own times', () => {
    const { xs, data } = alignSeries([
      series('power', 'left', [7, 7], 10),
      series('energy', 'right', [0, 1, 2], 5),
    ]);
    expect(xs).toEqual([start, start + 5 * minute, start + 10 * minute]);
    expect(data).toEqual([
      [7, null, 7],
      [0, 1, 2],
    ]);
  });

  it('holds a steady 12 kW until the session ends, then drops: steps, never a ramp', () => {
    const { container } = render(
      <LineChart
        ariaLabel="chart"
        formatX={(x) => new Date(x).toISOString().slice(11, 16)}
        series={[series('power', 'left', [12, 12, 12, 0])]}
      />,
    );
    const lines = [...container.querySelectorAll('path')]
      .map((p) => p.getAttribute('d') ?? '')
      .filter((d) => d.startsWith('M'))
      .map(pathPoints)
      .filter((points) => points.length > 1);
    expect(lines).toHaveLength(1);
    const points = lines[0] ?? [];
    // Every segment is flat or upright (a slope would be a ramp the charger never drew)...
    for (const [i, [x, y]] of points.slice(1).entries()) {
      const [px, py] = points[i] ?? [x, y];
      expect(x === px || y === py, `segment ${i}`).toBe(true);
    }
    // ...and 12 kW holds up to the last reading's time, where the line drops to 0.
    const [lastX, lastY] = points.at(-1) ?? [0, 0];
    const [beforeX, beforeY] = points.at(-2) ?? [0, 0];
    expect(beforeX).toBe(lastX);
    expect(beforeY).toBe(points[0]?.[1]);
    expect(lastY).toBeGreaterThan(beforeY);
    expect(screen.getByRole('img', { name: 'chart' })).toBeTruthy();
  });

  it('names each series with its newest value and how many readings it shows', () => {
    render(
      <LineChart
        ariaLabel="chart"
        formatX={(x) => new Date(x).toISOString().slice(11, 16)}
        series={[series('power', 'left', [0, 7.4, 7.4, 0])]}
      />,
    );
    expect(screen.getByTestId('line-chart-series-power').dataset.count).toBe('4');
    expect(screen.getByText('power · 0 power · 23:00')).toBeTruthy();
  });
});
