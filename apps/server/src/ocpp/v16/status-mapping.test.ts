import { describe, expect, it } from 'vitest';
import { mapOcpp16Status, ocpp16StatusMap } from './status-mapping.ts';

const report = (ocppStatus: string) => ({
  connectorId: 1,
  ocppStatus,
  errorCode: 'NoError',
  info: null,
  vendorErrorCode: null,
  timestamp: new Date(),
});

describe('the OCPP 1.6 status mapping', () => {
  it('maps every OCPP status onto a console status', () => {
    expect(Object.keys(ocpp16StatusMap).sort()).toEqual([
      'Available',
      'Charging',
      'Faulted',
      'Finishing',
      'Preparing',
      'Reserved',
      'SuspendedEV',
      'SuspendedEVSE',
      'Unavailable',
    ]);
    expect(mapOcpp16Status(report('SuspendedEV'), undefined)).toBe('waitingForEv');
    expect(mapOcpp16Status(report('Finishing'), undefined)).toBe('chargingComplete');
  });

  it('shows a faulted connector that turns Unavailable as recovering, until it reports something else', () => {
    expect(mapOcpp16Status(report('Unavailable'), undefined)).toBe('unavailable');
    expect(mapOcpp16Status(report('Unavailable'), { ocpp_status: 'Faulted', status: 'faulted' })).toBe(
      'recoveringFromFault',
    );
    expect(
      mapOcpp16Status(report('Unavailable'), { ocpp_status: 'Unavailable', status: 'recoveringFromFault' }),
    ).toBe('recoveringFromFault');
    expect(
      mapOcpp16Status(report('Available'), { ocpp_status: 'Unavailable', status: 'recoveringFromFault' }),
    ).toBe('available');
  });

  it("tells why a held-back connector (SuspendedEVSE) waits, from the charger's info", () => {
    const held = (info: string | null) => mapOcpp16Status({ ...report('SuspendedEVSE'), info }, undefined);
    expect(held(null)).toBe('queuing');
    expect(held('Randomised delay 412 s')).toBe('waitingForRandomizedDelay');
    expect(held('Waiting for solar surplus')).toBe('waitingForSurplus');
    expect(held('Scheduled charging')).toBe('scheduled');
    expect(held('Grid capacity limit')).toBe('waitingForGridCapacity');
    expect(held('Vendor says 42')).toBe('queuing');
  });

  it('keeps the reason set for a held-back connector while it stays SuspendedEVSE, and only then', () => {
    const before = { ocpp_status: 'SuspendedEVSE', status: 'waitingForGridCapacity' } as const;
    expect(mapOcpp16Status(report('SuspendedEVSE'), before)).toBe('waitingForGridCapacity');
    expect(mapOcpp16Status(report('Charging'), before)).toBe('charging');
    expect(mapOcpp16Status(report('SuspendedEVSE'), { ocpp_status: 'Charging', status: 'charging' })).toBe(
      'queuing',
    );
  });
});
