import type { ChargerStatus } from '@plugboard/contract';
import { describe, expect, it } from 'vitest';
import { closableByHand } from './session-close.ts';

const started = new Date('2026-11-25T10:00:00Z');
const before = new Date('2026-11-25T09:59:00Z');
const after = new Date('2026-11-25T10:05:00Z');
const session = { created_at: started };
const online = { connected: true, booted_at: before };
const reported = (ocpp_status: string, updated_at = after, status: ChargerStatus = 'available') => ({
  status,
  ocpp_status,
  updated_at,
});

describe('a session closable by hand', () => {
  it('always on a charger that is offline', () => {
    expect(
      closableByHand({
        charger: { connected: false, booted_at: before },
        connector: reported('Charging'),
        session,
      }),
    ).toBe(true);
  });

  it('never while the charger shows the connector running it, even after a boot', () => {
    for (const status of ['Charging', 'SuspendedEV', 'SuspendedEVSE', 'Finishing']) {
      expect(closableByHand({ charger: online, connector: reported(status), session })).toBe(false);
      expect(
        closableByHand({
          charger: { connected: true, booted_at: after },
          connector: reported(status),
          session,
        }),
      ).toBe(false);
    }
  });

  it('once the connector reported a status without a transaction after the start', () => {
    for (const status of ['Available', 'Preparing', 'Reserved', 'Unavailable', 'Faulted']) {
      expect(closableByHand({ charger: online, connector: reported(status), session })).toBe(true);
      // Reported before the start (Preparing before StartTransaction): says nothing of the session.
      expect(closableByHand({ charger: online, connector: reported(status, before), session })).toBe(false);
    }
  });

  it('once the charger booted after the start, until its connector reports running again', () => {
    const rebooted = { connected: true, booted_at: after };
    // Not reported since the boot: what it said before (Charging) no longer counts.
    expect(
      closableByHand({ charger: rebooted, connector: reported('Charging', after, 'online'), session }),
    ).toBe(true);
    expect(closableByHand({ charger: rebooted, connector: undefined, session })).toBe(true);
    expect(closableByHand({ charger: online, connector: undefined, session })).toBe(false);
  });
});
