// The engine's inputs and its one output. Prices and money are integers: prices in "price units"
// (1/10,000 of the currency's major unit, 0.3490 EUR = 3490), amounts in minor units (cents, or yen).

export type PriceSet = {
  energyPerKwh: number;
  perChargingMinute: number;
  perIdleMinute: number;
};

export type Band = PriceSet & {
  /** ISO weekdays, 1 = Monday .. 7 = Sunday, of the tariff's local calendar. */
  days: readonly number[];
  /** Local wall-clock 'HH:MM'; `to` may be '24:00' and is after `from`: a band never wraps midnight. */
  from: string;
  to: string;
};

export type Tariff = PriceSet & {
  priceModel: 'static' | 'timeOfUse';
  startFee: number;
  /** true: the prices are gross (VAT included); false: net. */
  pricesIncludeVat: boolean;
  /** 21 % = 2100. */
  vatRateBp: number;
  /** Used only by 'timeOfUse'; time no band covers is priced at the tariff's own PriceSet. */
  bands: readonly Band[];
  /** IANA zone the bands' wall-clock times are read in. */
  timeZone: string;
  /** Digits of the final amounts: 2 for EUR, 0 for JPY (see minorDigitsOf). */
  minorDigits: number;
};

/** `energyWh` is the cumulative meter register; readings are sorted by `at` (epoch ms). */
export type MeterReading = { at: number; energyWh: number };

export type PriceSessionInput = {
  tariff: Tariff;
  /** First = session start, last = stop (or "now" for an estimate of an ongoing session). */
  readings: readonly MeterReading[];
  /** The card group's rate multiplier, percent x 100: 80 % = 8000, no card group = 10000, free = 0. */
  multiplierBp: number;
};

export type LineKind = 'startFee' | 'energy' | 'chargingTime' | 'idleTime';

export type BreakdownLine = {
  kind: LineKind;
  /** e.g. 'Mon-Fri 07:00-23:00'; null for the tariff's base prices. */
  band: string | null;
  /** kWh (3 decimals), minutes (2 decimals) or 1 for the start fee: for display only. */
  quantity: number;
  /** The tariff's price in price units, before the multiplier. */
  unitPrice: number;
  /** After the multiplier, on the tariff's side of VAT (gross when pricesIncludeVat, else net). */
  amountMinor: number;
};

export type Breakdown = {
  currencyDigits: number;
  multiplierBp: number;
  pricesIncludeVat: boolean;
  vatRateBp: number;
  lines: BreakdownLine[];
  netMinor: number;
  vatMinor: number;
  grossMinor: number;
  energyWh: number;
  chargingMs: number;
  idleMs: number;
};
