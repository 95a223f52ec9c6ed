// The allocator's input and output. Currents are amperes per phase; times are epoch milliseconds.

/** A phase of the site's supply: 1 = L1, 2 = L2, 3 = L3. */
export type SitePhase = 1 | 2 | 3;
export type PhaseTriple = readonly [number, number, number];

export interface SiteInput {
  /** The limit of each site phase L1..L3 (a single-phase site: [capacity, 0, 0]). */
  limitsA: PhaseTriple;
  /** What the building draws besides the chargers (a site meter), per site phase; subtracted from the limits. */
  otherLoadA?: PhaseTriple | null;
}

export interface ChargerInput {
  id: string;
  /** Phases the charger switches: 1 or 3. */
  phases: 1 | 3;
  /**
   * The site phase that feeds the charger's L1, L2 and L3 (rotated wiring: [2, 3, 1]). A single-phase charger
   * uses only the first entry: the site phase it sits on.
   */
  wiring: readonly [SitePhase, SitePhase, SitePhase];
  /** Rated maximum current per phase. */
  maxA: number;
  /** Minimum current per phase a car can charge at (6 A by IEC 61851). */
  minA: number;
  /** False for a charger that rejects charging profiles: it is counted at its full rating, always. */
  controllable: boolean;
  /** A car is charging (a transaction runs). */
  charging: boolean;
  /** The current measured on the charger's L1, L2, L3 (MeterValues), null when not known. */
  measuredA: PhaseTriple | null;
  /** The limit the charger was given last time, null when none. */
  previousLimitA: number | null;
  /** When its car last began to be served (rotation state returned by the previous allocation). */
  servedSince: number | null;
  /** When its car began to wait, paused (rotation state returned by the previous allocation). */
  waitingSince: number | null;
}

export interface AllocationInput {
  site: SiteInput;
  chargers: readonly ChargerInput[];
  now: number;
  /** How long a served car keeps its place when others wait (default ROTATION_PERIOD_MS). */
  rotationPeriodMs?: number;
}

export type AllocationReason =
  /** Its share of a full phase (max-min fair). */
  | 'fairShare'
  /** Limited by its own rating: the site has room to spare. */
  | 'rated'
  /** It draws less than it was given: capped near what it draws, the rest goes to others. */
  | 'notDrawing'
  /** The minimums of all charging cars do not fit: paused (0 A) until its turn. */
  | 'paused'
  /** Rejects charging profiles: counted at its rating, not controlled. */
  | 'rejectsProfiles'
  /** No car charging: only the fallback limit applies. */
  | 'idle';

export interface ChargerAllocation {
  id: string;
  /** The limit per phase to send, in A (one decimal); null for an idle or uncontrolled charger. */
  limitA: number | null;
  reason: AllocationReason;
  /** What this charger may draw on each site phase L1..L3 under this allocation. */
  sitePhasesA: PhaseTriple;
  /** Rotation state to store and pass back next time. */
  servedSince: number | null;
  waitingSince: number | null;
  /** The safe limit to keep on the charger when the central system is away (all chargers at it fit). */
  fallbackA: number;
}

export interface PhaseAllocation {
  limitA: number;
  /** Counted for chargers that cannot be controlled and the building's own load. */
  reservedA: number;
  /** Given to controlled chargers. */
  allocatedA: number;
}

export interface Allocation {
  chargers: ChargerAllocation[];
  phases: [PhaseAllocation, PhaseAllocation, PhaseAllocation];
  /** When the rotation next changes who is served (recompute then), null when nobody waits. */
  nextChangeAt: number | null;
}
