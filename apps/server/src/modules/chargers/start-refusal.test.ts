import { describe, expect, it } from 'vitest';
import type { ChargerStatus } from '@plugboard/contract';
import { startRefusal } from './start-refusal.ts';

const connectors = (...statuses: [number, ChargerStatus][]) =>
  statuses.map(([connector_id, status]) => ({ connector_id, status }));
const codeOf = (state: Partial<Parameters<typeof startRefusal>[0]>) =>
  startRefusal({ online: true, connectors: [], ongoing: [], connectorId: 1, ...state })?.code;

describe('whether a start may be sent', () => {
  it('refuses from the state of the connector, as the start codes describe', () => {
    const cases: [ChargerStatus, number | undefined][] = [
      ['available', undefined],
      ['ready', undefined],
      ['charging', 7000],
      ['queuing', 7000],
      ['waitingForEv', 7003],
      ['chargingComplete', 7005],
      ['faulted', 7006],
      ['recoveringFromFault', 7006],
      ['unavailable', 7008],
    ];
    for (const [status, code] of cases) {
      expect(codeOf({ connectors: connectors([1, status]) }), status).toBe(code);
    }
  });

  it('refuses an offline charger, and a whole charger that is faulted or unavailable', () => {
    expect(codeOf({ online: false })).toBe(7007);
    expect(codeOf({ connectors: connectors([0, 'faulted'], [1, 'available']) })).toBe(7006);
    expect(codeOf({ connectors: connectors([0, 'unavailable'], [1, 'available']) })).toBe(7008);
    expect(codeOf({ connectors: connectors([0, 'recoveringFromFault'], [1, 'available']) })).toBe(7006);
  });

  it('refuses a connector with a session ongoing, and one the charger does not have', () => {
    expect(codeOf({ connectors: connectors([1, 'available']), ongoing: [{ connector_id: 1 }] })).toBe(7000);
    expect(codeOf({ connectors: connectors([1, 'available']), connectorId: 2 })).toBe(4129);
  });

  it('lets the charger decide about a connector it never reported', () => {
    expect(codeOf({ connectors: [] })).toBeUndefined();
  });
});
