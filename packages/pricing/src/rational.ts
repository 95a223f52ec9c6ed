// Exact rationals on BigInt. Interpolated energy (a share of an interval's energy) and per-minute prices of
// millisecond durations are fractions of a minor unit: keeping them exact until the one rounding per reported
// figure is what makes the total independent of how often the meter was read.

/** Always reduced, with a positive denominator, so that equal values have equal fields. */
export type Rational = { readonly n: bigint; readonly d: bigint };

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function ratio(n: bigint, d = 1n): Rational {
  // A whole number is reduced already (most quantities are: ms, mWh): no gcd (bench/api, the ongoing sessions'
  // estimates of every list call).
  if (d === 1n) return { n, d };
  if (d === 0n) throw new RangeError('division by zero');
  const sign = d < 0n ? -1n : 1n;
  const g = gcd(n, d);
  return { n: (sign * n) / g, d: (sign * d) / g };
}

export const zero: Rational = ratio(0n);

export const add = (a: Rational, b: Rational): Rational =>
  a.d === b.d ? ratio(a.n + b.n, a.d) : ratio(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a: Rational, b: Rational): Rational => ratio(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Rational, b: Rational): Rational => ratio(a.n * b.n, a.d * b.d);
export const sum = (values: readonly Rational[]): Rational => values.reduce(add, zero);

export function compare(a: Rational, b: Rational): number {
  const diff = a.n * b.d - b.n * a.d;
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
}

export function floor(r: Rational): bigint {
  const q = r.n / r.d; // BigInt division truncates toward zero
  return r.n < 0n && q * r.d !== r.n ? q - 1n : q;
}

/** Half away from zero ("commercial" rounding); amounts here are never negative, so this is half-up. */
export function roundHalfUp(r: Rational): bigint {
  const magnitude = floor(ratio(2n * (r.n < 0n ? -r.n : r.n) + r.d, 2n * r.d));
  return r.n < 0n ? -magnitude : magnitude;
}
