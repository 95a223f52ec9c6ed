import type { LastSiteEntry } from '../../../lib/storage';

/** Spec section 9: the last site is remembered for at most 3 accounts (e-mails). */
export const lastSiteMemorySize = 3;

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Spec section 4: the entry of this e-mail is updated in place; a new e-mail is added, and once there are more than
 * `max` entries the oldest ones go.
 */
export function rememberLastSite(
  entries: readonly LastSiteEntry[],
  entry: LastSiteEntry,
  max: number = lastSiteMemorySize,
): LastSiteEntry[] {
  const index = entries.findIndex((stored) => sameEmail(stored.email, entry.email));
  if (index >= 0) return entries.map((stored, i) => (i === index ? entry : stored));
  return [...entries, entry].slice(-max);
}

/** The id of the site last chosen by this e-mail, if any. */
export function rememberedSiteId(entries: readonly LastSiteEntry[], email: string): number | string | null {
  return entries.find((entry) => sameEmail(entry.email, email))?.id ?? null;
}
