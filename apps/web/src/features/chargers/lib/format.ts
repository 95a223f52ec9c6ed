/** Shown where a charger has not reported a value (yet): a mark, not a word, so it needs no translation. */
export const noValue = '—';

const locale = (language: string) => language.replace('_', '-');

export function formatNumber(language: string, value: number, maxDecimals = 1): string {
  return new Intl.NumberFormat(locale(language), { maximumFractionDigits: maxDecimals }).format(value);
}

/** In the site's zone (`timeZone`), as every time of the console. */
export function formatDateTime(language: string, iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale(language), {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone,
  }).format(new Date(iso));
}
