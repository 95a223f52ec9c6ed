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
});
