import { describe, expect, it } from 'vitest';
import { carPowerW, currentsFor, profileLimitW } from './car-model.ts';

const threePhase = { phases: 3, voltage: 230 } as const;
const profile = (unit: 'A' | 'W', periods: { startPeriod: number; limit: number }[], duration?: number) => ({
  chargingProfileId: 1,
  stackLevel: 0,
  chargingProfilePurpose: 'TxDefaultProfile' as const,
  chargingProfileKind: 'Absolute' as const,
  chargingSchedule: {
    chargingRateUnit: unit,
    startSchedule: '2026-03-01T10:00:00.000Z',
    ...(duration !== undefined && { duration }),
    chargingSchedulePeriod: periods,
  },
});

describe('the simulated car', () => {
  it('reads the period in force of a charging profile, amperes per phase', () => {
    const p = profile('A', [
      { startPeriod: 0, limit: 16 },
      { startPeriod: 3600, limit: 6 },
    ]);
    expect(profileLimitW(p, threePhase, new Date('2026-03-01T10:30:00Z'), null)).toBe(16 * 230 * 3);
    expect(profileLimitW(p, threePhase, new Date('2026-03-01T11:30:00Z'), null)).toBe(6 * 230 * 3);
    expect(profileLimitW(p, threePhase, new Date('2026-03-01T09:30:00Z'), null)).toBeNull();
  });

  it('lets a profile lapse after its duration', () => {
    const p = profile('W', [{ startPeriod: 0, limit: 3000 }], 60);
    expect(profileLimitW(p, threePhase, new Date('2026-03-01T10:00:30Z'), null)).toBe(3000);
    expect(profileLimitW(p, threePhase, new Date('2026-03-01T10:02:00Z'), null)).toBeNull();
  });

  it('draws its maximum, held to the limit, and nothing once full', () => {
    expect(carPowerW({ carMaxW: 11000, limitW: null, deliveredWh: 0, capacityWh: 1000 })).toBe(11000);
    expect(carPowerW({ carMaxW: 11000, limitW: 4140, deliveredWh: 0, capacityWh: 1000 })).toBe(4140);
    expect(carPowerW({ carMaxW: 11000, limitW: null, deliveredWh: 1000, capacityWh: 1000 })).toBe(0);
    expect(currentsFor(6900, threePhase)).toEqual([10, 10, 10]);
    expect(currentsFor(2300, { phases: 1, voltage: 230 })).toEqual([10, 0, 0]);
  });
});
