/**
 * Digits of a currency's minor unit (EUR 2, JPY 0, KWD 3), from the ISO 4217 data the runtime ships,
 * so that no table of our own goes stale.
 */
export function minorDigitsOf(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}
