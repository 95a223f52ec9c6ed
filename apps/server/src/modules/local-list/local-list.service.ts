import type { LocalList, LocalListState } from '@plugboard/contract';
import type { Ocpp16 } from '@plugboard/ocpp';
import type { Db } from '../../db/client.ts';
import { callBatcher } from '../../lib/call-batcher.ts';
import type { EventBus } from '../../lib/event-bus.ts';
import { cardAuthorization } from '../cards/card-authorization.service.ts';
import type { ChargerLink } from '../chargers/charger-link.ts';
import type { ChargerViewService } from '../chargers/charger-view.service.ts';
import { localListRepository, type EntryRow } from './local-list.repository.ts';

export type LocalListDeps = {
  db: Db;
  now: () => Date;
  events: Pick<EventBus, 'append'>;
  link: ChargerLink;
  chargerView: Pick<ChargerViewService, 'allOfStation'>;
  log: { info: (obj: object, msg: string) => void };
};

/** A charger whose socket this node holds. */
export type HeldCharger = { chargerId: number; stationId: number; productCode: string };

type AuthorizationData = Ocpp16.SendLocalListRequest['localAuthorizationList'] extends (infer T)[] | undefined
  ? T
  : never;
type UpdateStatus = Ocpp16.SendLocalListResponse['status'];

/**
 * The OCPP 1.6 Local Authorization List (sections 3.5, 5.10, 5.15): a site's cards, kept on its chargers so that
 * they authorize them while offline. The site's list is computed from its cards (active Accepted, recycled
 * Blocked) and versioned: every change raises the version and marks the entries it changed with it, so a charger
 * that holds version v gets a Differential update of the entries after v (removed ones without idTagInfo), and one
 * whose version is unknown, or that refused a Differential (VersionMismatch), the Full list.
 */
export function localListService({ db, now, events, link, chargerView, log }: LocalListDeps) {
  const repo = localListRepository(db);
  // Every connection asks (local-list-listener.ts): those of a turn of the event loop, and those asking while 2
  // questions run (a reconnect storm), share one statement, where each was a round trip and a transaction of its own.
  const concerns = callBatcher(async (chargers: HeldCharger[]) => {
    const concerned = await repo.concerned(chargers);
    return chargers.map((c) => concerned.has(c.chargerId));
  });

  /**
   * The site's entries again from its cards; what changed gets a new version. A site whose list is off is left as
   * it is (switching it on computes it).
   */
  const refresh = (stationId: number) =>
    db.transaction().execute(async (trx) => {
      const tx = localListRepository(trx);
      if (!(await tx.site(stationId))?.enabled) return;
      const site = await tx.lockSite(stationId);
      if (!site.enabled) return;
      const wanted = new Map<string, string | null>(
        (await cardAuthorization(trx).list(stationId)).map((c) => [c.idTag, c.status]),
      );
      const version = site.version + 1;
      const changed: EntryRow[] = [];
      for (const entry of await tx.entries(stationId)) {
        const status = wanted.get(entry.id_tag) ?? null;
        wanted.delete(entry.id_tag);
        if (status !== entry.status) changed.push({ id_tag: entry.id_tag, status, version });
      }
      for (const [idTag, status] of wanted) changed.push({ id_tag: idTag, status, version });
      if (changed.length === 0) return;
      await tx.putEntries(stationId, changed);
      await tx.setSite(stationId, { version }, now());
    });

  const detail = async (stationId: number): Promise<LocalList> => {
    const [site, entries, chargers] = await Promise.all([
      repo.site(stationId),
      repo.entries(stationId),
      chargerView.allOfStation(stationId),
    ]);
    const held = new Map((await repo.chargers(chargers.map((c) => c.id))).map((r) => [r.charger_id, r]));
    return {
      enabled: site?.enabled ?? false,
      version: site?.version ?? 0,
      size: entries.filter((e) => e.status !== null).length,
      chargers: chargers.map((c) => {
        const row = held.get(c.id);
        return {
          chargerId: c.id,
          version: row?.version ?? 0,
          state: (row?.state ?? 'pending') as LocalListState,
          updatedAt: row?.updated_at.toISOString() ?? null,
        };
      }),
    };
  };

  const send = (productCode: string, payload: Ocpp16.SendLocalListRequest): Promise<UpdateStatus> =>
    link.send(productCode, 'SendLocalList', payload).then((answer) => answer.status);

  /**
   * Brings one charger to the site's list. `connected`: it has just connected, so its LocalAuthListEnabled, its
   * list's size limits and its version (GetLocalListVersion) are asked for first.
   */
  const syncCharger = async (charger: HeldCharger, { connected }: { connected: boolean }) => {
    const site = await repo.site(charger.stationId);
    let held = await repo.charger(charger.chargerId);
    const mark = (state: LocalListState, version = held?.version ?? 0) =>
      repo.setCharger(charger.chargerId, { state, version }, now());
    const { productCode } = charger;

    if (!site?.enabled) {
      // Switched off: what the charger holds is emptied once, and it stops using it.
      if (!held || held.state === 'notSupported' || (held.version === 0 && !connected)) return;
      await send(productCode, { listVersion: site?.version ?? 0, updateType: 'Full' });
      await link.send(productCode, 'ChangeConfiguration', { key: 'LocalAuthListEnabled', value: 'false' });
      await mark('pending', 0);
      return;
    }
    if (held?.state === 'notSupported' && !connected) return;

    if (connected || !held) {
      const enabled = await link.send(productCode, 'ChangeConfiguration', {
        key: 'LocalAuthListEnabled',
        value: 'true',
      });
      if (enabled.status === 'NotSupported' || enabled.status === 'Rejected') return mark('notSupported', 0);
      const { configurationKey } = await link.send(productCode, 'GetConfiguration', {
        key: ['SendLocalListMaxLength', 'LocalAuthListMaxLength'],
      });
      const value = (key: string) => {
        const text = configurationKey?.find((k) => k.key === key)?.value;
        const n = text === undefined ? NaN : Number(text);
        return Number.isInteger(n) && n >= 0 ? n : null;
      };
      const { listVersion } = await link.send(productCode, 'GetLocalListVersion', {});
      if (listVersion < 0) return mark('notSupported', 0);
      const known = listVersion === (held?.version ?? 0) && held?.state === 'synced';
      await repo.setCharger(
        charger.chargerId,
        {
          send_max_length: value('SendLocalListMaxLength'),
          max_length: value('LocalAuthListMaxLength'),
          // A version it holds that this server did not give it, or one it failed to complete: sent in full.
          version: known ? listVersion : 0,
          state: known ? 'synced' : 'pending',
        },
        now(),
      );
      held = await repo.charger(charger.chargerId);
    }
    if (!held) return;
    const heldVersion = held.state === 'synced' ? held.version : 0;
    if (heldVersion === site.version) return mark('synced', site.version);

    const entries = await repo.entries(charger.stationId);
    const full = entries.filter((e) => e.status !== null).map(toAuthorizationData);
    const sendMax = held.send_max_length ?? Infinity;
    if (full.length > (held.max_length ?? Infinity)) return mark('tooLong', 0);
    const changes = entries.filter((e) => e.version > heldVersion).map(toAuthorizationData);
    const differential = heldVersion > 0 && changes.length <= sendMax;
    if (!differential && full.length > sendMax) return mark('tooLong', 0);

    let status = await send(productCode, {
      listVersion: site.version,
      updateType: differential ? 'Differential' : 'Full',
      ...((differential ? changes : full).length > 0 && {
        localAuthorizationList: differential ? changes : full,
      }),
    });
    // Its list is not the version this server thinks (OCPP 1.6 5.15): the whole list replaces it.
    if (status === 'VersionMismatch' && differential) {
      status = await send(productCode, {
        listVersion: site.version,
        updateType: 'Full',
        ...(full.length > 0 && { localAuthorizationList: full }),
      });
    }
    if (status === 'Accepted') return mark('synced', site.version);
    if (status === 'NotSupported') return mark('notSupported', 0);
    log.info({ productCode, status }, 'SendLocalList not accepted');
    return mark('failed', 0); // sent in full next time
  };

  // One update at a time per charger, in the order asked: a card change may meet the charger's connection.
  const queues = new Map<number, Promise<unknown>>();
  const queued = (charger: HeldCharger, work: () => Promise<unknown>) => {
    const previous = queues.get(charger.chargerId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    queues.set(charger.chargerId, next);
    void next
      .catch(() => undefined)
      .finally(() => {
        if (queues.get(charger.chargerId) === next) queues.delete(charger.chargerId);
      });
    return next;
  };

  return {
    detail,
    refresh,

    /** The console's switch: every node then brings the chargers it holds to the list (or empties them). */
    save: async (stationId: number, enabled: boolean): Promise<LocalList> => {
      await db.transaction().execute(async (trx) => {
        const tx = localListRepository(trx);
        await tx.lockSite(stationId);
        await tx.setSite(stationId, { enabled }, now());
        await events.append(trx, 'localList.changed', { stationId, enabled });
      });
      await refresh(stationId);
      return detail(stationId);
    },

    /** Brings a charger this node holds to its site's list; failures are logged, never thrown. */
    sync: (charger: HeldCharger, options: { connected: boolean }) =>
      queued(charger, () =>
        syncCharger(charger, options).catch(async (error: unknown) => {
          log.info({ err: error, productCode: charger.productCode }, 'local list not sent');
          await repo.setCharger(charger.chargerId, { state: 'pending' }, now()).catch(() => undefined); // the charger may be gone
        }),
      ),

    /** Whether a charger's site keeps a list, or the charger still holds one to empty. */
    concerns,
  };
}

export type LocalListService = ReturnType<typeof localListService>;

const toAuthorizationData = (e: EntryRow): AuthorizationData =>
  e.status === null
    ? { idTag: e.id_tag }
    : { idTag: e.id_tag, idTagInfo: { status: e.status as 'Accepted' | 'Blocked' } };
