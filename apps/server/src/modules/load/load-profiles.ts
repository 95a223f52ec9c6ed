import type { Ocpp16 } from '@plugboard/ocpp';
import { ocpp16TransactionId } from '../../ocpp/v16/transaction-id.ts';

type ChargingProfile = Ocpp16.SetChargingProfileRequest['csChargingProfiles'];
export type SetChargingProfile = Ocpp16.SetChargingProfileRequest;

/**
 * The charging profiles load management keeps on a charger (OCPP 1.6 section 3.13): ids of their own, so that a
 * new one replaces the old (5.16: a profile with the same chargingProfileId replaces it) and off clears exactly
 * them (ClearChargingProfile by id), leaving any profile an operator set by hand alone.
 */
export const profileIds = { txDefault: 160_001, tx: 160_002 } as const;

/** A TxProfile is valid this long; the allocation sends it again before (then the TxDefaultProfile rules). */
export const txProfileValidityMs = 20 * 60_000;
/** A TxProfile older than this is sent again, so it never lapses while the central system is there. */
export const txProfileRefreshMs = 10 * 60_000;

export type RateUnit = 'A' | 'W';

/**
 * One period from the start of the schedule, in the charger's unit: A per phase with numberPhases, or W converted
 * with the voltage and the phases the charger uses (for chargers that accept only W). Limits are multiples of 0.1.
 */
function schedule(
  limitA: number,
  phases: 1 | 3,
  unit: RateUnit,
  voltage: number,
): ChargingProfile['chargingSchedule'] {
  const limit = unit === 'A' ? Math.round(limitA * 10) / 10 : Math.round(limitA * voltage * phases);
  return {
    chargingRateUnit: unit,
    chargingSchedulePeriod: [{ startPeriod: 0, limit, numberPhases: phases }],
  };
}

/**
 * The fallback every connector keeps when no transaction profile is in force: a TxDefaultProfile on connector 0
 * (all connectors), stack level 0, Relative (each transaction's start), so it holds while the central system is away.
 */
export function txDefaultProfile(
  limitA: number,
  phases: 1 | 3,
  unit: RateUnit,
  voltage: number,
): SetChargingProfile {
  return {
    connectorId: 0,
    csChargingProfiles: {
      chargingProfileId: profileIds.txDefault,
      stackLevel: 0,
      chargingProfilePurpose: 'TxDefaultProfile',
      chargingProfileKind: 'Relative',
      chargingSchedule: schedule(limitA, phases, unit, voltage),
    },
  };
}

/**
 * The running transaction's limit: a TxProfile on its connector naming its transactionId (only a TxProfile may),
 * valid until `validTo`, after which the fallback TxDefaultProfile applies again. The id is the core's text; a 1.6
 * profile names the integer.
 */
export function txProfile(
  connectorId: number,
  transactionId: string,
  limitA: number,
  phases: 1 | 3,
  unit: RateUnit,
  voltage: number,
  validTo: Date,
): SetChargingProfile {
  return {
    connectorId,
    csChargingProfiles: {
      chargingProfileId: profileIds.tx,
      transactionId: ocpp16TransactionId(transactionId),
      stackLevel: 0,
      chargingProfilePurpose: 'TxProfile',
      chargingProfileKind: 'Relative',
      validTo: validTo.toISOString(),
      chargingSchedule: schedule(limitA, phases, unit, voltage),
    },
  };
}
