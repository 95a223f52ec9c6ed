// Max-min fair sharing over the three site phases (progressive filling): every car starts at its minimum, one
// common level rises, each car follows it between its minimum and its cap, and a car stops rising when it reaches
// its cap or when a phase it uses is full. Exact event by event (no stepping), O(n^2) at worst.
import type { Triple } from './usage.ts';

export interface Claim {
  usage: Triple;
  min: number;
  cap: number;
}

const EPS = 1e-9;
const clamp = (level: number, c: Claim) => Math.min(c.cap, Math.max(c.min, level));

/** Values per claim (same units as the input); `room` per phase must fit the sum of the minimums. */
export function waterFill(claims: readonly Claim[], room: Triple): number[] {
  const value: (number | null)[] = claims.map((c) => (c.cap <= c.min ? c.min : null));
  let level = 0;
  const load = (p: number) =>
    claims.reduce((sum, c, i) => sum + c.usage[p]! * (value[i] ?? clamp(level, c)), 0);
  for (;;) {
    const active = claims.map((_, i) => i).filter((i) => value[i] === null);
    if (active.length === 0) return value.map((v) => v ?? 0);
    // A phase already full stops every rising car on it.
    const full = [0, 1, 2].filter((p) => load(p) >= room[p]! - EPS);
    const stopped = active.filter((i) => full.some((p) => claims[i]!.usage[p]! > 0));
    if (stopped.length > 0) {
      for (const i of stopped) value[i] = clamp(level, claims[i]!);
      continue;
    }
    let next = Infinity;
    for (const i of active) {
      const c = claims[i]!;
      if (c.min > level) next = Math.min(next, c.min);
      if (c.cap > level) next = Math.min(next, c.cap);
    }
    for (const p of [0, 1, 2]) {
      const slope = active.reduce((s, i) => {
        const c = claims[i]!;
        return s + (c.min <= level && level < c.cap ? c.usage[p]! : 0);
      }, 0);
      if (slope > 0) next = Math.min(next, level + (room[p]! - load(p)) / slope);
    }
    if (next === Infinity) {
      for (const i of active) value[i] = clamp(level, claims[i]!);
      continue;
    }
    level = next;
    for (const i of active) if (claims[i]!.cap <= level + EPS) value[i] = claims[i]!.cap;
    // the level that fills a phase: the next turn stops the cars on it
  }
}
