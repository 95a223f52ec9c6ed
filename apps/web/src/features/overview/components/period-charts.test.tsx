import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aPeriod } from '../testing';
import { PeriodCharts } from './period-charts';

/** The labels on a chart's value axis, bottom to top. */
function valueTicks(chart: 'energy' | 'revenue'): string[] {
  const box = screen.getByTestId(`overview-chart-${chart}-data`);
  const labels = [...box.querySelectorAll('.MuiChartsAxis-left .MuiChartsAxis-tickLabel')];
  return labels.map((label) => label.textContent ?? '');
}

const energyTicks = () => valueTicks('energy');
const revenueTicks = () => valueTicks('revenue');

describe('period charts', () => {
  it("labels a busy day's energy ticks in whole kWh", () => {
    render(<PeriodCharts data={aPeriod()} />);
    expect(energyTicks()).toEqual(['0', '10', '20', '30', '40']);
  });

  it('labels every energy tick differently on a day of under 1 kWh', () => {
    render(
      <PeriodCharts
        data={aPeriod({
          series: [{ at: '2026-03-10T08:00', sessions: 1, energyWh: 700, netMinor: 100, grossMinor: 121 }],
        })}
      />,
    );
    // Whole kWh read 0, 0, 0, 1, 1.
    expect(energyTicks()).toEqual(['0', '0.2', '0.4', '0.6', '0.8']);
  });

  it("labels a busy day's revenue ticks in whole euros", () => {
    render(<PeriodCharts data={aPeriod()} />);
    expect(revenueTicks()).toEqual(['€0', '€5,000', '€10,000']);
  });

  it('labels every revenue tick differently on a day of under €1', () => {
    render(
      <PeriodCharts
        data={aPeriod({
          series: [{ at: '2026-03-10T08:00', sessions: 1, energyWh: 700, netMinor: 66, grossMinor: 80 }],
        })}
      />,
    );
    const ticks = revenueTicks();
    // Whole euros read €0, €0, €0, €1, €1.
    expect(new Set(ticks).size).toBe(ticks.length);
    expect(ticks).toEqual(['€0.00', '€0.20', '€0.40', '€0.60', '€0.80']);
  });

  it('labels revenue ticks with whole cents on a day of €1.40', () => {
    render(
      <PeriodCharts
        data={aPeriod({
          series: [{ at: '2026-03-10T08:00', sessions: 1, energyWh: 7_000, netMinor: 116, grossMinor: 140 }],
        })}
      />,
    );
    // Whole euros read €0, €1, €1, €2; one decimal would read €0.5.
    expect(revenueTicks()).toEqual(['€0.00', '€0.50', '€1.00', '€1.50']);
  });
});
