// Browser storage keys of spec section 3. The names are kept exactly as the console has always used them, so that a
// browser that already holds a session or a selected site keeps them.
export const storageKeys = {
  language: 'installer-language',
  ownEnterpriseId: 'cms-ownEnterpriseId',
  selectSite: 'selectSite',
  stationId: 'stationId',
  lastSelectStation: 'lastSelectStation',
  lastSelectSiteByAccountList: 'lastSelectSiteByAccountList',
  token: 'token',
  bindDevice: 'bindDevice',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

/** The part of the selected site the shell reads; the sites feature stores the whole site object. */
export type StoredSite = { id: number | string; name: string; address?: string; isSelected?: boolean };

export type LastSiteEntry = { id: number | string; email: string };

// Storage can throw (quota, privacy modes); the console then behaves as if nothing was stored.
function read(key: StorageKey): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: StorageKey, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // nothing to do: see read()
  }
}

function readJson(key: StorageKey): unknown {
  const raw = read(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isId = (value: unknown): value is number | string =>
  typeof value === 'number' || typeof value === 'string';

export const getStoredLanguage = (): string | null => read(storageKeys.language);
export const setStoredLanguage = (language: string): void => write(storageKeys.language, language);

export const getToken = (): string | null => read(storageKeys.token) || null;
export const setToken = (token: string): void => write(storageKeys.token, token);
export const clearToken = (): void => write(storageKeys.token, null);

export const getOwnEnterpriseId = (): string | null => read(storageKeys.ownEnterpriseId);
export const setOwnEnterpriseId = (id: string | number | null): void =>
  write(storageKeys.ownEnterpriseId, id === null ? null : String(id));

export const getStationId = (): string | null => read(storageKeys.stationId) || null;
export const setStationId = (id: string | number | null): void =>
  write(storageKeys.stationId, id === null ? null : String(id));

export function getLastSelectStation(): number | null {
  const value = Number(read(storageKeys.lastSelectStation) ?? Number.NaN);
  return Number.isFinite(value) ? value : null;
}
export const setLastSelectStation = (id: number | null): void =>
  write(storageKeys.lastSelectStation, id === null ? null : String(id));

export function getSelectedSite(): StoredSite | null {
  const value = readJson(storageKeys.selectSite);
  if (!isRecord(value) || !isId(value.id) || typeof value.name !== 'string') return null;
  return { ...value, id: value.id, name: value.name };
}
export const setSelectedSite = (site: StoredSite | null): void =>
  write(storageKeys.selectSite, site === null ? null : JSON.stringify(site));

export function getLastSitesByAccount(): LastSiteEntry[] {
  const value = readJson(storageKeys.lastSelectSiteByAccountList);
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is LastSiteEntry => isRecord(entry) && isId(entry.id) && typeof entry.email === 'string',
  );
}
export const setLastSitesByAccount = (entries: LastSiteEntry[]): void =>
  write(storageKeys.lastSelectSiteByAccountList, JSON.stringify(entries));

/** The account's e-mail changed: the site it last chose is remembered under the new address (spec section 4). */
export function moveLastSiteToEmail(from: string, to: string): void {
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const entries = getLastSitesByAccount();
  if (!entries.some((entry) => same(entry.email, from))) return;
  setLastSitesByAccount(
    entries
      .filter((entry) => !same(entry.email, to))
      .map((entry) => (same(entry.email, from) ? { ...entry, email: to } : entry)),
  );
}

export const getBindDevice = (): boolean => read(storageKeys.bindDevice) === 'true';
export const setBindDevice = (value: boolean): void => write(storageKeys.bindDevice, String(value));

/** Values that exist from the first visit on (the bind-device flag starts "false"). */
export function ensureStorageDefaults(): void {
  if (read(storageKeys.bindDevice) === null) setBindDevice(false);
}
