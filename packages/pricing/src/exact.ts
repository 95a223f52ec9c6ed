import { pricesOf } from './bands.ts';
import { add, ratio, sum, type Rational } from './rational.ts';
import { bandTimeline } from './timeline.ts';
import type { LineKind, PriceSessionInput, Tariff } from './types.ts';

/** One line before rounding. quantity: mWh for energy, ms for time, 1 for the start fee. */
export type ExactLine = {
  kind: LineKind;
  band: number | null;
  quantity: Rational;
  unitPrice: number;
  /** Minor units, after the multiplier, on the tariff's side of VAT. */
  amount: Rational;
};

export type ExactSession = {
  lines: ExactLine[];
  /** The sum of the lines' amounts: what every reported figure is rounded from. */
  total: Rational;
  energyMwh: bigint;
  chargingMs: number;
  idleMs: number;
};

/** Registers are read to 1 mWh: far below any meter's accuracy, and it keeps OCPP's decimal Wh exact. */
export const toMwh = (energyWh: number) => BigInt(Math.round(energyWh * 1000));

const kindOrder: readonly LineKind[] = ['startFee', 'energy', 'chargingTime', 'idleTime'];

function unitPriceOf(tariff: Tariff, kind: LineKind, band: number | null): number {
  const prices = pricesOf(tariff, band);
  switch (kind) {
    case 'startFee':
      return tariff.startFee;
    case 'energy':
      return prices.energyPerKwh;
    case 'chargingTime':
      return prices.perChargingMinute;
    case 'idleTime':
      return prices.perIdleMinute;
  }
}

/** The quantity's unit per price unit's: mWh per kWh, ms per minute. */
const perPriceUnit: Record<LineKind, bigint> = {
  startFee: 1n,
  energy: 1_000_000n,
  chargingTime: 60_000n,
  idleTime: 60_000n,
};

/**
 * Prices a session exactly. Each interval between two readings is "charging" when the register rises, else
 * "idle" (the car is plugged in and draws nothing). A register that goes backwards (a meter replaced or reset)
 * counts as no energy for that interval: a session is never credited. Time and energy are split at band edges,
 * the energy in proportion to time (linear interpolation between the two readings).
 */
export function priceExactly({ tariff, readings, multiplierBp }: PriceSessionInput): ExactSession {
  const first = readings[0];
  const lastReading = readings.at(-1);
  if (!first || !lastReading) throw new RangeError('a session needs at least one meter reading');
  const segments = bandTimeline(tariff, first.at, lastReading.at);
  // The lines in the order each (kind, band) first came, found by kind and then band (no key string per add).
  type Line = { kind: LineKind; band: number | null; quantity: Rational };
  const quantities: Line[] = [];
  const byKind = new Map<LineKind, Map<number | null, Line>>();
  const addTo = (kind: LineKind, band: number | null, quantity: Rational) => {
    let bands = byKind.get(kind);
    if (!bands) byKind.set(kind, (bands = new Map<number | null, Line>()));
    const line = bands.get(band);
    if (line) line.quantity = add(line.quantity, quantity);
    else {
      const added = { kind, band, quantity };
      bands.set(band, added);
      quantities.push(added);
    }
  };
  if (tariff.startFee !== 0) addTo('startFee', null, ratio(1n));

  let energyMwh = 0n;
  let chargingMs = 0;
  let idleMs = 0;
  let s = 0; // segments before s end before the current interval
  let registerMwh = toMwh(first.energyWh); // readings[i - 1]'s, each register converted once
  for (let i = 1; i < readings.length; i++) {
    const a = readings[i - 1];
    const b = readings[i];
    if (!a || !b) continue;
    const nextMwh = toMwh(b.energyWh);
    const rise = nextMwh - registerMwh;
    registerMwh = nextMwh;
    const charging = rise > 0n;
    if (charging) energyMwh += rise;
    if (charging) chargingMs += b.at - a.at;
    else idleMs += b.at - a.at;
    while (s < segments.length - 1 && (segments[s]?.to ?? 0) <= a.at) s++;
    if (b.at === a.at) {
      // Two readings at one instant: the energy, if any, belongs to the band in force then.
      if (charging) addTo('energy', segments[s]?.band ?? null, ratio(rise));
      continue;
    }
    // The segments, from s on, that overlap [a.at, b.at) for a positive time (a plain loop: this runs for every
    // interval of every ongoing session a list shows).
    for (let k = s; k < segments.length; k++) {
      const seg = segments[k];
      if (!seg || seg.from >= b.at) break;
      const ms = Math.min(b.at, seg.to) - Math.max(a.at, seg.from);
      if (ms <= 0) continue;
      addTo(charging ? 'chargingTime' : 'idleTime', seg.band, ratio(BigInt(ms)));
      // The whole interval in one band (the usual case): all of its energy, no division to reduce.
      if (charging)
        addTo(
          'energy',
          seg.band,
          ms === b.at - a.at ? ratio(rise) : ratio(rise * BigInt(ms), BigInt(b.at - a.at)),
        );
    }
  }

  const scale = ratio(BigInt(multiplierBp) * 10n ** BigInt(tariff.minorDigits), 10_000n * 10_000n);
  const lines = quantities
    .sort((x, y) => kindOrder.indexOf(x.kind) - kindOrder.indexOf(y.kind))
    .map((line): ExactLine => {
      const unitPrice = unitPriceOf(tariff, line.kind, line.band);
      const amount = ratio(
        line.quantity.n * BigInt(unitPrice) * scale.n,
        line.quantity.d * perPriceUnit[line.kind] * scale.d,
      );
      return { ...line, unitPrice, amount };
    });
  return { lines, total: sum(lines.map((l) => l.amount)), energyMwh, chargingMs, idleMs };
}
