// The allocation: who may charge (minimums that fit, rotation when they do not), then max-min fair shares.
import type {
  Allocation,
  AllocationInput,
  ChargerAllocation,
  ChargerInput,
  PhaseAllocation,
} from './types.ts';
import { capDeci, chargingUsage, fromDeci, fullUsage, toDeci, type Triple } from './usage.ts';
import { waterFill, type Claim } from './water-fill.ts';

/** A served car keeps its place this long while others wait; then the longest waiting goes first. */
export const ROTATION_PERIOD_MS = 15 * 60_000;
export const DEFAULT_MIN_A = 6;

interface Candidate {
  charger: ChargerInput;
  claim: Claim;
  fullCap: number;
}

const fits = (usage: Triple, min: number, room: Triple) =>
  [0, 1, 2].every((p) => usage[p]! * min <= room[p]!);
const take = (usage: Triple, amount: number, room: Triple) => {
  for (const p of [0, 1, 2]) room[p]! -= usage[p]! * amount;
};

/**
 * Who is served, in order: cars still in their rotation slot (served less than the period), then the others by
 * how long they have waited; a car past its slot counts as waiting from now, after those already waiting. A
 * waiting car that does not fit holds back later ones on its phases (so a three-phase car is not starved by
 * single-phase ones); a car whose minimum fits nowhere does not.
 */
function admit(candidates: Candidate[], room: Triple, now: number, period: number): Set<string> {
  const inSlot = (c: ChargerInput) => c.servedSince !== null && now - c.servedSince < period;
  const first = candidates
    .filter((c) => inSlot(c.charger))
    .sort((a, b) => a.charger.servedSince! - b.charger.servedSince! || cmp(a.charger.id, b.charger.id));
  const waitKey = (c: ChargerInput) => (c.servedSince === null ? (c.waitingSince ?? now) : now);
  const rest = candidates
    .filter((c) => !inSlot(c.charger))
    .sort(
      (a, b) =>
        waitKey(a.charger) - waitKey(b.charger) ||
        Number(a.charger.servedSince !== null) - Number(b.charger.servedSince !== null) ||
        cmp(a.charger.id, b.charger.id),
    );
  const empty: Triple = [...room];
  const admitted = new Set<string>();
  const blocked = [false, false, false];
  for (const c of first) {
    if (!fits(c.claim.usage, c.claim.min, room)) continue;
    take(c.claim.usage, c.claim.min, room);
    admitted.add(c.charger.id);
  }
  for (const c of rest) {
    const { usage, min } = c.claim;
    if (usage.some((u, p) => u > 0 && blocked[p])) continue;
    if (fits(usage, min, room)) {
      take(usage, min, room);
      admitted.add(c.charger.id);
    } else if (fits(usage, min, empty)) {
      usage.forEach((u, p) => (blocked[p] ||= u > 0));
    }
  }
  return admitted;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The safe limit every controlled charger can hold at once, whatever happens (0 when below its minimum). */
function fallbacks(chargers: readonly ChargerInput[], room: Triple): Map<string, number> {
  const controlled = chargers.filter((c) => c.controllable);
  const count: Triple = [0, 0, 0];
  for (const c of controlled) fullUsage(c).forEach((u, p) => (count[p]! += u));
  const share = room.map((r, p) => (count[p]! > 0 ? Math.floor(Math.max(0, r) / count[p]!) : 0));
  return new Map(
    controlled.map((c) => {
      const usage = fullUsage(c);
      const limit = Math.min(toDeci(c.maxA), ...[0, 1, 2].filter((p) => usage[p]! > 0).map((p) => share[p]!));
      return [c.id, limit >= Math.ceil(c.minA * 10 - 1e-9) ? limit : 0];
    }),
  );
}

export function allocate(input: AllocationInput): Allocation {
  const { site, chargers, now } = input;
  const period = input.rotationPeriodMs ?? ROTATION_PERIOD_MS;
  const limits: Triple = [0, 1, 2].map((p) => toDeci(site.limitsA[p]!)) as Triple;
  const reserved: Triple = [0, 1, 2].map((p) => Math.ceil((site.otherLoadA?.[p] ?? 0) * 10 - 1e-9)) as Triple;
  for (const c of chargers) {
    if (!c.controllable) take(fullUsage(c), -toDeci(c.maxA), reserved);
  }
  const room: Triple = [0, 1, 2].map((p) => limits[p]! - reserved[p]!) as Triple;

  const candidates: Candidate[] = chargers
    .filter((c) => c.controllable && c.charging)
    .map((charger) => {
      const min = Math.ceil(charger.minA * 10 - 1e-9);
      const max = Math.max(min, toDeci(charger.maxA));
      return {
        charger,
        fullCap: max,
        claim: { usage: chargingUsage(charger), min, cap: capDeci(charger, min, max) },
      };
    });
  const admitted = admit(candidates, [...room], now, period);
  const served = candidates.filter((c) => admitted.has(c.charger.id));
  const shares = waterFill(
    served.map((c) => c.claim),
    [...room],
  );
  const given = new Map(served.map((c, i) => [c.charger.id, Math.floor(shares[i]! + 1e-9)]));
  const fallback = fallbacks(chargers, room);

  const out: ChargerAllocation[] = chargers.map((c) => {
    const base = {
      id: c.id,
      servedSince: null,
      waitingSince: null,
      fallbackA: fromDeci(fallback.get(c.id) ?? 0),
    };
    if (!c.controllable) {
      const usage = fullUsage(c);
      return {
        ...base,
        limitA: null,
        reason: 'rejectsProfiles',
        sitePhasesA: phaseAmps(usage, toDeci(c.maxA)),
      };
    }
    if (!c.charging) return { ...base, limitA: null, reason: 'idle', sitePhasesA: [0, 0, 0] };
    const candidate = candidates.find((x) => x.charger.id === c.id)!;
    const value = given.get(c.id);
    if (value === undefined) {
      return {
        ...base,
        limitA: 0,
        reason: 'paused',
        sitePhasesA: [0, 0, 0],
        waitingSince: c.waitingSince ?? now,
      };
    }
    const { claim, fullCap } = candidate;
    const reason =
      value >= fullCap ? 'rated' : claim.cap < fullCap && value >= claim.cap ? 'notDrawing' : 'fairShare';
    return {
      ...base,
      limitA: fromDeci(value),
      reason,
      sitePhasesA: phaseAmps(claim.usage, value),
      servedSince: c.servedSince ?? now,
    };
  });

  const phases = [0, 1, 2].map((p): PhaseAllocation => ({
    limitA: fromDeci(limits[p]!),
    reservedA: fromDeci(reserved[p]!),
    allocatedA: fromDeci(served.reduce((s, c) => s + c.claim.usage[p]! * given.get(c.charger.id)!, 0)),
  })) as Allocation['phases'];
  const someoneWaits = out.some((a) => a.reason === 'paused');
  // a car past its slot and still served only stays because no waiting car fits in its place: no change then
  const slotEnds = out
    .filter((a) => a.servedSince !== null)
    .map((a) => a.servedSince! + period)
    .filter((t) => t > now);
  const nextChangeAt = someoneWaits && slotEnds.length > 0 ? Math.min(...slotEnds) : null;
  return { chargers: out, phases, nextChangeAt };
}

function phaseAmps(usage: Triple, deci: number): [number, number, number] {
  return [fromDeci(usage[0] * deci), fromDeci(usage[1] * deci), fromDeci(usage[2] * deci)];
}
