import { useMemo, useSyncExternalStore } from 'react';
import type { StoredSite } from '../../../lib/storage';
import { selectedSiteSnapshot, subscribeSelectedSite } from '../lib/selected-site';

/** The stored selected site, kept current when it is switched or edited. */
export function useSelectedSite(): StoredSite | null {
  const snapshot = useSyncExternalStore(subscribeSelectedSite, selectedSiteSnapshot);
  return useMemo(() => JSON.parse(snapshot) as StoredSite | null, [snapshot]);
}
