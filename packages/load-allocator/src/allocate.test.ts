import { describe, expect, it } from 'vitest';
import { allocate, ROTATION_PERIOD_MS } from './allocate.ts';
import { aCharger } from './test-data.ts';
import type { AllocationInput, ChargerInput } from './types.ts';

const now = Date.UTC(2026, 0, 5, 12);
const site32 = { limitsA: [32, 32, 32] as const };
const run = (chargers: ChargerInput[], extra: Partial<AllocationInput> = {}) =>
  allocate({ site: site32, chargers, now, ...extra });
const limits = (a: ReturnType<typeof allocate>) =>
  Object.fromEntries(a.chargers.map((c) => [c.id, c.limitA]));

describe('allocate', () => {
  it('shares a 32 A three-phase site between two 32 A cars: 16 A each', () => {
    const a = run([aCharger({ id: 'a' }), aCharger({ id: 'b' })]);
    expect(limits(a)).toEqual({ a: 16, b: 16 });
    expect(a.chargers.map((c) => c.reason)).toEqual(['fairShare', 'fairShare']);
    expect(a.phases.map((p) => p.allocatedA)).toEqual([32, 32, 32]);
  });

  it('gives the whole site to the one car left, up to its rating', () => {
    const a = run([aCharger({ id: 'a' }), aCharger({ id: 'b', charging: false })]);
    expect(limits(a)).toEqual({ a: 32, b: null });
    expect(a.chargers.map((c) => c.reason)).toEqual(['rated', 'idle']);
  });

  it('counts a charger that rejects profiles at its full rating on its phases', () => {
    const a = run([aCharger({ id: 'a' }), aCharger({ id: 'x', controllable: false, phases: 1, maxA: 16 })]);
    expect(limits(a)).toEqual({ a: 16, x: null });
    expect(a.phases.map((p) => p.reservedA)).toEqual([16, 0, 0]);
  });

  it('follows rotated wiring: a single-phase car on the charger L1 fed by site L2', () => {
    const a = allocate({
      site: { limitsA: [32, 10, 32] },
      chargers: [aCharger({ id: 'a', phases: 1, wiring: [2, 3, 1] }), aCharger({ id: 'b', phases: 1 })],
      now,
    });
    expect(limits(a)).toEqual({ a: 10, b: 32 });
    expect(a.chargers[0]!.sitePhasesA).toEqual([0, 10, 0]);
  });

  it('pauses the newest car when the minimums do not fit, and rotates after the period', () => {
    const served = now - 60_000;
    const first = run([aCharger({ id: 'a', servedSince: served }), aCharger({ id: 'b' })], {
      site: { limitsA: [10, 10, 10] },
    });
    expect(limits(first)).toEqual({ a: 10, b: 0 });
    expect(first.chargers[1]!.reason).toBe('paused');
    expect(first.nextChangeAt).toBe(served + ROTATION_PERIOD_MS);
    const later = first.nextChangeAt!;
    const state = first.chargers.map((c, i) => ({
      ...[aCharger({ id: 'a' }), aCharger({ id: 'b' })][i]!,
      ...c,
    }));
    const second = allocate({ site: { limitsA: [10, 10, 10] }, chargers: state, now: later });
    expect(limits(second)).toEqual({ a: 0, b: 10 });
    expect(second.chargers[1]!.servedSince).toBe(later);
    expect(second.chargers[0]!.waitingSince).toBe(later);
  });

  it('gives what a car does not draw to the others, and takes it back when it draws again', () => {
    const slow = aCharger({ id: 'a', measuredA: [8, 8, 8], previousLimitA: 16 });
    const a = run([slow, aCharger({ id: 'b' })]);
    expect(limits(a)).toEqual({ a: 10, b: 22 });
    expect(a.chargers[0]!.reason).toBe('notDrawing');
    const drawing = run([{ ...slow, measuredA: [10, 10, 10], previousLimitA: 10 }, aCharger({ id: 'b' })]);
    expect(limits(drawing)).toEqual({ a: 16, b: 16 });
  });

  it('does not count the phases a single-phase car leaves idle on a three-phase charger', () => {
    const a = run([
      aCharger({ id: 'a', measuredA: [16, 0, 0], previousLimitA: 16 }),
      aCharger({ id: 'b', phases: 1, wiring: [2, 3, 1] }),
    ]);
    expect(limits(a)).toEqual({ a: 32, b: 32 });
  });

  it('holds a fallback every controlled charger can keep at once', () => {
    const a = run([aCharger({ id: 'a' }), aCharger({ id: 'b', charging: false }), aCharger({ id: 'c' })]);
    expect(a.chargers.map((c) => c.fallbackA)).toEqual([10.6, 10.6, 10.6]);
    const tight = run([aCharger({ id: 'a' }), aCharger({ id: 'b' })], { site: { limitsA: [10, 10, 10] } });
    expect(tight.chargers.map((c) => c.fallbackA)).toEqual([0, 0]);
  });

  it('subtracts the building load from the limits', () => {
    const a = run([aCharger({ id: 'a' })], { site: { limitsA: [32, 32, 32], otherLoadA: [20, 5, 0] } });
    expect(limits(a)).toEqual({ a: 12 });
  });
});
