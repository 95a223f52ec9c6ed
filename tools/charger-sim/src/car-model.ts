import type { Ocpp16 } from '@plugboard/ocpp';

type ChargingProfile = Ocpp16.SetChargingProfileRequest['csChargingProfiles'];

export type Electrical = { phases: 1 | 3; voltage: number };

/**
 * The limit a charging profile sets now, in watts (a limit in amperes is per phase, as OCPP says). Only the
 * period in force is read; recurring profiles are treated as starting at `startSchedule` (or now).
 */
export function profileLimitW(
  profile: ChargingProfile,
  electrical: Electrical,
  at: Date,
  transactionStart: Date | null,
): number | null {
  const schedule = profile.chargingSchedule;
  const start =
    profile.chargingProfileKind === 'Relative'
      ? (transactionStart ?? at)
      : schedule.startSchedule
        ? new Date(schedule.startSchedule)
        : at;
  const elapsedS = (at.getTime() - start.getTime()) / 1000;
  // Before its start or after its duration a schedule sets no limit.
  if (elapsedS < 0 || (schedule.duration !== undefined && elapsedS > schedule.duration)) return null;
  const periods = [...schedule.chargingSchedulePeriod].sort((a, b) => a.startPeriod - b.startPeriod);
  const current = periods.filter((p) => p.startPeriod <= elapsedS).at(-1);
  if (!current) return null;
  if (schedule.chargingRateUnit === 'W') return current.limit;
  const phases = current.numberPhases ?? electrical.phases;
  return current.limit * electrical.voltage * phases;
}

/** The power the car draws: its own maximum, held to the charger's limit, zero once its battery is full. */
export function carPowerW({
  carMaxW,
  limitW,
  deliveredWh,
  capacityWh,
}: {
  carMaxW: number;
  limitW: number | null;
  deliveredWh: number;
  capacityWh: number;
}): number {
  if (deliveredWh >= capacityWh) return 0;
  return Math.max(0, Math.min(carMaxW, limitW ?? Number.POSITIVE_INFINITY));
}

/** Per-phase currents for a power, spread evenly over the phases in use. */
export function currentsFor(powerW: number, { phases, voltage }: Electrical): [number, number, number] {
  const perPhase = Math.round((powerW / (voltage * phases)) * 100) / 100;
  return phases === 3 ? [perPhase, perPhase, perPhase] : [perPhase, 0, 0];
}

const validAt = (p: ChargingProfile, at: Date) =>
  (!p.validFrom || new Date(p.validFrom) <= at) && (!p.validTo || at < new Date(p.validTo));
const highest = (profiles: ChargingProfile[]) =>
  profiles.sort((a, b) => b.stackLevel - a.stackLevel).find(() => true);

/**
 * The limit in force on a connector, W, as OCPP 1.6 (3.13.2) stacks profiles: the valid TxProfile of the running
 * transaction with the highest stack level, else the connector's TxDefaultProfile, else connector 0's; then held
 * to the ChargePointMaxProfile (connector 0). Null when no profile limits it.
 */
export function limitInForceW({
  connectorProfiles,
  chargerProfiles,
  transactionId,
  transactionStart,
  electrical,
  at,
}: {
  connectorProfiles: ChargingProfile[];
  chargerProfiles: ChargingProfile[];
  transactionId: number | null;
  transactionStart: Date | null;
  electrical: Electrical;
  at: Date;
}): number | null {
  const limitOf = (p: ChargingProfile | undefined) =>
    p ? profileLimitW(p, electrical, at, transactionStart) : null;
  const of = (set: ChargingProfile[], purpose: ChargingProfile['chargingProfilePurpose']) =>
    set.filter(
      (p) =>
        p.chargingProfilePurpose === purpose &&
        validAt(p, at) &&
        (purpose !== 'TxProfile' ||
          (transactionId !== null && (p.transactionId ?? transactionId) === transactionId)),
    );
  const tx =
    limitOf(highest(of(connectorProfiles, 'TxProfile'))) ??
    limitOf(highest(of(connectorProfiles, 'TxDefaultProfile'))) ??
    limitOf(highest(of(chargerProfiles, 'TxDefaultProfile')));
  const max = limitOf(highest(of(chargerProfiles, 'ChargePointMaxProfile')));
  if (tx === null) return max;
  return max === null ? tx : Math.min(tx, max);
}
