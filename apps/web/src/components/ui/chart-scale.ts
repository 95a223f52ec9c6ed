// The arithmetic of the SVG charts: round axis ticks ("nice numbers") and linear scales. Pure, so it is tested alone.

export type Ticks = { min: number; max: number; step: number; values: number[] };

/** 1, 2, 2.5 or 5 times a power of ten: the steps a reader counts in without effort. */
function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/** Strips binary noise (0.30000000000000004) from a multiple of `step`. */
const clean = (value: number, step: number) =>
  Number((Math.round(value / step) * step).toFixed(Math.max(0, -Math.floor(Math.log10(step)) + 2)));

/**
 * About `count` round ticks covering [min, max]; the domain widens to the outer ticks. A flat or empty range gets
 * a unit range around its value, so a line of zeros still has an axis.
 */
export function niceTicks(min: number, max: number, count = 5): Ticks {
  let low = Number.isFinite(min) ? min : 0;
  let high = Number.isFinite(max) ? max : low;
  if (high < low) [low, high] = [high, low];
  if (high === low) {
    if (low === 0) high = 1;
    else if (low > 0) low = 0;
    else high = 0;
  }
  const step = niceStep((high - low) / Math.max(1, count - 1));
  const first = Math.floor(low / step) * step;
  const last = Math.ceil(high / step) * step;
  const values: number[] = [];
  for (let value = first; value <= last + step / 2; value += step) values.push(clean(value, step));
  return { min: clean(first, step), max: clean(last, step), step, values };
}

/** Maps [d0, d1] onto [r0, r1]; a zero-width domain maps to the middle of the range. */
export function linearScale([d0, d1]: readonly [number, number], [r0, r1]: readonly [number, number]) {
  const span = d1 - d0;
  return (value: number) => (span === 0 ? (r0 + r1) / 2 : r0 + ((value - d0) / span) * (r1 - r0));
}

const minute = 60_000;
const hour = 60 * minute;
const timeSteps = [
  minute,
  2 * minute,
  5 * minute,
  10 * minute,
  15 * minute,
  30 * minute,
  hour,
  2 * hour,
  3 * hour,
  6 * hour,
  12 * hour,
  24 * hour,
];

/**
 * Round instants between `start` and `end` (ms), at most about `count`, aligned to the local clock (whole hours,
 * quarter hours...). `offsetMs` is the zone's offset at `start` (local minus UTC); DST changes inside the span shift
 * later ticks by the change, which a session chart can live with.
 */
export function timeTicks(start: number, end: number, count = 6, offsetMs = 0): number[] {
  if (!(end > start)) return [start];
  const step =
    timeSteps.find((s) => (end - start) / s <= count) ?? Math.ceil((end - start) / count / hour) * hour;
  const first = Math.ceil((start + offsetMs) / step) * step - offsetMs;
  const ticks: number[] = [];
  for (let tick = first; tick <= end; tick += step) ticks.push(tick);
  return ticks;
}
