import type { Ocpp16 } from '@plugboard/ocpp';
import type { MeterValue, SampledValue } from '../../modules/sessions/transaction-event.ts';

type SampledValue16 = Ocpp16.MeterValuesRequest['meterValue'][number]['sampledValue'][number];
type MeterValue16 = { timestamp: string; sampledValue: SampledValue16[] };

type Measurand16 = NonNullable<SampledValue16['measurand']>;
/** 2.0.1 has every 1.6 measurand but these two, which the sessions core does not read. */
const in201 = (m: Measurand16): m is Exclude<Measurand16, 'Temperature' | 'RPM'> =>
  m !== 'Temperature' && m !== 'RPM';

/**
 * OCPP 1.6 meter values in the sessions core's shape (2.0.1's): values as numbers, the unit as a unit of measure.
 * Context, phase, location and measurand names are the same in both versions. Signed data and values that are not
 * numbers are dropped, and so is a sample left with no value.
 */
export function meterValuesOf(meterValues: readonly MeterValue16[]): MeterValue[] {
  return meterValues
    .map((mv) => ({ timestamp: mv.timestamp, sampledValue: mv.sampledValue.flatMap(sampledValueOf) }))
    .filter((mv) => mv.sampledValue.length > 0);
}

function sampledValueOf(sv: SampledValue16): SampledValue[] {
  const value = Number.parseFloat(sv.value);
  if (sv.format === 'SignedData' || !Number.isFinite(value)) return [];
  if (sv.measurand && !in201(sv.measurand)) return [];
  return [
    {
      value,
      ...(sv.measurand && { measurand: sv.measurand }),
      ...(sv.phase && { phase: sv.phase }),
      ...(sv.context && { context: sv.context }),
      ...(sv.location && { location: sv.location }),
      ...(sv.unit && { unitOfMeasure: { unit: sv.unit } }),
    },
  ];
}
