import { bandLabel } from './bands.ts';
import { priceExactly, type ExactLine } from './exact.ts';
import { compare, floor, mul, ratio, roundHalfUp, sub, type Rational } from './rational.ts';
import type { Breakdown, BreakdownLine, PriceSessionInput } from './types.ts';
import { assertPriceable } from './validate-input.ts';

/**
 * Prices a charging session. Everything is exact until each reported figure is rounded once, half-up, to the
 * currency's minor unit; the lines are then made to add up to the total (see README.md, "Rounding rules").
 * Throws a RangeError for input that cannot be priced (negative prices, unsorted readings, invalid bands).
 */
export function priceSession(input: PriceSessionInput): Breakdown {
  assertPriceable(input);
  const { tariff, multiplierBp } = input;
  const exact = priceExactly(input);
  const total = roundHalfUp(exact.total);
  const amounts = allocate(
    exact.lines.map((l) => l.amount),
    total,
  );
  const vat = splitVat(exact.total, total, tariff.pricesIncludeVat, tariff.vatRateBp);
  return {
    currencyDigits: tariff.minorDigits,
    multiplierBp,
    pricesIncludeVat: tariff.pricesIncludeVat,
    vatRateBp: tariff.vatRateBp,
    lines: exact.lines.map((line, i) => toBreakdownLine(input, line, amounts[i] ?? 0n)),
    netMinor: Number(vat.net),
    vatMinor: Number(vat.vat),
    grossMinor: Number(vat.gross),
    energyWh: Number(exact.energyMwh) / 1000,
    chargingMs: exact.chargingMs,
    idleMs: exact.idleMs,
  };
}

/**
 * Largest remainder: every line gets its exact amount rounded down, and the units still missing to reach
 * `total` go one each to the lines with the largest fractions (the earlier line on a tie). So the lines add up
 * to the total exactly and each is within one minor unit of its exact amount.
 */
export function allocate(exact: readonly Rational[], total: bigint): bigint[] {
  const shares = exact.map((amount, index) => ({
    index,
    whole: floor(amount),
    fraction: fractionOf(amount),
  }));
  let missing = total - shares.reduce((s, x) => s + x.whole, 0n);
  const byFraction = [...shares].sort((x, y) => compare(y.fraction, x.fraction) || x.index - y.index);
  for (const share of byFraction) {
    if (missing <= 0n) break;
    share.whole += 1n;
    missing -= 1n;
  }
  return shares.map((s) => s.whole);
}

const fractionOf = (amount: Rational) => sub(amount, ratio(floor(amount)));

/**
 * VAT on the exact amount: the side the prices are given in is the rounded total, the other side is rounded
 * once from the exact amount too, and VAT is what makes net + VAT = gross hold in minor units.
 */
function splitVat(exact: Rational, total: bigint, pricesIncludeVat: boolean, vatRateBp: number) {
  const rate = BigInt(vatRateBp);
  if (pricesIncludeVat) {
    const net = roundHalfUp(mul(exact, ratio(10_000n, 10_000n + rate)));
    return { net, vat: total - net, gross: total };
  }
  const vat = roundHalfUp(mul(exact, ratio(rate, 10_000n)));
  return { net: total, vat, gross: total + vat };
}

function toBreakdownLine({ tariff }: PriceSessionInput, line: ExactLine, amount: bigint): BreakdownLine {
  const band = line.band === null ? undefined : tariff.bands[line.band];
  return {
    kind: line.kind,
    band: band ? bandLabel(band) : null,
    quantity: displayQuantity(line),
    unitPrice: line.unitPrice,
    amountMinor: Number(amount),
  };
}

/** kWh to 3 decimals (Wh), minutes to 2: for people to read; the amounts come from the exact quantities. */
function displayQuantity(line: ExactLine): number {
  switch (line.kind) {
    case 'startFee':
      return 1;
    case 'energy':
      return Number(roundHalfUp(mul(line.quantity, ratio(1n, 1000n)))) / 1000;
    case 'chargingTime':
    case 'idleTime':
      return Number(roundHalfUp(mul(line.quantity, ratio(1n, 600n)))) / 100;
  }
}
