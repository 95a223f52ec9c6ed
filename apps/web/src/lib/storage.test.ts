import { describe, expect, it } from 'vitest';
import {
  ensureStorageDefaults,
  getBindDevice,
  getLastSelectStation,
  getLastSitesByAccount,
  getSelectedSite,
  getStationId,
  moveLastSiteToEmail,
  setLastSelectStation,
  setSelectedSite,
  setStationId,
  storageKeys,
} from './storage';

describe('browser storage', () => {
  it('uses the key names of spec section 3', () => {
    expect(Object.values(storageKeys).sort()).toEqual(
      [
        'installer-language',
        'cms-ownEnterpriseId',
        'selectSite',
        'stationId',
        'lastSelectStation',
        'lastSelectSiteByAccountList',
        'token',
        'bindDevice',
      ].sort(),
    );
  });

  it('starts the bind-device flag as "false" and leaves a stored value alone', () => {
    ensureStorageDefaults();
    expect(localStorage.getItem('bindDevice')).toBe('false');
    localStorage.setItem('bindDevice', 'true');
    ensureStorageDefaults();
    expect(getBindDevice()).toBe(true);
  });

  it('reads the selected site back, and nothing from a damaged value', () => {
    setSelectedSite({ id: 9, name: 'Depot North', address: 'Main St 1' });
    expect(JSON.parse(localStorage.getItem('selectSite') ?? '')).toEqual({
      id: 9,
      name: 'Depot North',
      address: 'Main St 1',
    });
    expect(getSelectedSite()?.name).toBe('Depot North');
    localStorage.setItem('selectSite', '{not json');
    expect(getSelectedSite()).toBeNull();
    localStorage.setItem('selectSite', JSON.stringify({ id: 9 }));
    expect(getSelectedSite()).toBeNull();
  });

  it('keeps station ids as the console stores them', () => {
    setStationId(12);
    setLastSelectStation(12);
    expect(localStorage.getItem('stationId')).toBe('12');
    expect(getStationId()).toBe('12');
    expect(getLastSelectStation()).toBe(12);
    localStorage.setItem('lastSelectStation', 'abc');
    expect(getLastSelectStation()).toBeNull();
  });

  it('ignores malformed entries of the last-site list', () => {
    localStorage.setItem(
      'lastSelectSiteByAccountList',
      JSON.stringify([{ id: 1, email: 'a@b.c' }, { id: 2 }, 'x', { id: 3, email: 'd@e.f' }]),
    );
    expect(getLastSitesByAccount()).toEqual([
      { id: 1, email: 'a@b.c' },
      { id: 3, email: 'd@e.f' },
    ]);
  });
});

describe('the last site of an e-mail that changes', () => {
  it('follows the account to its new e-mail, replacing an entry of that e-mail', () => {
    localStorage.setItem(
      'lastSelectSiteByAccountList',
      JSON.stringify([
        { id: 1, email: 'old@example.com' },
        { id: 2, email: 'new@example.com' },
        { id: 3, email: 'other@example.com' },
      ]),
    );
    moveLastSiteToEmail('Old@example.com', 'new@example.com');
    expect(getLastSitesByAccount()).toEqual([
      { id: 1, email: 'new@example.com' },
      { id: 3, email: 'other@example.com' },
    ]);
  });
});
