import {
  chargerFieldLimits,
  chargerLimits,
  type ChargerAdd,
  type ChargerType,
  type Connectivity,
} from '@plugboard/contract';

/** What the add dialog holds: text as typed, so that "abc" kW can be explained rather than sent. */
export type AddChargerValues = {
  productCode: string;
  pin: string;
  alias: string;
  chargerType: ChargerType | '';
  /** kW, as operators read it off the charger's label; sent in W. */
  ratedPowerKw: string;
  connectivity: Connectivity | '';
};
export type AddChargerField = keyof AddChargerValues;

/** A message of `chargers.validation.*` and its interpolation values. */
export type AddChargerMessage = {
  key:
    | 'productCodeRequired'
    | 'productCodeInvalid'
    | 'pinRequired'
    | 'pinInvalid'
    | 'aliasTooLong'
    | 'ratedPowerInvalid';
  values?: Record<string, number>;
};
export type AddChargerErrors = Partial<Record<AddChargerField, AddChargerMessage>>;

export type AddChargerResult =
  { ok: true; fields: Omit<ChargerAdd, 'stationId'> } | { ok: false; errors: AddChargerErrors };

export const emptyAddChargerForm = (): AddChargerValues => ({
  productCode: '',
  pin: '',
  alias: '',
  chargerType: '',
  ratedPowerKw: '',
  connectivity: '',
});

const maxRatedPowerKw = chargerFieldLimits.ratedPowerMaxW / 1000;

/** Checks what the server would refuse, so that the operator sees why before any request leaves. */
export function parseAddChargerForm(values: AddChargerValues): AddChargerResult {
  const errors: AddChargerErrors = {};
  const productCode = values.productCode.trim();
  const alias = values.alias.trim();
  const power = values.ratedPowerKw.trim().replace(',', '.');
  const ratedPowerW = power === '' ? undefined : Math.round(Number(power) * 1000);

  if (productCode === '') errors.productCode = { key: 'productCodeRequired' };
  else if (!chargerLimits.productCodePattern.test(productCode))
    errors.productCode = { key: 'productCodeInvalid' };
  if (values.pin === '') errors.pin = { key: 'pinRequired' };
  else if (!chargerLimits.pinPattern.test(values.pin)) errors.pin = { key: 'pinInvalid' };
  if (alias.length > chargerLimits.aliasMax) {
    errors.alias = { key: 'aliasTooLong', values: { max: chargerLimits.aliasMax } };
  }
  if (
    ratedPowerW !== undefined &&
    (!Number.isFinite(ratedPowerW) || ratedPowerW <= 0 || ratedPowerW > chargerFieldLimits.ratedPowerMaxW)
  ) {
    errors.ratedPowerKw = { key: 'ratedPowerInvalid', values: { max: maxRatedPowerKw } };
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  return {
    ok: true,
    fields: {
      productCode,
      pin: values.pin,
      ...(alias !== '' && { alias }),
      ...(values.chargerType !== '' && { chargerType: values.chargerType }),
      ...(ratedPowerW !== undefined && { ratedPowerW }),
      ...(values.connectivity !== '' && { connectivity: values.connectivity }),
    },
  };
}
