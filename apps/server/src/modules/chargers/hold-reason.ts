import type { ChargerStatus } from '@plugboard/contract';

/**
 * Why a connector with a transaction draws no energy although the car would take it (OCPP 1.6 SuspendedEVSE: the
 * charger holds it back). OCPP 1.6 has one status for all of them; the console tells them apart (docs/ocpp.md,
 * Status mapping):
 * - `scheduled`: a charging profile whose schedule starts later (a delayed or off-peak start);
 * - `gridCapacity`: the load manager gives it no current until the site's capacity allows (load management);
 * - `surplus`: the charger waits for solar surplus (its own PV mode);
 * - `randomizedDelay`: the charger waits out a randomized start delay (as the UK's smart charge point rules ask).
 */
export const holdStatuses = {
  scheduled: 'scheduled',
  gridCapacity: 'waitingForGridCapacity',
  surplus: 'waitingForSurplus',
  randomizedDelay: 'waitingForRandomizedDelay',
} as const satisfies Record<string, ChargerStatus>;

export type HoldReason = keyof typeof holdStatuses;

const held: readonly ChargerStatus[] = Object.values(holdStatuses);
export const isHoldStatus = (status: ChargerStatus): boolean => held.includes(status);

// StatusNotification's `info` is free text (at most 50 characters): chargers that know why they hold a car back
// say it there in their own words. These are the words seen; anything else stays 'queuing'.
const infoHints: [RegExp, HoldReason][] = [
  [/random/i, 'randomizedDelay'],
  [/surplus|solar|\bpv\b/i, 'surplus'],
  [/schedul|delayed start|off.?peak|timer/i, 'scheduled'],
  [/grid|capacity|load.?(management|balanc)/i, 'gridCapacity'],
];

/** The reason a charger's StatusNotification `info` gives for holding a car back; null when it names none. */
export function holdReasonFromInfo(info: string | null): HoldReason | null {
  if (!info) return null;
  return infoHints.find(([pattern]) => pattern.test(info))?.[1] ?? null;
}
