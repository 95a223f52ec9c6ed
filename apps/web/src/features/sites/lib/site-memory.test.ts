import { describe, expect, it } from 'vitest';
import {
  getLastSelectStation,
  getLastSitesByAccount,
  getSelectedSite,
  getStationId,
} from '../../../lib/storage';
import { storeSelectedSite } from './selected-site';
import { rememberedSiteId, rememberLastSite } from './site-memory';

describe('last-site memory (spec sections 4 and 9)', () => {
  it('adds an entry for a new e-mail', () => {
    expect(rememberLastSite([{ id: 1, email: 'a@example.com' }], { id: 5, email: 'b@example.com' })).toEqual([
      { id: 1, email: 'a@example.com' },
      { id: 5, email: 'b@example.com' },
    ]);
  });

  it("updates the e-mail's entry in place, whatever the letter case", () => {
    const entries = [
      { id: 1, email: 'a@example.com' },
      { id: 2, email: 'b@example.com' },
    ];
    expect(rememberLastSite(entries, { id: 7, email: 'A@Example.com' })).toEqual([
      { id: 7, email: 'A@Example.com' },
      { id: 2, email: 'b@example.com' },
    ]);
  });

  it('keeps at most 3 entries, dropping the oldest', () => {
    const three = [
      { id: 1, email: 'a@example.com' },
      { id: 2, email: 'b@example.com' },
      { id: 3, email: 'c@example.com' },
    ];
    expect(rememberLastSite(three, { id: 4, email: 'd@example.com' })).toEqual([
      { id: 2, email: 'b@example.com' },
      { id: 3, email: 'c@example.com' },
      { id: 4, email: 'd@example.com' },
    ]);
    // Updating one of the three drops nothing.
    expect(rememberLastSite(three, { id: 9, email: 'a@example.com' })).toHaveLength(3);
  });

  it('finds the remembered site of an e-mail only', () => {
    const entries = [
      { id: 1, email: 'a@example.com' },
      { id: 2, email: 'b@example.com' },
    ];
    expect(rememberedSiteId(entries, 'b@example.com')).toBe(2);
    expect(rememberedSiteId(entries, 'c@example.com')).toBeNull();
  });
});

describe('storing the selected site', () => {
  it('writes stationId, lastSelectStation, selectSite and the memory of the e-mail', () => {
    localStorage.setItem(
      'lastSelectSiteByAccountList',
      JSON.stringify([{ id: 1, email: 'ada@example.com' }]),
    );
    storeSelectedSite({ id: 12, name: 'Depot North', address: 'Main St 1' }, 'ada@example.com');
    expect(getStationId()).toBe('12');
    expect(getLastSelectStation()).toBe(12);
    expect(getSelectedSite()).toEqual({
      id: 12,
      name: 'Depot North',
      address: 'Main St 1',
      isSelected: true,
    });
    expect(getLastSitesByAccount()).toEqual([{ id: 12, email: 'ada@example.com' }]);
  });

  it('still selects the site when the e-mail is unknown, without remembering it', () => {
    storeSelectedSite({ id: 3, name: 'Yard' }, null);
    expect(getStationId()).toBe('3');
    expect(getLastSitesByAccount()).toEqual([]);
  });
});
