import type { StoredSite } from '../../../lib/storage';

export type DropdownSite<T extends StoredSite> = T & { isSelected: boolean };

export const sameSite = (a: Pick<StoredSite, 'id'>, b: Pick<StoredSite, 'id'> | null): boolean =>
  b !== null && String(a.id) === String(b.id);

/**
 * Spec section 4, the site dropdown: the selected site comes first. When none of the results is the selected site
 * and nothing is typed, the third result makes room for the stored selected site, placed first.
 */
export function orderDropdownSites<T extends StoredSite>(
  results: readonly T[],
  selected: T | null,
  searchText: string,
): DropdownSite<T>[] {
  const isSelected = (site: T) => sameSite(site, selected);
  const found = results.find(isSelected);
  let ordered: readonly T[] = results;
  if (found) ordered = [found, ...results.filter((site) => !isSelected(site))];
  else if (selected && searchText.trim() === '') ordered = [selected, ...results.filter((_, i) => i !== 2)];
  return ordered.map((site) => ({ ...site, isSelected: isSelected(site) }));
}
