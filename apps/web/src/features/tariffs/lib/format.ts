/** A price per unit in the site's currency with up to 4 decimals (0.3495 €), as the console's language writes it. */
export function formatPrice(language: string, amount: number, currency: string): string {
  const locale = language.replace('_', '-');
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 4 }).format(
      amount,
    );
  } catch {
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }).format(amount)} ${currency}`;
  }
}

/** In the site's zone (`timeZone`), as every time of the console. */
export function formatDateTime(language: string, iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(language.replace('_', '-'), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(iso));
}
