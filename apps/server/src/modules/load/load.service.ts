import type { ChargerHolds } from '../chargers/charger-holds.service.ts';
import {
  allocate,
  ROTATION_PERIOD_MS,
  type Allocation,
  type ChargerInput,
  type SitePhase,
} from '@plugboard/load-allocator';
import {
  codes,
  loadLimits,
  siteMeterFreshSeconds,
  type Charger,
  type LoadBand,
  type LoadCapacitySave,
  type LoadChargerSave,
  type LoadDetail,
  type LoadHistory,
  type LoadMeter,
  type LoadReason,
  type LoadScheduleSave,
  type Site,
} from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChargerLink } from '../chargers/charger-link.ts';
import type { ChargerViewService } from '../chargers/charger-view.service.ts';
import { sitesService } from '../sites/sites.service.ts';
import { activeBand, bandOf, toBandValues } from './load-schedule.ts';
import {
  profileIds,
  txDefaultProfile,
  txProfile,
  txProfileRefreshMs,
  txProfileValidityMs,
  type RateUnit,
} from './load-profiles.ts';
import { loadRepository, numeric, type LoadChargerRow, type StoredAllocation } from './load.repository.ts';

export type LoadServiceDeps = {
  db: Db;
  chargerView: Pick<ChargerViewService, 'allOfStation'>;
  link: ChargerLink;
  now: () => Date;
  log?: { warn: (obj: object, msg: string) => void };
  /** Tells the chargers module why a paused car waits: its connector shows "waiting for grid capacity restored". */
  holds?: Pick<ChargerHolds, 'recordHoldReason'>;
};

type Triple = [number, number, number];
const voltage = loadLimits.voltage;
/** How long a car is given to follow a new limit before what it draws counts (IEC 61851-1 allows the car 5 s). */
const settleMs = 20_000;
/** A charger refusing this many TxProfiles in a row (for running transactions) is flagged as rejecting profiles. */
const txRefusalsToFlag = 3;

/** A charger's phase count and rating from what it was registered with: capacity L2/L3 make it three-phase. */
const registeredPhases = (c: Charger): 1 | 3 => (c.capacityL2 !== null && c.capacityL3 !== null ? 3 : 1);

function settingsOf(c: Charger, row: LoadChargerRow | undefined) {
  const phases = (row?.phases ?? registeredPhases(c)) as 1 | 3;
  const wiring = (row?.wiring ?? [1, 2, 3]) as [SitePhase, SitePhase, SitePhase];
  const minA = numeric(row?.min_a ?? null) ?? loadLimits.defaultMinA;
  const maxA = numeric(row?.max_a ?? null);
  const fromPower = c.ratedPowerW ? Math.floor((c.ratedPowerW / (voltage * phases)) * 10) / 10 : null;
  const ratedA = maxA ?? c.capacityL1 ?? fromPower ?? 32;
  return { phases, wiring, minA, maxA, ratedA };
}

const measuredOf = (c: Charger): Triple | null =>
  c.ongoingSession && (c.currentL1 !== null || c.currentL2 !== null || c.currentL3 !== null)
    ? [c.currentL1 ?? 0, c.currentL2 ?? 0, c.currentL3 ?? 0]
    : null;

/** The site's limits per phase now: its capacity, lowered by the schedule's band in force. */
function siteLimits(site: Site, band: LoadBand | null): Triple {
  const capacity: Triple =
    site.phases === 3
      ? [site.capacityL1, site.capacityL2 ?? 0, site.capacityL3 ?? 0]
      : [site.capacityL1, 0, 0];
  return capacity.map((c) => (band ? Math.min(c, band.limitA) : c)) as Triple;
}

/**
 * The sites with load management on, as this node last read them, shared by the load services of one database (the
 * routes' and the listener's). Every node hears every charger's events; the listener allocates only for these sites
 * instead of reading the site on each event (bench/ocpp README, session 10). Until the first read every site counts.
 */
type ManagedSites = { ids: Set<number> | undefined };
const managedByDb = new WeakMap<Db, ManagedSites>();

/**
 * Load management of a site: reads the site (sites), its chargers and their ongoing sessions (chargers), allocates
 * (@plugboard/load-allocator) and drives the chargers with OCPP 1.6 charging profiles through the central system,
 * sending only what changed. One allocation of a site at a time across nodes (its load_sites row is locked).
 */
export function loadService({ db, chargerView, link, now, log, holds }: LoadServiceDeps) {
  const sites = sitesService(db);
  let managed = managedByDb.get(db);
  if (!managed) managedByDb.set(db, (managed = { ids: undefined }));
  const managedSites = managed;
  /** Keeps the shared set current with what a read of the site found. */
  const noteManaged = (stationId: number, on: boolean) => {
    if (on) managedSites.ids?.add(stationId);
    else managedSites.ids?.delete(stationId);
  };

  type Plan = {
    charger: Charger;
    row: LoadChargerRow;
    phases: 1 | 3;
    unit: RateUnit;
    sendDefault: number | null;
    sendTx: { connectorId: number; transactionId: string; limitA: number; first: boolean } | null;
  };
  /** Each charger's commands under way, in order. */
  const queues = new Map<number, Promise<void>>();
  /** TxProfiles a charger refused in a row (its transaction may have just ended). */
  const txRefusals = new Map<number, number>();

  const inputsOf = (chargers: Charger[], rows: LoadChargerRow[]): ChargerInput[] => {
    const byId = new Map(rows.map((r) => [r.charger_id, r]));
    const at = now().getTime();
    return chargers.map((c) => {
      const row = byId.get(c.id);
      const s = settingsOf(c, row);
      // A reading taken before the car could follow its last limit says nothing about what it draws under it.
      const settled = row !== undefined && at - row.updated_at.getTime() >= settleMs;
      return {
        id: String(c.id),
        phases: s.phases,
        wiring: s.wiring,
        maxA: s.ratedA,
        minA: s.minA,
        controllable: !(row?.rejects_profiles ?? false),
        charging: c.ongoingSession !== null,
        measuredA: measuredOf(c),
        previousLimitA: settled ? numeric(row.limit_a) : null,
        servedSince: row?.served_since?.getTime() ?? null,
        waitingSince: row?.waiting_since?.getTime() ?? null,
      };
    });
  };

  /** Sends a profile; 'A' refused is tried again in W (chargers that take W only); null when both are refused. */
  const sendProfile = async (
    productCode: string,
    build: (unit: RateUnit) => Parameters<ChargerLink['send']>[2] & object,
    unit: RateUnit,
  ): Promise<RateUnit | null | 'offline'> => {
    for (const u of unit === 'A' ? (['A', 'W'] as const) : (['W'] as const)) {
      try {
        const answer = await link.send(productCode, 'SetChargingProfile', build(u) as never);
        if (answer.status === 'Accepted') return u;
      } catch (error) {
        if (error instanceof AppError && error.code === codes.chargerOffline) return 'offline';
      }
    }
    return null;
  };

  /**
   * GetCompositeSchedule (OCPP 1.6 5.7): what the charger will apply on the connector now, after the profile it
   * accepted; a charger whose schedule differs from the limit sent (another profile of a higher stack level, a
   * ChargePointMaxProfile set by hand) is logged, as the site may be short of what the allocation counts on.
   */
  const checkApplied = async (
    productCode: string,
    connectorId: number,
    limitA: number,
    phases: 1 | 3,
    unit: RateUnit,
  ) => {
    try {
      const answer = await link.send(productCode, 'GetCompositeSchedule', {
        connectorId,
        duration: 60,
        chargingRateUnit: unit,
      });
      const period = answer.chargingSchedule?.chargingSchedulePeriod[0];
      if (answer.status !== 'Accepted' || !period) return;
      const appliedA =
        unit === 'A' ? period.limit : period.limit / (voltage * (period.numberPhases ?? phases));
      if (Math.abs(appliedA - limitA) > 0.2)
        log?.warn(
          { productCode, connectorId, limitA, appliedA },
          'charger applies another limit than the one sent',
        );
    } catch {
      // Not every charger answers GetCompositeSchedule; the limit sent stands.
    }
  };

  const siteOf = async (stationId: number) => {
    const site = await sites.byId(stationId);
    if (!site) throw new AppError(codes.siteNotFound);
    return site;
  };

  /** Allocates the site once and sends what changed. */
  const allocateSite = async (stationId: number): Promise<void> => {
    const site = await sites.byId(stationId);
    noteManaged(stationId, site?.isOpenLoad === 1);
    if (!site || site.isOpenLoad !== 1) return;
    const chargers = await chargerView.allOfStation(stationId);
    const at = now();
    const plans: Plan[] = [];
    /** Sessions paused now, or paused before this allocation: their connector's shown status follows. */
    const held: { chargerId: number; connectorId: number; paused: boolean }[] = [];
    await db.transaction().execute(async (trx) => {
      const repo = loadRepository(trx);
      const siteRow = await repo.lockSite(stationId);
      const rows = await repo.chargersOf(
        stationId,
        chargers.map((c) => c.id),
      );
      const bands = (await repo.bands(stationId)).map(bandOf);
      const band = activeBand(bands, at, site.timeZone);
      const limits = siteLimits(site, band === null ? null : bands[band]!);
      const result = allocate({
        site: { limitsA: limits, otherLoadA: freshMeter(siteRow, at)?.currentA ?? null },
        chargers: inputsOf(chargers, rows),
        now: at.getTime(),
      });
      const rowById = new Map(rows.map((r) => [r.charger_id, r]));
      const stored: StoredAllocation[] = [];
      let refreshAt: number | null = null;
      for (const a of result.chargers) {
        const charger = chargers.find((c) => String(c.id) === a.id)!;
        const row = rowById.get(charger.id)!;
        const s = settingsOf(charger, row);
        const session = charger.ongoingSession;
        const previousLimit = numeric(row.limit_a);
        const lastSent = row.updated_at.getTime();
        const controlled = a.reason !== 'rejectsProfiles';
        const sendDefault =
          controlled && charger.connected && numeric(row.fallback_a) !== a.fallbackA ? a.fallbackA : null;
        const stale = at.getTime() - lastSent >= txProfileRefreshMs;
        const sendTx =
          controlled &&
          charger.connected &&
          session &&
          a.limitA !== null &&
          (previousLimit !== a.limitA || row.profile_transaction_id !== session.transactionId || stale)
            ? {
                connectorId: session.connectorId,
                transactionId: session.transactionId,
                limitA: a.limitA,
                first: row.profile_transaction_id !== session.transactionId,
              }
            : null;
        if (session && controlled)
          refreshAt = Math.min(
            refreshAt ?? Infinity,
            (sendTx ? at.getTime() : lastSent) + txProfileRefreshMs,
          );
        const next: StoredAllocation = {
          chargerId: charger.id,
          limitA: a.limitA,
          fallbackA: a.fallbackA,
          reason: a.reason,
          sitePhasesA: a.sitePhasesA,
          servedSince: a.servedSince === null ? null : new Date(a.servedSince),
          waitingSince: a.waitingSince === null ? null : new Date(a.waitingSince),
          profileTransactionId: session && controlled ? session.transactionId : null,
          sentAt: sendTx ? at : null,
        };
        // Only what changed is written: at a site of hundreds of chargers most stay as they were.
        if (changed(row, next)) stored.push(next);
        if (session && (a.reason === 'paused' || row.reason === 'paused'))
          held.push({
            chargerId: charger.id,
            connectorId: session.connectorId,
            paused: a.reason === 'paused',
          });
        if (sendDefault !== null || sendTx)
          plans.push({
            charger,
            row,
            phases: s.phases,
            unit: row.rate_unit as RateUnit,
            sendDefault,
            sendTx,
          });
      }
      await repo.saveAllocations(stored);
      const next = [result.nextChangeAt, refreshAt].filter((t): t is number => t !== null);
      await repo.saveSite(stationId, at, next.length ? new Date(Math.min(...next)) : null, result.phases);
      await repo.sample(stationId, at, measuredPerPhase(chargers, rows));
    });

    // A paused car's connector reads "waiting for grid capacity restored" once the charger holds it (SuspendedEVSE);
    // the charger's report of that comes after the profile, and its status event brings this allocation back here.
    for (const h of held)
      void holds
        ?.recordHoldReason(h.chargerId, h.connectorId, h.paused ? 'gridCapacity' : null)
        .catch((error: unknown) =>
          log?.warn({ err: error, chargerId: h.chargerId }, 'hold reason not recorded'),
        );

    // After the commit (a node allocating at the same time found these limits stored and sends nothing), without
    // holding up the next allocation; each charger's commands queue behind its earlier ones, so they arrive in order.
    // A car that just started goes first: it charges at the fallback until its profile comes.
    plans.sort((x, y) => Number(y.sendTx?.first ?? false) - Number(x.sendTx?.first ?? false));
    for (const p of plans) {
      const previous = queues.get(p.charger.id) ?? Promise.resolve();
      const next = previous
        .then(() => sendPlan(p))
        .then((rejected) => {
          // A charger that refused is now counted at its full rating: the others' shares change.
          if (rejected) void recompute(stationId);
        })
        .catch((error: unknown) =>
          log?.warn({ err: error, chargerId: p.charger.id }, 'charging profile not sent'),
        )
        .finally(() => {
          if (queues.get(p.charger.id) === next) queues.delete(p.charger.id);
        });
      queues.set(p.charger.id, next);
    }
  };

  /** Sends a charger its profiles; true when it refused them (then flagged, counted at its rating). */
  const sendPlan = async (p: Plan): Promise<boolean> => {
    const repo = loadRepository(db);
    let unit: RateUnit = p.unit;
    let defaultResult: RateUnit | null | 'offline' | undefined;
    let txResult: RateUnit | null | 'offline' | undefined;
    if (p.sendDefault !== null) {
      const limit = p.sendDefault;
      defaultResult = await sendProfile(
        p.charger.productCode,
        (u) => txDefaultProfile(limit, p.phases, u, voltage),
        unit,
      );
      if (defaultResult === 'A' || defaultResult === 'W') unit = defaultResult;
    }
    if (p.sendTx) {
      const { connectorId, transactionId, limitA, first } = p.sendTx;
      const validTo = new Date(now().getTime() + txProfileValidityMs);
      txResult = await sendProfile(
        p.charger.productCode,
        (u) => txProfile(connectorId, transactionId, limitA, p.phases, u, voltage, validTo),
        unit,
      );
      if (txResult === 'A' || txResult === 'W') {
        unit = txResult;
        txRefusals.delete(p.charger.id);
        // Read back once per transaction: enough to find a charger that applies something else.
        if (first) await checkApplied(p.charger.productCode, connectorId, limitA, p.phases, txResult);
      }
    }
    // A TxProfile is refused rightly when its transaction has just ended (OCPP 1.6 5.16.3): only a charger that
    // refuses its TxDefaultProfile, or TxProfiles again and again, rejects profiles.
    const txRefused = txResult === null ? (txRefusals.get(p.charger.id) ?? 0) + 1 : 0;
    if (txResult === null) txRefusals.set(p.charger.id, txRefused);
    if (defaultResult === null || txRefused >= txRefusalsToFlag) {
      txRefusals.delete(p.charger.id);
      log?.warn({ chargerId: p.charger.id }, 'charger rejects charging profiles: counted at its rating');
      await repo.markProfiles(p.charger.id, true, unit);
      return true;
    }
    if (defaultResult === 'offline' || txResult === 'offline' || txResult === null) {
      // Not applied: the next allocation (its reconnection's status, its next transaction) sends it again.
      await repo.forgetSent(p.charger.id);
    } else if (unit !== p.unit) {
      await repo.markProfiles(p.charger.id, false, unit);
    }
    return false;
  };

  // One allocation of a site at a time on this node; a request while one runs runs once more after it.
  const running = new Map<number, { again: boolean; done: Promise<void> }>();
  const recompute = (stationId: number): Promise<void> => {
    const current = running.get(stationId);
    if (current) {
      current.again = true;
      return current.done;
    }
    const entry = { again: false, done: Promise.resolve() };
    entry.done = (async () => {
      try {
        do {
          entry.again = false;
          await allocateSite(stationId);
        } while (entry.again);
      } finally {
        running.delete(stationId);
      }
    })();
    running.set(stationId, entry);
    return entry.done;
  };

  const detail = async (stationId: number): Promise<LoadDetail> => {
    const site = await siteOf(stationId);
    // In the order they were added: a charger keeps its place on screen.
    const chargers = (await chargerView.allOfStation(stationId)).sort((a, b) => a.id - b.id);
    const repo = loadRepository(db);
    const rows = await repo.chargersOf(
      stationId,
      chargers.map((c) => c.id),
    );
    const [siteRow, bandRows] = await Promise.all([repo.site(stationId), repo.bands(stationId)]);
    const bands = bandRows.map(bandOf);
    const band = activeBand(bands, now(), site.timeZone);
    const limits = siteLimits(site, band === null ? null : bands[band]!);
    const rowById = new Map(rows.map((r) => [r.charger_id, r]));
    const on = site.isOpenLoad === 1;
    // Off, or before the first allocation: what the allocator would give, shown but not sent.
    const meter = freshMeter(siteRow, now());
    const preview: Allocation | null =
      on && siteRow?.computed_at
        ? null
        : allocate({
            site: { limitsA: limits, otherLoadA: meter?.currentA ?? null },
            chargers: inputsOf(chargers, rows),
            now: now().getTime(),
          });
    const measured = measuredPerPhase(chargers, rows);
    const stored = (siteRow?.phases ?? []) as Allocation['phases'] | [];
    const phases = (['L1', 'L2', 'L3'] as const).slice(0, site.phases).map((phase, p) => {
      const a = preview ? preview.phases[p]! : stored[p];
      return {
        phase,
        limitA: limits[p]!,
        reservedA: a?.reservedA ?? 0,
        allocatedA: a?.allocatedA ?? 0,
        measuredA: Math.round(measured[p]! * 10) / 10,
      };
    });
    return {
      isOpenLoad: site.isOpenLoad,
      sitePhases: site.phases,
      capacityA: siteLimits(site, null),
      timeZone: site.timeZone,
      phases,
      chargers: chargers.map((c) => {
        const row = rowById.get(c.id)!;
        const s = settingsOf(c, row);
        const p = preview?.chargers.find((x) => x.id === String(c.id));
        const limitA = p ? p.limitA : numeric(row.limit_a);
        return {
          chargerId: c.id,
          alias: c.alias,
          productCode: c.productCode,
          connected: c.connected,
          charging: c.ongoingSession !== null,
          phases: s.phases,
          wiring: s.wiring,
          minA: s.minA,
          maxA: s.maxA,
          ratedA: s.ratedA,
          limitA,
          reason: (p ? p.reason : row.reason) as LoadReason,
          sitePhasesA: (p ? [...p.sitePhasesA] : row.site_phases_a.slice(0, 3)) as Triple,
          measuredA: measuredOf(c),
          fallbackA: p ? p.fallbackA : (numeric(row.fallback_a) ?? 0),
          rejectsProfiles: row.rejects_profiles,
          rateUnit: row.rate_unit as RateUnit,
        };
      }),
      bands,
      activeBand: band,
      rotationMinutes: ROTATION_PERIOD_MS / 60_000,
      nextChangeAt: on ? (siteRow?.next_change_at?.toISOString() ?? null) : null,
      computedAt: on ? (siteRow?.computed_at?.toISOString() ?? null) : null,
      meter: meter && { currentA: meter.currentA, measuredAt: meter.measuredAt.toISOString() },
    };
  };

  /** Clears load management's profiles from every connected charger of the site (off). */
  const clearProfiles = async (stationId: number) => {
    const chargers = await chargerView.allOfStation(stationId);
    await Promise.all(
      chargers
        .filter((c) => c.connected)
        .flatMap((c) =>
          [profileIds.tx, profileIds.txDefault].map((id) =>
            link.send(c.productCode, 'ClearChargingProfile', { id }).catch(() => undefined),
          ),
        ),
    );
    await loadRepository(db).clearAllocations(stationId);
  };

  return {
    recompute,
    detail,

    /**
     * On: refused (1503) when the chargers' minimums do not fit the site's capacity on some phase, whatever is
     * charging (a site where every car cannot even get its minimum is not managed, it is starved). Off: clears the
     * profiles load management set.
     */
    enable: async (userId: number, stationId: number, isOpenLoad: 0 | 1): Promise<LoadDetail> => {
      const site = await siteOf(stationId);
      if (isOpenLoad === 1) {
        const chargers = await chargerView.allOfStation(stationId);
        const rows = await loadRepository(db).chargersOf(
          stationId,
          chargers.map((c) => c.id),
        );
        const need: Triple = [0, 0, 0];
        for (const input of inputsOf(chargers, rows)) {
          const used = input.phases === 1 ? [input.wiring[0]] : input.wiring;
          for (const p of used) need[p - 1]! += input.minA;
        }
        const capacity = siteLimits(site, null);
        if (need.some((n, p) => n > capacity[p]! + 1e-9)) throw new AppError(codes.siteCapacityTooLow);
      }
      await sites.update(userId, { stationId, isOpenLoad });
      // This node acts on the site's events at once; the others find it at their next pass (runDue).
      noteManaged(stationId, isOpenLoad === 1);
      if (isOpenLoad === 1) await recompute(stationId);
      else await clearProfiles(stationId);
      return detail(stationId);
    },

    saveCapacity: async (
      userId: number,
      stationId: number,
      capacity: Omit<LoadCapacitySave, 'stationId'>,
    ): Promise<LoadDetail> => {
      await sites.update(userId, { stationId, ...capacity });
      await recompute(stationId);
      return detail(stationId);
    },

    saveCharger: async (stationId: number, body: Omit<LoadChargerSave, 'stationId'>): Promise<LoadDetail> => {
      const chargers = await chargerView.allOfStation(stationId);
      if (!chargers.some((c) => c.id === body.chargerId)) throw new AppError(codes.chargerNotFound);
      await loadRepository(db).saveSettings(stationId, body.chargerId, body);
      await recompute(stationId);
      return detail(stationId);
    },

    saveSchedule: async (
      stationId: number,
      { bands }: Omit<LoadScheduleSave, 'stationId'>,
    ): Promise<LoadDetail> => {
      await db
        .transaction()
        .execute((trx) => loadRepository(trx).replaceBands(stationId, bands.map(toBandValues)));
      await recompute(stationId);
      return detail(stationId);
    },

    history: async (stationId: number): Promise<LoadHistory> => {
      const to = now().getTime();
      const rows = await loadRepository(db).samples(stationId, new Date(to - 86_400_000));
      // 15-minute points: the highest of each phase in the quarter (what the fuse saw at worst).
      const quarters = new Map<number, Triple>();
      for (const r of rows) {
        const q = Math.floor(r.minute.getTime() / 900_000) * 900_000;
        const top = quarters.get(q) ?? [0, 0, 0];
        quarters.set(q, top.map((v, p) => Math.max(v, r.current_a[p] ?? 0)) as Triple);
      }
      return {
        points: [...quarters].map(([at, currentA]) => ({ at: new Date(at).toISOString(), currentA })),
      };
    },

    /** A meter gateway's reading of the building's own load: stored, and the site allocated again at once. */
    meter: async (
      stationId: number,
      { currentA, measuredAt }: Omit<LoadMeter, 'stationId'>,
    ): Promise<null> => {
      await loadRepository(db).saveMeter(stationId, currentA, measuredAt ? new Date(measuredAt) : now());
      await recompute(stationId);
      return null;
    },

    /** Sites whose rotation or profile refresh is due: allocated again. */
    /**
     * Whether an event of the site may change its allocation: load management is on there, or this node has not
     * read the sites yet. False costs nothing: no read, no allocation.
     */
    isManaged: (stationId: number): boolean => managedSites.ids?.has(stationId) ?? true,

    /**
     * Reads again which sites have load management on (turned on by another node, or by the site's form, since the
     * last pass) and allocates those newly on, whose events were skipped until now; then the sites whose rotation
     * or refresh is due.
     */
    runDue: async (): Promise<void> => {
      const before = managedSites.ids;
      const ids = await sites.withLoadManagement();
      managedSites.ids = new Set(ids);
      for (const stationId of ids) if (before && !before.has(stationId)) await recompute(stationId);
      for (const stationId of await loadRepository(db).dueSites(now())) await recompute(stationId);
    },
  };
}

export type LoadService = ReturnType<typeof loadService>;

/** The site meter's reading while fresh, else null (the site's capacity alone holds). */
function freshMeter(
  row: { meter_a: number[] | null; meter_at: Date | null } | undefined,
  at: Date,
): { currentA: Triple; measuredAt: Date } | null {
  if (!row?.meter_a || !row.meter_at) return null;
  const age = at.getTime() - row.meter_at.getTime();
  if (age > siteMeterFreshSeconds * 1000 || age < -siteMeterFreshSeconds * 1000) return null;
  return {
    currentA: [row.meter_a[0] ?? 0, row.meter_a[1] ?? 0, row.meter_a[2] ?? 0],
    measuredAt: row.meter_at,
  };
}

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** Whether a charger's stored allocation differs from the new one. */
function changed(row: LoadChargerRow, next: StoredAllocation): boolean {
  return (
    next.sentAt !== null ||
    numeric(row.limit_a) !== next.limitA ||
    numeric(row.fallback_a) !== next.fallbackA ||
    row.reason !== next.reason ||
    row.site_phases_a.some((v, p) => v !== next.sitePhasesA[p]) ||
    !sameTime(row.served_since, next.servedSince) ||
    !sameTime(row.waiting_since, next.waitingSince) ||
    row.profile_transaction_id !== next.profileTransactionId
  );
}

/** The current measured on each site phase: each charger's L1..L3 onto the site phases its wiring names. */
function measuredPerPhase(chargers: Charger[], rows: LoadChargerRow[]): Triple {
  const byId = new Map(rows.map((r) => [r.charger_id, r]));
  const sum: Triple = [0, 0, 0];
  for (const c of chargers) {
    const m = measuredOf(c);
    if (!m) continue;
    const s = settingsOf(c, byId.get(c.id));
    const used = s.phases === 1 ? 1 : 3;
    for (let k = 0; k < used; k++) sum[s.wiring[k]! - 1]! += m[k]!;
  }
  return sum;
}
