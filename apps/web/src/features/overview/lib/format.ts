import { wallClockOf } from '@plugboard/pricing';

// The overview's numbers as the operator's language writes them; days and hours in the site's time zone.

const intlLocale = (language: string) => language.replace('_', '-');

/** Shown where there is no value (no sessions): a mark, not a word. */
export const noValue = '—';

/**
 * Integer minor units as money of the site's currency, exactly: the sum is an integer, so dividing it by the
 * currency's unit and printing that many decimals shows every cent.
 */
export function formatMinor(language: string, minor: number, currency: string, digits: number): string {
  const amount = minor / 10 ** digits;
  const decimals = { minimumFractionDigits: digits, maximumFractionDigits: digits };
  try {
    return new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency, ...decimals }).format(
      amount,
    );
  } catch {
    return `${new Intl.NumberFormat(intlLocale(language), decimals).format(amount)} ${currency}`;
  }
}

/**
 * A chart axis tick of money in major units, whole units unless the axis needs decimals to tell its ticks apart (the
 * same rule as kWh's, up to `maxAmount`): then with the currency's cents, at most two decimals, as money is written
 * (€0.50, not €0.5). Whole euros alone read €0, €1, €1, €2 for a day of €1.40. The bars' own labels are exact.
 */
export function formatMoneyTick(
  language: string,
  amount: number,
  currency: string,
  maxAmount: number,
  minorDigits: number,
): string {
  const digits = tickDecimals(maxAmount) > 0 ? Math.min(2, minorDigits) : 0;
  const decimals = { minimumFractionDigits: digits, maximumFractionDigits: digits };
  try {
    return new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency, ...decimals }).format(
      amount,
    );
  } catch {
    return new Intl.NumberFormat(intlLocale(language), decimals).format(amount);
  }
}

/**
 * A chart axis tick of kWh, with as many decimals as the axis needs to tell its ticks apart: an axis of about five
 * ticks up to `maxKwh` steps by at least a tenth of its order of magnitude (0.7 kWh: 0.2 apart, 2 decimals; 7 kWh: 1
 * decimal; 70 kWh: none). Whole kWh alone read 0, 0, 0, 1, 1 for a day of 0.7 kWh.
 */
export function formatKwhTick(language: string, kwh: number, maxKwh: number): string {
  return new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: tickDecimals(maxKwh) }).format(
    kwh,
  );
}

/** The decimals that tell apart the ticks of an axis up to `max` (see formatKwhTick). */
function tickDecimals(max: number): number {
  return max > 0 ? Math.max(0, Math.ceil(-Math.log10(max)) + 1) : 0;
}

/** Wh as kWh with up to `decimals` decimals. */
export function formatKwh(language: string, wh: number, decimals = 3): string {
  return new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: decimals }).format(wh / 1000);
}

export function formatCount(language: string, n: number): string {
  return new Intl.NumberFormat(intlLocale(language)).format(n);
}

export function formatPercent(language: string, share: number, decimals = 1): string {
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'percent',
    maximumFractionDigits: decimals,
  }).format(share);
}

/** The change from `previous` to `current` as a share (0.25 = +25 %); null when there was nothing before. */
export function changeOf(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return (current - previous) / previous;
}

/** Whole hours and minutes of a number of seconds. */
export const hoursMinutes = (seconds: number) => ({
  hours: Math.floor(seconds / 3600),
  minutes: Math.floor((seconds % 3600) / 60),
});

/** A bucket's wall-clock start (YYYY-MM-DDTHH:mm, already the site's) as a short day or hour. */
export function formatBucket(language: string, at: string, bucket: 'hour' | 'day'): string {
  const [date = '', time = '00:00'] = at.split('T');
  const [y, m, d] = date.split('-').map(Number);
  const utc = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1);
  if (bucket === 'hour') return time;
  return new Intl.DateTimeFormat(intlLocale(language), {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(utc);
}

/** The days of a range [from, to) as the site's calendar shows them: "1 Mar 2026 – 31 Mar 2026". */
export function formatRange(language: string, range: { from: string; to: string }, timeZone: string): string {
  const day = (instant: number) => {
    const { year, month, day: d } = wallClockOf(instant, timeZone);
    return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(
      Date.UTC(year, month - 1, d),
    );
  };
  const first = day(Date.parse(range.from));
  // `to` is the next period's first instant: the last day is the one just before it.
  const last = day(Date.parse(range.to) - 1);
  return first === last ? first : `${first} – ${last}`;
}

/** Today in the site's zone, YYYY-MM-DD: what a custom range starts from. */
export function todayIn(timeZone: string, now = Date.now()): string {
  const { year, month, day } = wallClockOf(now, timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
