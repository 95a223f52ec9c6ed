/** Shown where a charger has not reported a value (yet): a mark, not a word, so it needs no translation. */
export const noValue = '—';

const locale = (language: string) => language.replace('_', '-');

export function formatNumber(language: string, value: number, maxDecimals = 1): string {
  return new Intl.NumberFormat(locale(language), { maximumFractionDigits: maxDecimals }).format(value);
}

export function formatDateTime(language: string, iso: string): string {
  return new Intl.DateTimeFormat(locale(language), { dateStyle: 'medium', timeStyle: 'medium' }).format(
    new Date(iso),
  );
}
