import {
  hasAtMostDecimals,
  tariffLimits,
  type PaymentMethod,
  type PriceModel,
  type Tariff,
  type TariffSave,
} from '@plugboard/contract';
import { interval, minutesOf, overlappingDays } from './bands';

/** What the form holds: numbers as typed, so that "0,35" or "abc" can be judged and explained. */
export type BandValues = {
  /** Identifies the row while rows are added and removed. */
  key: number;
  days: number[];
  from: string;
  to: string;
  energyPrice: string;
  timePrice: string;
  idlePrice: string;
};

export type TariffFormValues = {
  priceModel: PriceModel;
  energyPrice: string;
  timePrice: string;
  idlePrice: string;
  startFee: string;
  pricesIncludeVat: boolean;
  vatRate: string;
  paymentMethods: PaymentMethod[];
  bands: BandValues[];
};

export type PriceField = 'energyPrice' | 'timePrice' | 'idlePrice';
export type ValidationKey =
  | 'required'
  | 'number'
  | 'negative'
  | 'priceMax'
  | 'priceDecimals'
  | 'vatMax'
  | 'vatDecimals'
  | 'daysRequired'
  | 'time'
  | 'toAfterFrom'
  | 'overlap'
  | 'bandsRequired'
  | 'bandsMax';
/** A message of `tariff.validation.*` with its values. */
export type ValidationMessage = { key: ValidationKey; values?: Record<string, number | string> };

type TopField = PriceField | 'startFee' | 'vatRate' | 'bands';
type BandField = PriceField | 'days' | 'from' | 'to';
export type BandErrors = Partial<Record<BandField, ValidationMessage>> & { overlapDays?: number[] };
export type TariffFormErrors = { fields: Partial<Record<TopField, ValidationMessage>>; bands: BandErrors[] };

let nextKey = 1;

export function emptyBand(): BandValues {
  return {
    key: nextKey++,
    days: [1, 2, 3, 4, 5],
    from: '',
    to: '',
    energyPrice: '',
    timePrice: '0',
    idlePrice: '0',
  };
}

export function defaultTariffForm(): TariffFormValues {
  return {
    priceModel: 'static',
    energyPrice: '',
    timePrice: '0',
    idlePrice: '0',
    startFee: '0',
    pricesIncludeVat: true,
    vatRate: '',
    paymentMethods: ['rfid'],
    bands: [],
  };
}

export function tariffToForm(tariff: Tariff): TariffFormValues {
  return {
    priceModel: tariff.priceModel,
    energyPrice: String(tariff.energyPrice),
    timePrice: String(tariff.timePrice),
    idlePrice: String(tariff.idlePrice),
    startFee: String(tariff.startFee),
    pricesIncludeVat: tariff.pricesIncludeVat,
    vatRate: String(tariff.vatRate),
    paymentMethods: [...tariff.paymentMethods],
    bands: tariff.bands.map((band) => ({
      key: nextKey++,
      days: [...band.days],
      from: band.from,
      to: band.to,
      energyPrice: String(band.energyPrice),
      timePrice: String(band.timePrice),
      idlePrice: String(band.idlePrice),
    })),
  };
}

/** A decimal as typed (a comma is read as the decimal mark); undefined when empty, NaN when not a number. */
export function toNumber(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

function checkNumber(
  text: string,
  max: number,
  decimals: number,
  isVat: boolean,
): ValidationMessage | undefined {
  const value = toNumber(text);
  if (value === undefined) return { key: 'required' };
  if (Number.isNaN(value)) return { key: 'number' };
  if (value < 0) return { key: 'negative' };
  if (value > max) return isVat ? { key: 'vatMax', values: { max } } : { key: 'priceMax', values: { max } };
  if (!hasAtMostDecimals(value, decimals))
    return { key: isVat ? 'vatDecimals' : 'priceDecimals', values: { decimals } };
  return undefined;
}

const price = (text: string) => checkNumber(text, tariffLimits.priceMax, tariffLimits.priceDecimals, false);
const priceFields: PriceField[] = ['energyPrice', 'timePrice', 'idlePrice'];

function bandErrors(band: BandValues, overlapDays: number[]): BandErrors {
  const errors: BandErrors = {};
  if (band.days.length === 0) errors.days = { key: 'daysRequired' };
  if (minutesOf(band.from) === null) errors.from = { key: 'time' };
  if (minutesOf(band.to) === null) errors.to = { key: 'time' };
  else if (!errors.from && !interval(band)) errors.to = { key: 'toAfterFrom' };
  for (const field of priceFields) {
    const message = price(band[field]);
    if (message) errors[field] = message;
  }
  if (overlapDays.length > 0) errors.overlapDays = overlapDays;
  return errors;
}

/** The contract's rules (tariffs.ts) plus the server's overlap refusal, as messages per field and per band row. */
export function validateTariff(values: TariffFormValues): TariffFormErrors {
  const fields: TariffFormErrors['fields'] = {};
  for (const field of [...priceFields, 'startFee'] as const) {
    const message = price(values[field]);
    if (message) fields[field] = message;
  }
  const vat = checkNumber(values.vatRate, tariffLimits.vatRateMax, tariffLimits.vatRateDecimals, true);
  if (vat) fields.vatRate = vat;
  if (values.priceModel !== 'timeOfUse') return { fields, bands: [] };

  if (values.bands.length === 0) fields.bands = { key: 'bandsRequired' };
  if (values.bands.length > tariffLimits.bandsMax)
    fields.bands = { key: 'bandsMax', values: { max: tariffLimits.bandsMax } };
  const overlaps = overlappingDays(values.bands);
  return { fields, bands: values.bands.map((band, i) => bandErrors(band, overlaps[i] ?? [])) };
}

export function hasErrors(errors: TariffFormErrors): boolean {
  return Object.keys(errors.fields).length > 0 || errors.bands.some((band) => Object.keys(band).length > 0);
}

export type TariffFormResult =
  { ok: true; fields: Omit<TariffSave, 'stationId'> } | { ok: false; errors: TariffFormErrors };

/** What to save, or the messages while anything is wrong. */
export function parseTariffForm(values: TariffFormValues): TariffFormResult {
  const errors = validateTariff(values);
  return hasErrors(errors) ? { ok: false, errors } : { ok: true, fields: formToSave(values) };
}

/** The call's body from a form that passed validateTariff; bands are sent only for time of use. */
export function formToSave(values: TariffFormValues): Omit<TariffSave, 'stationId'> {
  const number = (text: string) => toNumber(text) ?? 0;
  return {
    priceModel: values.priceModel,
    energyPrice: number(values.energyPrice),
    timePrice: number(values.timePrice),
    idlePrice: number(values.idlePrice),
    startFee: number(values.startFee),
    pricesIncludeVat: values.pricesIncludeVat,
    vatRate: number(values.vatRate),
    paymentMethods: values.paymentMethods,
    bands:
      values.priceModel === 'timeOfUse'
        ? values.bands.map((band) => ({
            days: [...band.days].sort((a, b) => a - b),
            from: band.from,
            to: band.to,
            energyPrice: number(band.energyPrice),
            timePrice: number(band.timePrice),
            idlePrice: number(band.idlePrice),
          }))
        : [],
  };
}
