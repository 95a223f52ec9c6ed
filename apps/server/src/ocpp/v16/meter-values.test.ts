import { describe, expect, it } from 'vitest';
import { readingsOf as readingsOfCore } from '../../modules/sessions/meter-readings.ts';
import { meterValuesOf } from './meter-values.ts';

/** What the sessions core reads of 1.6 meter values, once mapped. */
const readingsOf = (v16: Parameters<typeof meterValuesOf>[0]) => readingsOfCore(meterValuesOf(v16));

const at = '2026-03-01T10:00:00.000Z';

describe('readings of OCPP 1.6 meter values', () => {
  it('sums per-phase power when no total is given, and rounds to whole watts', () => {
    const [r] = readingsOf([
      {
        timestamp: at,
        sampledValue: [
          { value: '1200.4', measurand: 'Power.Active.Import', phase: 'L1', unit: 'W' },
          { value: '1.2', measurand: 'Power.Active.Import', phase: 'L2', unit: 'kW' },
          { value: '999', measurand: 'Power.Active.Import', phase: 'N', unit: 'W' },
        ],
      },
    ]);
    expect(r).toMatchObject({ powerW: 2400, energyWh: null });
  });

  it('takes a current without a phase as L1 and ignores the neutral', () => {
    const [r] = readingsOf([
      {
        timestamp: at,
        sampledValue: [
          { value: '16', measurand: 'Current.Import' },
          { value: '3', measurand: 'Current.Import', phase: 'N' },
        ],
      },
    ]);
    expect(r?.currents).toEqual([16, null, null]);
  });

  it('skips signed data, values measured at the EV and values that are not numbers', () => {
    const [r] = readingsOf([
      {
        timestamp: at,
        sampledValue: [
          { value: 'c2lnbmVk', format: 'SignedData' },
          { value: '80', measurand: 'Energy.Active.Import.Register', location: 'EV' },
          { value: 'n/a', measurand: 'Power.Active.Import' },
          { value: '42.5', measurand: 'Energy.Active.Import.Register', unit: 'kWh' },
        ],
      },
    ]);
    expect(r).toEqual({
      sampledAt: new Date(at),
      energyWh: 42500,
      powerW: null,
      currents: [null, null, null],
    });
  });
});
