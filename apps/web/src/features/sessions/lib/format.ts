// Numbers, money and times as the operator's language writes them (Intl); times in the site's time zone.

/** Shown where a session has no value (yet): a mark, not a word, so it needs no translation. */
export const noValue = '—';

export const intlLocale = (language: string) => language.replace('_', '-');

export function formatMoney(language: string, amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency }).format(amount);
  } catch {
    // An unknown currency code: the number and the code as they are.
    return `${new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 2 }).format(amount)} ${currency}`;
  }
}

/** A unit price: up to 4 decimals (0.3495 EUR/kWh), at least the currency's own. */
export function formatUnitPrice(language: string, amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(intlLocale(language), {
      style: 'currency',
      currency,
      maximumFractionDigits: 4,
    }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}

export function formatNumber(language: string, value: number, maxDecimals = 3, minDecimals = 0): string {
  return new Intl.NumberFormat(intlLocale(language), {
    minimumFractionDigits: minDecimals,
    maximumFractionDigits: maxDecimals,
  }).format(value);
}

export function formatDateTime(language: string, iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone,
  }).format(new Date(iso));
}

/** Hours and minutes of an instant, and its seconds where minutes alone would not tell times apart. */
export function formatTime(language: string, ms: number, timeZone?: string, withSeconds = false): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    hour: '2-digit',
    minute: '2-digit',
    ...(withSeconds && { second: '2-digit' }),
    timeZone,
  }).format(ms);
}

/** Whole hours, minutes and seconds between two instants (to now while ongoing). */
export function durationParts(startIso: string, endIso: string | null, now = Date.now()) {
  const end = endIso ? Date.parse(endIso) : now;
  const seconds = Math.max(0, Math.round((end - Date.parse(startIso)) / 1000));
  return {
    hours: Math.floor(seconds / 3600),
    minutes: Math.floor((seconds % 3600) / 60),
    seconds: seconds % 60,
  };
}
