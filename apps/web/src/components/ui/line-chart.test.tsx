import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LineChart, type ChartSeries } from './line-chart';

const minute = 60_000;
const start = Date.UTC(2025, 0, 1, 22, 30);
const series = (id: string, axis: 'left' | 'right', ys: number[]): ChartSeries => ({
  id,
  label: id,
  color: '#000',
  axis,
  points: ys.map((y, i) => ({ x: start + i * 10 * minute, y })),
  format: (y) => `${y} ${id}`,
});

function points(testId: string): [number, number][] {
  const line = screen.getByTestId(testId);
  return (line.getAttribute('points') ?? '')
    .split(' ')
    .map((pair) => pair.split(',').map(Number) as [number, number]);
}

describe('line chart', () => {
  it('draws each series against its own axis inside the plot', () => {
    render(
      <LineChart
        ariaLabel="chart"
        formatX={(x) => new Date(x).toISOString().slice(11, 16)}
        series={[series('power', 'left', [0, 7.4, 7.4, 0]), series('energy', 'right', [0, 1.2, 2.4, 2.4])]}
      />,
    );
    expect(screen.getByTestId('line-chart-series-power').dataset.count).toBe('4');
    const power = points('line-chart-series-power');
    const energy = points('line-chart-series-energy');
    // x: first reading at the left edge of the plot, last at the right edge.
    expect(power[0]?.[0]).toBe(56);
    expect(power[3]?.[0]).toBe(664);
    // y: zero on the baseline; each maximum below its axis top (8 kW and 3 kWh are the round tops).
    expect(power[0]?.[1]).toBe(248);
    expect(power[1]?.[1]).toBeCloseTo(248 - (7.4 / 8) * 228, 1);
    expect(energy[2]?.[1]).toBeCloseTo(248 - (2.4 / 3) * 228, 1);
    expect(screen.getByRole('img', { name: 'chart' })).toBeTruthy();
  });

  it('reads out the values nearest to the pointer', () => {
    render(
      <LineChart
        ariaLabel="chart"
        formatX={(x) => new Date(x).toISOString().slice(11, 16)}
        series={[series('power', 'left', [0, 7.4, 7.4, 0])]}
      />,
    );
    const svg = screen.getByRole('img', { name: 'chart' });
    svg.getBoundingClientRect = () => ({ left: 0, width: 720, top: 0, height: 280 }) as DOMRect;
    fireEvent.pointerMove(svg, { clientX: 260 });
    expect(screen.getByText('power · 7.4 power · 22:40')).toBeTruthy();
  });
});
