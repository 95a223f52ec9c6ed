import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chargerStatuses, type ChargerStatus } from '@plugboard/contract';
import { changeLanguage } from '../../../lib/i18n';
import { ChargerStatusChip } from './charger-status-chip';

const expected: Record<ChargerStatus, [label: string, colour: string]> = {
  offline: ['Offline', 'default'],
  online: ['Online', 'success'],
  ready: ['Ready', 'success'],
  available: ['Available', 'success'],
  charging: ['Charging', 'primary'],
  queuing: ['Queuing', 'warning'],
  waitingForEv: ['Waiting for EV or stopped by EV', 'warning'],
  scheduled: ['Scheduled', 'warning'],
  recoveringFromFault: ['Recovering from fault', 'warning'],
  waitingForGridCapacity: ['Waiting for grid capacity restored', 'warning'],
  waitingForSurplus: ['Waiting for surplus', 'warning'],
  waitingForRandomizedDelay: ['Waiting for randomized delay', 'warning'],
  disconnected: ['Disconnected', 'default'],
  chargingComplete: ['Charging complete', 'info'],
  unavailable: ['Unavailable', 'default'],
  faulted: ['Faulted', 'error'],
};

const muiColourClass = (colour: string) => `MuiChip-color${colour[0]?.toUpperCase()}${colour.slice(1)}`;

describe('charger status chip', () => {
  it('covers every status of the contract', () => {
    expect(Object.keys(expected).sort()).toEqual([...chargerStatuses].sort());
  });

  it.each(chargerStatuses)('shows %s with its label and the colour of its meaning', (status) => {
    const [label, colour] = expected[status];
    render(<ChargerStatusChip status={status} testId="chip" />);
    const chip = screen.getByTestId('chip');
    expect(chip.textContent).toBe(label);
    expect(chip.className).toContain(muiColourClass(colour));
  });

  it('speaks the chosen language', async () => {
    await changeLanguage('de_DE');
    render(<ChargerStatusChip status="charging" testId="chip" />);
    expect(screen.getByTestId('chip').textContent).toBe('Lädt');
  });
});
