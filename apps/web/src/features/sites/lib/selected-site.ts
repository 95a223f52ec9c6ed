import {
  getLastSitesByAccount,
  getSelectedSite,
  setLastSelectStation,
  setLastSitesByAccount,
  setSelectedSite,
  setStationId,
  type StoredSite,
} from '../../../lib/storage';
import { sameSite } from './dropdown-order';
import { rememberLastSite } from './site-memory';

// The selected site lives in browser storage (spec section 3); this tiny emitter tells the screens that show it
// (the top-bar placeholder, the "current" marks) when it changes without a reload.
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function subscribeSelectedSite(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A value-comparable snapshot of the stored site, for useSyncExternalStore. */
export const selectedSiteSnapshot = (): string => JSON.stringify(getSelectedSite());

/**
 * Spec section 4, site switching: the site's id becomes stationId and lastSelectStation, the site itself selectSite,
 * and it is remembered as this e-mail's last site. Refetching the user and reloading are the caller's part.
 */
export function storeSelectedSite(site: StoredSite, email: string | null | undefined): void {
  setStationId(site.id);
  setLastSelectStation(Number(site.id));
  // Spec section 3: the stored site carries the client-side flag isSelected.
  setSelectedSite({ ...site, isSelected: true });
  if (email) setLastSitesByAccount(rememberLastSite(getLastSitesByAccount(), { id: site.id, email }));
  emit();
}

/** After an edit: the stored copy of the selected site follows the new name and address. */
export function refreshSelectedSite(site: StoredSite): void {
  if (!sameSite(site, getSelectedSite())) return;
  setSelectedSite({ ...site, isSelected: true });
  emit();
}

export const isSelectedSite = (site: Pick<StoredSite, 'id'>): boolean => sameSite(site, getSelectedSite());
