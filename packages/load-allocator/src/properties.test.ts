// Property tests: every rule of the allocation, over random sites of one or three phases, single- and three-phase
// chargers with straight and rotated wiring, chargers that reject profiles, cars drawing or not, rotation state.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate } from './allocate.ts';
import { allocationInput, NOW } from './arbitraries.ts';
import type { Allocation, AllocationInput, ChargerInput, SitePhase } from './types.ts';
import { capDeci, chargingUsage, fullUsage, toDeci } from './usage.ts';

const RUNS = { numRuns: 400 };
/** Limits are whole 0.1 A: a car may sit up to 0.1 A below its exact share. */
const STEP = 0.1;
const EPS = 1e-6;

const room = (input: AllocationInput) =>
  [0, 1, 2].map((p) => {
    let reserved = input.site.otherLoadA?.[p] ?? 0;
    for (const c of input.chargers) if (!c.controllable) reserved += fullUsage(c)[p]! * c.maxA;
    return input.site.limitsA[p]! - reserved;
  });
const byId = (a: Allocation) => new Map(a.chargers.map((c) => [c.id, c]));
const minDeci = (c: ChargerInput) => Math.ceil(c.minA * 10 - 1e-9);
const capA = (c: ChargerInput) => {
  const min = minDeci(c);
  return capDeci(c, min, Math.max(min, toDeci(c.maxA))) / 10;
};

describe('allocation properties', () => {
  it('keeps every site phase within its limit, counting uncontrolled chargers at their rating and the building', () => {
    fc.assert(
      fc.property(allocationInput, (input) => {
        const a = allocate(input);
        const free = room(input);
        for (const p of [0, 1, 2]) {
          const given = a.chargers
            .filter((c) => c.reason !== 'rejectsProfiles')
            .reduce((s, c) => s + c.sitePhasesA[p]!, 0);
          // the controlled chargers never take more than what the others leave (nothing when they leave nothing)
          expect(given).toBeLessThanOrEqual(Math.max(0, free[p]!) + EPS);
          expect(a.phases[p]!.allocatedA).toBeCloseTo(given, 6);
        }
      }),
      RUNS,
    );
  });

  it('gives every charging car its minimum up to its rating, or pauses it at 0 A', () => {
    fc.assert(
      fc.property(allocationInput, (input) => {
        const a = byId(allocate(input));
        for (const c of input.chargers) {
          const out = a.get(c.id)!;
          if (!c.controllable) expect(out).toMatchObject({ limitA: null, reason: 'rejectsProfiles' });
          else if (!c.charging) expect(out).toMatchObject({ limitA: null, reason: 'idle' });
          else if (out.reason === 'paused') expect(out.limitA).toBe(0);
          else {
            expect(out.limitA!).toBeGreaterThanOrEqual(minDeci(c) / 10 - EPS);
            expect(out.limitA!).toBeLessThanOrEqual(Math.max(c.maxA, minDeci(c) / 10) + EPS);
            // every limit is a whole 0.1 A
            expect(Math.abs(out.limitA! * 10 - Math.round(out.limitA! * 10))).toBeLessThan(EPS);
          }
        }
      }),
      RUNS,
    );
  });

  it('pauses nobody when all the minimums fit', () => {
    fc.assert(
      fc.property(allocationInput, (input) => {
        const free = room(input);
        const need = [0, 0, 0];
        for (const c of input.chargers.filter((x) => x.controllable && x.charging)) {
          chargingUsage(c).forEach((u, p) => (need[p]! += (u * minDeci(c)) / 10));
        }
        fc.pre([0, 1, 2].every((p) => need[p]! <= free[p]! + EPS));
        expect(allocate(input).chargers.filter((c) => c.reason === 'paused')).toEqual([]);
      }),
      RUNS,
    );
  });

  it('shares max-min fairly: a car below its cap sits on a full phase where nobody above a minimum gets more', () => {
    fc.assert(
      fc.property(allocationInput, (input) => {
        const a = byId(allocate(input));
        const free = room(input);
        const served = input.chargers.filter((c) => {
          const r = a.get(c.id)!.reason;
          return r === 'fairShare' || r === 'rated' || r === 'notDrawing';
        });
        const value = (c: ChargerInput) => a.get(c.id)!.limitA!;
        for (const c of served) {
          if (value(c) >= capA(c) - STEP + EPS) continue;
          const usage = chargingUsage(c);
          const bottleneck = [0, 1, 2].some((p) => {
            if (usage[p] === 0) return false;
            const on = served.filter((x) => chargingUsage(x)[p]! > 0);
            const load = on.reduce((s, x) => s + chargingUsage(x)[p]! * value(x), 0);
            const full = load >= free[p]! - STEP * on.reduce((s, x) => s + chargingUsage(x)[p]!, 0) - EPS;
            const top = on.every(
              (x) => value(x) <= minDeci(x) / 10 + EPS || value(x) <= value(c) + STEP + EPS,
            );
            return full && top;
          });
          expect(bottleneck, `${c.id} at ${value(c)} A below its cap ${capA(c)} A`).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('caps a car that draws clearly less than its limit near what it draws, and gives it all back when it draws again', () => {
    fc.assert(
      fc.property(allocationInput, fc.nat(), fc.integer({ min: 60, max: 320 }), (input, pick, limitDeci) => {
        const charging = input.chargers.filter((c) => c.controllable && c.charging);
        fc.pre(charging.length > 0);
        const car = charging[pick % charging.length]!;
        const previous = limitDeci / 10;
        const drawn = Math.max(0, previous - 5);
        const used = chargingUsage({ ...car, measuredA: null });
        const measured = [0, 1, 2].map((k) => (car.phases === 1 && k > 0 ? 0 : drawn)) as [
          number,
          number,
          number,
        ];
        const slow = { ...car, previousLimitA: previous, measuredA: measured };
        const withSlow = input.chargers.map((c) => (c.id === car.id ? slow : c));
        const lazy = byId(allocate({ ...input, chargers: withSlow })).get(car.id)!;
        if (lazy.reason !== 'paused') {
          expect(lazy.limitA!).toBeLessThanOrEqual(
            Math.max(minDeci(car) / 10, Math.ceil((drawn + 2) * 10) / 10) + EPS,
          );
        }
        // drawing at its limit again: it wants its full rating (what the site can give), as if nothing was measured
        const busy = {
          ...car,
          previousLimitA: previous,
          measuredA: measured.map((m) => (m > 0 ? previous : 0)) as [number, number, number],
        };
        const again = allocate({
          ...input,
          chargers: input.chargers.map((c) => (c.id === car.id ? busy : c)),
        });
        const fresh = allocate({
          ...input,
          chargers: input.chargers.map((c) =>
            c.id === car.id ? { ...car, measuredA: null, previousLimitA: null } : c,
          ),
        });
        if (car.phases === 1 || used.every((u, p) => u === fullUsage(car)[p])) {
          expect(byId(again).get(car.id)!.limitA).toBe(byId(fresh).get(car.id)!.limitA);
        }
      }),
      RUNS,
    );
  });

  it('does not care how the site phases are named: rotating the wiring with the limits gives the same limits', () => {
    const rotate = (p: SitePhase): SitePhase => ((p % 3) + 1) as SitePhase;
    fc.assert(
      fc.property(allocationInput, (input) => {
        const r = <T>(t: readonly [T, T, T]): [T, T, T] => [t[2], t[0], t[1]];
        const turned: AllocationInput = {
          ...input,
          site: {
            limitsA: r(input.site.limitsA),
            otherLoadA: input.site.otherLoadA && r(input.site.otherLoadA),
          },
          chargers: input.chargers.map((c) => ({
            ...c,
            wiring: [rotate(c.wiring[0]), rotate(c.wiring[1]), rotate(c.wiring[2])],
          })),
        };
        const strip = (a: Allocation) => a.chargers.map((c) => [c.id, c.limitA, c.reason, c.fallbackA]);
        expect(strip(allocate(turned))).toEqual(strip(allocate(input)));
      }),
      RUNS,
    );
  });

  it('rotates paused cars: with nothing else changing, every car whose minimum fits the site is served in turn', () => {
    fc.assert(
      fc.property(allocationInput, (input) => {
        const period = input.rotationPeriodMs!;
        let chargers: ChargerInput[] = input.chargers.map((c) => ({
          ...c,
          servedSince: null,
          waitingSince: null,
        }));
        const free = room(input);
        const servedOnce = new Set<string>();
        let now = NOW;
        const steps = chargers.length + 2;
        for (let i = 0; i < steps; i++) {
          const a = allocate({ ...input, chargers, now });
          for (const c of a.chargers) if (c.limitA !== null && c.limitA > 0) servedOnce.add(c.id);
          for (const c of a.chargers) if (c.reason !== 'paused' && c.limitA !== null) servedOnce.add(c.id);
          const state = byId(a);
          chargers = chargers.map((c) => ({
            ...c,
            servedSince: state.get(c.id)!.servedSince,
            waitingSince: state.get(c.id)!.waitingSince,
          }));
          // a paused car is never told to wait without a time to look again, unless it cannot fit at all
          now = a.nextChangeAt ?? now + period;
        }
        for (const c of chargers.filter((x) => x.controllable && x.charging)) {
          const usage = chargingUsage(c);
          const fitsAlone = [0, 1, 2].every((p) => (usage[p]! * minDeci(c)) / 10 <= free[p]! + EPS);
          if (fitsAlone) expect(servedOnce.has(c.id), `${c.id} never served`).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('holds a fallback that keeps the site safe with every controlled charger drawing it at once', () => {
    fc.assert(
      fc.property(allocationInput, (input) => {
        const a = byId(allocate(input));
        const free = room(input);
        const sum = [0, 0, 0];
        for (const c of input.chargers.filter((x) => x.controllable)) {
          const f = a.get(c.id)!.fallbackA;
          expect(f === 0 || f >= minDeci(c) / 10 - EPS).toBe(true);
          expect(f).toBeLessThanOrEqual(c.maxA + EPS);
          fullUsage(c).forEach((u, p) => (sum[p]! += u * f));
        }
        for (const p of [0, 1, 2]) expect(sum[p]!).toBeLessThanOrEqual(Math.max(0, free[p]!) + EPS);
      }),
      RUNS,
    );
  });
});
