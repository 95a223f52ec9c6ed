// How much of each site phase a charger uses per ampere of its limit, and what it wants (in deciamperes, so that
// every limit sent is a whole 0.1 A and sums compare exactly).
import type { ChargerInput, PhaseTriple } from './types.ts';

export type Triple = [number, number, number];

/** Below this a measured phase counts as not drawing (a single-phase car on a three-phase charger). */
export const IDLE_PHASE_A = 0.5;
/** A car that draws at least this on some phase is drawing. */
export const DRAWING_A = 1;
/** A car that draws this much less than its limit is capped at what it draws plus HEADROOM_A. */
export const AT_LIMIT_MARGIN_A = 1;
export const HEADROOM_A = 2;

export const toDeci = (a: number) => Math.floor(a * 10 + 1e-9);
export const fromDeci = (d: number) => d / 10;

/** Site phases fed by each charger phase in use: 1 for a single-phase charger, 3 for a three-phase one. */
export function wiredPhases(charger: ChargerInput): number[] {
  const used = charger.phases === 1 ? [0] : [0, 1, 2];
  return used.map((k) => charger.wiring[k]! - 1);
}

/** Amperes drawn on each site phase per ampere of limit, at full rating (every wired phase). */
export function fullUsage(charger: ChargerInput): Triple {
  const usage: Triple = [0, 0, 0];
  for (const p of wiredPhases(charger)) usage[p]! += 1;
  return usage;
}

function drawing(measured: PhaseTriple | null): boolean {
  return measured !== null && measured.some((a) => a >= DRAWING_A);
}

/**
 * Usage of a charging car: a phase of a three-phase charger that measures nothing while another draws is not
 * counted (a single-phase car), so that current goes to others; when it starts drawing, the next allocation
 * counts it again.
 */
export function chargingUsage(charger: ChargerInput): Triple {
  if (charger.phases === 1 || !drawing(charger.measuredA)) return fullUsage(charger);
  const usage: Triple = [0, 0, 0];
  for (const k of [0, 1, 2]) {
    if ((charger.measuredA?.[k] ?? 0) >= IDLE_PHASE_A) usage[charger.wiring[k]! - 1]! += 1;
  }
  return usage;
}

/**
 * The most a car can use, in deciamperes: its rating, unless it was given a limit and draws clearly less
 * (then what it draws plus some headroom, never below its minimum). A car drawing near its limit wants more.
 */
export function capDeci(charger: ChargerInput, minDeci: number, maxDeci: number): number {
  const measured = charger.measuredA;
  const previous = charger.previousLimitA;
  if (measured === null || previous === null || previous <= 0) return maxDeci;
  const drawn = Math.max(...wiredPhases(charger).map((_, k) => measured[k] ?? 0));
  if (drawn >= previous - AT_LIMIT_MARGIN_A) return maxDeci;
  return Math.min(maxDeci, Math.max(minDeci, Math.ceil((drawn + HEADROOM_A) * 10)));
}
