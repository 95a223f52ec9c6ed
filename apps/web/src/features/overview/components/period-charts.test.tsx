import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aPeriod } from '../testing';
import { PeriodCharts } from './period-charts';

/** The labels on the energy chart's value axis, bottom to top. */
function energyTicks(): string[] {
  const chart = screen.getByTestId('overview-chart-energy-data');
  const labels = [...chart.querySelectorAll('.MuiChartsAxis-left .MuiChartsAxis-tickLabel')];
  return labels.map((label) => label.textContent ?? '');
}

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
});
