import { describe, expect, it } from 'vitest';
import { readingsOf, takeRegister } from './meter-readings.ts';

const at = '2026-03-01T10:00:00.000Z';

describe('meter readings in the core', () => {
  it('scales by the unit and its multiplier, and skips what the EV measured', () => {
    const [r] = readingsOf([
      {
        timestamp: at,
        sampledValue: [
          { value: 12.5, unitOfMeasure: { unit: 'kWh' } },
          { value: 72, measurand: 'Power.Active.Import', unitOfMeasure: { unit: 'W', multiplier: 2 } },
          { value: 99, measurand: 'Power.Active.Import', location: 'EV' },
        ],
      },
    ]);
    expect(r).toMatchObject({ energyWh: 12500, powerW: 7200 });
  });

  it('takes the last Transaction.End register as the stop, leaving every other value a reading', () => {
    const { registerWh, rest } = takeRegister(
      [
        {
          timestamp: at,
          sampledValue: [
            { value: 900, context: 'Transaction.End' },
            { value: 7, measurand: 'Current.Import', context: 'Transaction.End' },
          ],
        },
        { timestamp: at, sampledValue: [{ value: 950, context: 'Transaction.End' }] },
      ],
      'Transaction.End',
    );
    expect(registerWh).toBe(950);
    expect(rest).toHaveLength(1);
    expect(readingsOf(rest)).toMatchObject([{ energyWh: 900, currents: [7, null, null] }]);
  });

  it('has no register when none is marked', () => {
    expect(takeRegister([{ timestamp: at, sampledValue: [{ value: 5 }] }], 'Transaction.Begin')).toEqual({
      registerWh: undefined,
      rest: [{ timestamp: at, sampledValue: [{ value: 5 }] }],
    });
  });
});
