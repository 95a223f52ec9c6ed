// fast-check arbitraries for the property tests: sites of one or three phases, single- and three-phase chargers
// with straight and rotated wiring, some that reject profiles, cars drawing or not, rotation state.
import fc from 'fast-check';
import type { AllocationInput, ChargerInput, SitePhase } from './types.ts';

export const NOW = Date.UTC(2026, 0, 5, 12);
const PERIOD = 15 * 60_000;

const wirings: [SitePhase, SitePhase, SitePhase][] = [
  [1, 2, 3],
  [2, 3, 1],
  [3, 1, 2],
  [1, 3, 2],
];
const amps = (min: number, max: number) => fc.integer({ min: min * 10, max: max * 10 }).map((d) => d / 10);
const triple = (max: number) => fc.tuple(amps(0, max), amps(0, max), amps(0, max));

export const charger = (sitePhases: 1 | 3, id: string) =>
  fc
    .record({
      phases: sitePhases === 1 ? fc.constant(1 as const) : fc.constantFrom(1 as const, 3 as const),
      wiring:
        sitePhases === 1
          ? fc.constant<[SitePhase, SitePhase, SitePhase]>([1, 1, 1])
          : fc.constantFrom(...wirings),
      maxA: fc.constantFrom(10, 16, 20, 32, 40, 63),
      minA: fc.oneof(fc.constant(6), amps(0, 12)),
      controllable: fc.boolean().chain((b) => (b ? fc.constant(true) : fc.boolean())),
      charging: fc.boolean().chain((b) => (b ? fc.constant(true) : fc.boolean())),
      measuredA: fc.option(triple(40), { nil: null }),
      previousLimitA: fc.option(amps(0, 63), { nil: null }),
      served: fc.option(fc.integer({ min: 0, max: 3 * PERIOD }), { nil: null }),
      waited: fc.option(fc.integer({ min: 0, max: 3 * PERIOD }), { nil: null }),
    })
    .map(({ served, waited, ...c }): ChargerInput => ({
      ...c,
      id,
      maxA: Math.max(c.maxA, c.minA),
      servedSince: served === null ? null : NOW - served,
      waitingSince: served === null && waited !== null ? NOW - waited : null,
    }));

export const site = fc.constantFrom(1 as const, 3 as const).chain((phases) =>
  fc.record({
    phases: fc.constant(phases),
    limitsA: phases === 1 ? fc.tuple(amps(0, 250), fc.constant(0), fc.constant(0)) : triple(250),
    otherLoadA: fc.option(phases === 1 ? fc.tuple(amps(0, 40), fc.constant(0), fc.constant(0)) : triple(40), {
      nil: null,
    }),
  }),
);

export const allocationInput = site.chain((s) =>
  fc
    .integer({ min: 0, max: 14 })
    .chain((n) =>
      fc
        .tuple(...Array.from({ length: n }, (_, i) => charger(s.phases, `c${String(i).padStart(2, '0')}`)))
        .map((chargers): AllocationInput => ({ site: s, chargers, now: NOW, rotationPeriodMs: PERIOD })),
    ),
);
