import type { Ocpp16 } from '@plugboard/ocpp';
import type { MeterReading } from '../../modules/sessions/sessions.service.ts';

type SampledValue = Ocpp16.MeterValuesRequest['meterValue'][number]['sampledValue'][number];
type MeterValue = { timestamp: string; sampledValue: SampledValue[] };

const phaseIndex: Partial<Record<NonNullable<SampledValue['phase']>, 0 | 1 | 2>> = {
  L1: 0,
  L2: 1,
  L3: 2,
  'L1-N': 0,
  'L2-N': 1,
  'L3-N': 2,
};

/**
 * Turns OCPP meter values into readings in Wh, W and A. Only what the central system uses is read: the import
 * energy register, the import power and the import current per phase (a current without a phase is L1, as on a
 * single-phase charger); per-phase power is summed when no total is given. Signed values and values measured at
 * the EV are skipped. Defaults follow OCPP 1.6: the measurand Energy.Active.Import.Register, units Wh / W / A.
 */
export function readingsOf(meterValues: readonly MeterValue[]): MeterReading[] {
  return meterValues.map((mv) => {
    let energyWh: number | null = null;
    let powerW: number | null = null;
    let phasePowerW: number | null = null;
    const currents: MeterReading['currents'] = [null, null, null];
    for (const sv of mv.sampledValue) {
      if (sv.format === 'SignedData' || sv.location === 'EV') continue;
      const value = Number.parseFloat(sv.value);
      if (!Number.isFinite(value)) continue;
      const measurand = sv.measurand ?? 'Energy.Active.Import.Register';
      if (measurand === 'Energy.Active.Import.Register' && !sv.phase) {
        energyWh = Math.round(sv.unit === 'kWh' ? value * 1000 : value);
      } else if (measurand === 'Power.Active.Import') {
        const watts = sv.unit === 'kW' ? value * 1000 : value;
        if (!sv.phase) powerW = watts;
        else if (phaseIndex[sv.phase] !== undefined) phasePowerW = (phasePowerW ?? 0) + watts;
      } else if (measurand === 'Current.Import') {
        // The neutral and line-to-line phases are not a line current.
        const index = sv.phase ? phaseIndex[sv.phase] : 0;
        if (index !== undefined) currents[index] = value;
      }
    }
    const power = powerW ?? phasePowerW;
    return {
      sampledAt: new Date(mv.timestamp),
      energyWh,
      powerW: power === null ? null : Math.round(power),
      currents,
    };
  });
}
