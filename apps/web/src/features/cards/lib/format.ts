/** Shown where a card has no value (no holder, no e-mail): a mark, not a word, so it needs no translation. */
export const noValue = '—';

const locale = (language: string) => language.replace('_', '-');

export function formatNumber(language: string, value: number, maxDecimals = 2): string {
  return new Intl.NumberFormat(locale(language), { maximumFractionDigits: maxDecimals }).format(value);
}

/** In the site's zone (`timeZone`), as every time of the console. */
export function formatDate(language: string, iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(iso));
}

/** The share of the tariff a group's cards do not pay: 80 % -> 20. Rounded to cents of a percent (100 - 87.3). */
export const discountOf = (multiplier: number): number => Math.round((100 - multiplier) * 100) / 100;
