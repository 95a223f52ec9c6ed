import { describe, expect, it } from 'vitest';
import { chargerStatusOf } from './charger-status.ts';

describe("a charger's status from its connectors", () => {
  it("is 'online' before any connector reported", () => {
    expect(chargerStatusOf([])).toEqual({ status: 'online', errorCode: null });
  });

  it('is that of the connector that needs the most attention, with its error code', () => {
    expect(
      chargerStatusOf([
        { connectorId: 0, status: 'available', errorCode: 'NoError' },
        { connectorId: 1, status: 'charging', errorCode: 'NoError' },
        { connectorId: 2, status: 'available', errorCode: 'NoError' },
      ]),
    ).toEqual({ status: 'charging', errorCode: null });
    expect(
      chargerStatusOf([
        { connectorId: 1, status: 'charging', errorCode: 'NoError' },
        { connectorId: 2, status: 'faulted', errorCode: 'PowerSwitchFailure' },
      ]),
    ).toEqual({ status: 'faulted', errorCode: 'PowerSwitchFailure' });
  });

  it('follows connector 0 when the whole charger is faulted or unavailable', () => {
    expect(
      chargerStatusOf([
        { connectorId: 0, status: 'unavailable', errorCode: 'NoError' },
        { connectorId: 1, status: 'available', errorCode: 'NoError' },
      ]),
    ).toEqual({ status: 'unavailable', errorCode: null });
  });

  it('follows connector 0 while the whole charger recovers from a fault', () => {
    expect(
      chargerStatusOf([
        { connectorId: 0, status: 'recoveringFromFault', errorCode: 'NoError' },
        { connectorId: 1, status: 'available', errorCode: 'NoError' },
      ]),
    ).toEqual({ status: 'recoveringFromFault', errorCode: null });
  });

  it('keeps a warning (an error code on a working connector)', () => {
    expect(chargerStatusOf([{ connectorId: 1, status: 'charging', errorCode: 'HighTemperature' }])).toEqual({
      status: 'charging',
      errorCode: 'HighTemperature',
    });
  });
});
