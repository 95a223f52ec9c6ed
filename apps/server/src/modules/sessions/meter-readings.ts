import type { MeterValue, Phase, SampledValue } from './transaction-event.ts';

/** One sample of a charger's meter, in the units we store (Wh, W, A); what it did not measure is null. */
export type MeterReading = {
  sampledAt: Date;
  energyWh: number | null;
  powerW: number | null;
  currents: [number | null, number | null, number | null];
};

const phaseIndex: Partial<Record<Phase, 0 | 1 | 2>> = {
  L1: 0,
  L2: 1,
  L3: 2,
  'L1-N': 0,
  'L2-N': 1,
  'L3-N': 2,
};

/** The value in Wh, W or A: kWh and kW are thousands, and 2.0.1's multiplier is a power of ten. */
const scaled = (sv: SampledValue) => {
  const unit = sv.unitOfMeasure?.unit;
  return sv.value * (unit === 'kWh' || unit === 'kW' ? 1000 : 1) * 10 ** (sv.unitOfMeasure?.multiplier ?? 0);
};
/** A value of the charger's own meter (not the EV's), and a number. */
const usable = (sv: SampledValue) => sv.location !== 'EV' && Number.isFinite(sv.value);
const isImportRegister = (sv: SampledValue) =>
  (sv.measurand ?? 'Energy.Active.Import.Register') === 'Energy.Active.Import.Register' && !sv.phase;

/**
 * Turns meter values into readings in Wh, W and A. Only what the central system uses is read: the import energy
 * register, the import power and the import current per phase (a current without a phase is L1, as on a
 * single-phase charger); per-phase power is summed when no total is given. Values measured at the EV are skipped.
 * Defaults follow OCPP: the measurand Energy.Active.Import.Register, units Wh / W / A.
 */
export function readingsOf(meterValues: readonly MeterValue[]): MeterReading[] {
  return meterValues.map((mv) => {
    let energyWh: number | null = null;
    let powerW: number | null = null;
    let phasePowerW: number | null = null;
    const currents: MeterReading['currents'] = [null, null, null];
    for (const sv of mv.sampledValue) {
      if (!usable(sv)) continue;
      const value = scaled(sv);
      if (isImportRegister(sv)) {
        energyWh = Math.round(value);
      } else if (sv.measurand === 'Power.Active.Import') {
        if (!sv.phase) powerW = value;
        else if (phaseIndex[sv.phase] !== undefined) phasePowerW = (phasePowerW ?? 0) + value;
      } else if (sv.measurand === 'Current.Import') {
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

/**
 * The register a session starts or stops at: the last import register value marked Transaction.Begin (or .End),
 * in Wh. It is kept on the session row, not as a reading: `rest` is the meter values without it.
 */
export function takeRegister(
  meterValues: readonly MeterValue[],
  context: 'Transaction.Begin' | 'Transaction.End',
): { registerWh: number | undefined; rest: MeterValue[] } {
  for (let i = meterValues.length - 1; i >= 0; i--) {
    const mv = meterValues[i]!;
    const at = mv.sampledValue.findLastIndex(
      (sv) => sv.context === context && usable(sv) && isImportRegister(sv),
    );
    if (at < 0) continue;
    const left = mv.sampledValue.filter((_, j) => j !== at);
    const rest = [...meterValues.slice(0, i), ...meterValues.slice(i + 1)];
    if (left.length > 0) rest.splice(i, 0, { ...mv, sampledValue: left });
    return { registerWh: Math.round(scaled(mv.sampledValue[at]!)), rest };
  }
  return { registerWh: undefined, rest: [...meterValues] };
}

/** The earliest (or the newest) reading that has an energy register. */
export function withEnergy(readings: MeterReading[], which: 'earliest' | 'newest'): MeterReading | undefined {
  return readings
    .filter((r) => r.energyWh !== null)
    .reduce<MeterReading | undefined>((found, r) => {
      if (found === undefined) return r;
      const later = r.sampledAt >= found.sampledAt;
      return (which === 'newest' ? later : !later) ? r : found;
    }, undefined);
}
