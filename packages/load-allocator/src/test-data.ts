import type { ChargerInput } from './types.ts';

export const aCharger = (overrides: Partial<ChargerInput> = {}): ChargerInput => ({
  id: 'c1',
  phases: 3,
  wiring: [1, 2, 3],
  maxA: 32,
  minA: 6,
  controllable: true,
  charging: true,
  measuredA: null,
  previousLimitA: null,
  servedSince: null,
  waitingSince: null,
  ...overrides,
});
