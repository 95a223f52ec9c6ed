import {
  chargerFieldLimits,
  type Charger,
  type ChargerType,
  type ChargerUpdate,
  type Connectivity,
} from '@plugboard/contract';

/** What the edit dialog holds: text as typed, so that "abc" kW can be explained rather than sent. */
export type EditChargerValues = {
  chargerType: ChargerType | '';
  /** kW, as on the charger's label; sent in W. */
  ratedPowerKw: string;
  connectivity: Connectivity | '';
  capacityL1: string;
  capacityL2: string;
  capacityL3: string;
};
export type EditChargerField = keyof EditChargerValues;

export type EditChargerMessage = {
  key: 'ratedPowerInvalid' | 'capacityInvalid';
  values?: Record<string, number>;
};
export type EditChargerResult =
  | { ok: true; fields: Omit<ChargerUpdate, 'stationId' | 'chargerId'> }
  | { ok: false; errors: Partial<Record<EditChargerField, EditChargerMessage>> };

const text = (value: number | null) => (value === null ? '' : String(value));

export const editChargerForm = (charger: Charger): EditChargerValues => ({
  chargerType: charger.chargerType ?? '',
  ratedPowerKw: charger.ratedPowerW === null ? '' : String(charger.ratedPowerW / 1000),
  connectivity: charger.connectivity ?? '',
  capacityL1: text(charger.capacityL1),
  capacityL2: text(charger.capacityL2),
  capacityL3: text(charger.capacityL3),
});

const phases = ['capacityL1', 'capacityL2', 'capacityL3'] as const;

/** Every field is sent: an emptied one is cleared (null), as the update call takes it. */
export function parseEditChargerForm(values: EditChargerValues): EditChargerResult {
  const errors: Partial<Record<EditChargerField, EditChargerMessage>> = {};
  const power = values.ratedPowerKw.trim().replace(',', '.');
  const ratedPowerW = power === '' ? null : Math.round(Number(power) * 1000);
  if (
    ratedPowerW !== null &&
    (!Number.isFinite(ratedPowerW) || ratedPowerW <= 0 || ratedPowerW > chargerFieldLimits.ratedPowerMaxW)
  ) {
    errors.ratedPowerKw = {
      key: 'ratedPowerInvalid',
      values: { max: chargerFieldLimits.ratedPowerMaxW / 1000 },
    };
  }
  const capacities = {} as Record<(typeof phases)[number], number | null>;
  for (const phase of phases) {
    const raw = values[phase].trim();
    const amperes = raw === '' ? null : Number(raw);
    if (
      amperes !== null &&
      (!Number.isInteger(amperes) || amperes <= 0 || amperes > chargerFieldLimits.phaseCapacityMax)
    ) {
      errors[phase] = { key: 'capacityInvalid', values: { max: chargerFieldLimits.phaseCapacityMax } };
    }
    capacities[phase] = amperes;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    fields: {
      chargerType: values.chargerType === '' ? null : values.chargerType,
      ratedPowerW,
      connectivity: values.connectivity === '' ? null : values.connectivity,
      ...capacities,
    },
  };
}
