import {
  codes,
  currencyLockedCode,
  currencyLockedMessage,
  errorMessages,
  siteFieldsSchema,
  siteHasChargersMessage,
  type Site,
  type SiteFields,
  type SiteList,
  type SiteListQuery,
  type SiteUpdate,
} from '@plugboard/contract';
import { AppError } from '../../lib/app-error.ts';
import { readCoalescer } from '../../lib/read-coalescer.ts';
import type { Db } from '../../db/client.ts';
import { revocableCache, revokeWith } from '../events/revocations.ts';
import { sitesRepository, type SiteRow, type SiteValues } from './sites.repository.ts';

/**
 * Sites of an account. Every method takes the caller's user id and touches only that user's sites: a site of
 * another account answers 1502 exactly like one that does not exist.
 */
// Ownership found by assertOwner is reused for up to this long (real time), per database: every 'site' call asked
// the database again (bench/api). Only a found ownership is kept. A site's deletion, or its account's, on any node,
// is announced when it commits and every node drops the ownership then; a node whose events listener is down asks
// the database on every call (modules/events/revocations.ts).
const rememberOwnedMs = 2000;
type Ownership = { userId: number; stationId: number };
const caches = new WeakMap<Db, ReturnType<typeof ownershipCache>>();
const ownershipCache = (db: Db) =>
  revocableCache<Ownership>(db, {
    maxAgeMs: rememberOwnedMs,
    revokedBy: (revocation, owned) =>
      (revocation.kind === 'site' && revocation.stationId === owned.stationId) ||
      (revocation.kind === 'user' && revocation.userId === owned.userId),
  });

export function sitesService(db: Db) {
  const repo = sitesRepository(db);
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = ownershipCache(db)));
  const ownership = cache;
  // Consoles asking for the same site at once share its read (lib/read-coalescer.ts): each still sees its own writes.
  const coalesced = readCoalescer<Site>();
  return {
    add: async (userId: number, fields: SiteFields): Promise<Site> =>
      toSite(await repo.insert(userId, toValues(fields))),

    detail: (userId: number, id: number): Promise<Site> =>
      coalesced(`${userId}:${id}`, async () => toSite(await owned(repo.findOwned(userId, id)))),

    /** Applies the fields given; the merged site must still be valid, and its currency may not change. */
    update: (userId: number, { stationId, ...patch }: SiteUpdate): Promise<Site> =>
      db.transaction().execute(async (trx) => {
        const txRepo = sitesRepository(trx);
        const stored = toSite(await owned(txRepo.findOwnedForUpdate(userId, stationId)));
        if (patch.currency !== undefined && patch.currency !== stored.currency) {
          throw new AppError(currencyLockedCode, currencyLockedMessage);
        }
        // Moving to one phase drops L2 and L3 unless the update names them (and then they are refused).
        const singlePhase = patch.phases === 1 ? { capacityL2: null, capacityL3: null } : {};
        const merged = siteFieldsSchema.safeParse({ ...stored, ...singlePhase, ...withoutUndefined(patch) });
        if (!merged.success) {
          const issue = merged.error.issues[0];
          throw new AppError(
            codes.invalidInput,
            `${errorMessages[codes.invalidInput]}: ${issue?.path.join('.')}: ${issue?.message}`,
          );
        }
        const { currency: _locked, ...values } = toValues(merged.data);
        return toSite(await owned(txRepo.update(userId, stationId, values)));
      }),

    list: async (userId: number, { name, pageNum, pageSize }: SiteListQuery): Promise<SiteList> => {
      const [rows, total] = await Promise.all([
        repo.page(userId, { name, limit: pageSize, offset: (pageNum - 1) * pageSize }),
        repo.count(userId, name),
      ]);
      return { list: rows.map(toSite), total, pageNum, pageSize };
    },

    /**
     * Deletes a site that has no chargers left (1039 otherwise: deleting would silently drop chargers, their
     * sessions and their credentials). The site row is locked first, so a charger added meanwhile waits and then
     * finds the site gone.
     */
    remove: (userId: number, id: number): Promise<void> =>
      revokeWith(db, { kind: 'site', stationId: id }, async (trx) => {
        const txRepo = sitesRepository(trx);
        await owned(txRepo.findOwnedForUpdate(userId, id));
        if (await txRepo.hasChargers(id)) throw new AppError(codes.operationFailed, siteHasChargersMessage);
        if (!(await txRepo.delete(userId, id))) throw new AppError(codes.siteNotFound);
      }),

    /** A site by its id alone, or null: for a caller that reached it another way (a display link's site). */
    byId: async (id: number): Promise<Site | null> => {
      const row = await repo.findById(id);
      return row ? toSite(row) : null;
    },

    /** The ids of the sites with load management on, of every account (modules/load: which events to act on). */
    withLoadManagement: (): Promise<number[]> => repo.loadManagedIds(),

    /** The check every 'site' call makes before its handler runs. */
    assertOwner: async (userId: number, id: number): Promise<void> => {
      const found = await ownership.get(`${userId}:${id}`, async () =>
        (await repo.isOwned(userId, id)) ? { userId, stationId: id } : undefined,
      );
      if (!found) throw new AppError(codes.siteNotFound);
    },
  };
}

export type SitesService = ReturnType<typeof sitesService>;

async function owned(row: Promise<SiteRow | undefined>): Promise<SiteRow> {
  const found = await row;
  if (!found) throw new AppError(codes.siteNotFound);
  return found;
}

const withoutUndefined = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

// The API speaks decimals (4 for the fixed cost, 2 for kW); storage keeps exact integers.
function toValues(fields: SiteFields): SiteValues {
  return {
    name: fields.name,
    address: fields.address,
    currency: fields.currency,
    fixed_cost_e4: Math.round(fields.fixedCost * 10_000),
    fixed_cost_includes_vat: fields.fixedCostIncludesVat,
    power_capacity_w: Math.round(fields.powerCapacity * 1000),
    phases: fields.phases,
    capacity_l1: fields.capacityL1,
    capacity_l2: fields.capacityL2,
    capacity_l3: fields.capacityL3,
    is_open_load: fields.isOpenLoad === 1,
    contact_name: fields.contactName,
    contact_email: fields.contactEmail,
    help_phone: fields.helpPhone,
    time_zone: fields.timeZone,
  };
}

function toSite(row: SiteRow): Site {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    currency: row.currency,
    fixedCost: row.fixed_cost_e4 / 10_000,
    fixedCostIncludesVat: row.fixed_cost_includes_vat,
    powerCapacity: row.power_capacity_w / 1000,
    phases: row.phases === 1 ? 1 : 3,
    capacityL1: row.capacity_l1,
    capacityL2: row.capacity_l2,
    capacityL3: row.capacity_l3,
    isOpenLoad: row.is_open_load ? 1 : 0,
    contactName: row.contact_name,
    contactEmail: row.contact_email,
    helpPhone: row.help_phone,
    timeZone: row.time_zone,
    createdAt: row.created_at.toISOString(),
  };
}
