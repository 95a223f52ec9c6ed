import type { z } from 'zod';
import type { Breakdown } from '@plugboard/pricing';
import {
  codes,
  sessionCountAhead,
  sessionMissingMessage,
  type SessionDetail,
  type SessionList,
  type sessionListQuerySchema,
} from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { toCostBreakdown } from '../tariffs/session-cost.ts';
import { meterValuesRepository } from './meter-values.repository.ts';
import { ongoingExtrasOf, ongoingExtrasRead } from './session-pricing.ts';
import { toSessionItem } from './session-item.ts';
import { readCoalescer } from '../../lib/read-coalescer.ts';
import { sessionsHistoryRepository, type SessionRow } from './sessions-history.repository.ts';

type ListQuery = Omit<z.output<typeof sessionListQuerySchema>, 'stationId'>;

// A site's count of matching sessions, once it is this large, is reused for this long (real time), per database: a
// new session shows on the first page at once, but a total in the thousands may lag by it that long (and after a
// deletion through another node). Counting up to 10,000 index entries was most of PostgreSQL's time per list call.
const largeCount = 1000;
const rememberCountMs = 2000;
const largeCounts = new WeakMap<Db, Map<string, { n: number; at: number }>>();

/** Readings the detail's chart gets at most: more would not show on a screen. */
export const chartPointsMax = 2000;

/**
 * A site's charging history: the list, a session's detail and its deletion. Ongoing sessions are priced on read
 * (an estimate up to now); complete ones show the cost stored when they stopped.
 */
export function sessionsHistoryService({ db, now }: { db: Db; now: () => Date }) {
  const repo = sessionsHistoryRepository(db);
  let counts = largeCounts.get(db);
  if (!counts) largeCounts.set(db, (counts = new Map<string, { n: number; at: number }>()));
  const counted = counts;
  /** Forgets the counts of a site (a session of it deleted here). */
  const forgetCounts = (stationId: number) => {
    for (const key of counted.keys()) if (key.startsWith(`${stationId}|`)) counted.delete(key);
  };

  const ongoingExtras = (rows: SessionRow[]) => ongoingExtrasOf(db, rows, now());

  const page = async (stationId: number, query: ListQuery): Promise<SessionList> => {
    const { pageNum, pageSize, sortBy, sortOrder, ...filters } = query;
    const filter = { ...filters, stationId };
    const offset = (pageNum - 1) * pageSize;
    // Counting a million rows exactly costs more than the page: the count stops some way past the page.
    const countLimit = offset + pageSize + sessionCountAhead;
    // A large count (thousands of index entries each call, bench/api) counted a moment ago is reused.
    const key = `${stationId}|${countLimit}|${JSON.stringify(filters)}`;
    const t = performance.now();
    const recent = counted.get(key);
    const known = recent && t - recent.at < rememberCountMs ? recent.n : undefined;
    // One query: the page, the count, the ongoing sessions' registers and the site's terms.
    const rows = await repo.pageWithExtras(
      filter,
      { sortBy, sortOrder },
      pageSize,
      offset,
      known === undefined ? countLimit + 1 : undefined,
    );
    // Past the end there is no row to carry the count: counted apart (on the first page, none match).
    const found =
      known ?? rows[0]?.counted ?? (offset === 0 ? 0 : await repo.countUpTo(filter, countLimit + 1));
    if (known === undefined && found >= largeCount) {
      if (counted.size >= 10_000) counted.clear();
      counted.set(key, { n: found, at: t });
    }
    const terms = new Map(
      rows
        .slice(0, 1)
        .map((r) => [
          r.station_id,
          { currency: r.site_currency, timeZone: r.time_zone, fixedCostE4: r.fixed_cost_e4 },
        ]),
    );
    const extras = await ongoingExtrasRead(db, rows, terms, now());
    return {
      list: rows.map((r) => toSessionItem(r, extras(r.id))),
      total: Math.min(found, countLimit),
      totalCapped: found > countLimit,
      pageNum,
      pageSize,
    };
  };
  // Consoles polling the same page at once share its read (lib/read-coalescer.ts): each still sees its own writes.
  const coalesced = readCoalescer<SessionList>();

  return {
    list: (stationId: number, query: ListQuery): Promise<SessionList> =>
      coalesced(`${stationId}|${JSON.stringify(query)}`, () => page(stationId, query)),

    detail: async (stationId: number, orderNo: number): Promise<SessionDetail> => {
      const row = await repo.find(stationId, orderNo);
      if (!row) throw new AppError(codes.operationFailed, sessionMissingMessage);
      const [extras, readings] = await Promise.all([
        ongoingExtras([row]),
        meterValuesRepository(db).chartReadings(row.id, chartPointsMax),
      ]);
      const ongoing = row.status === 'ongoing';
      const breakdown = ongoing ? extras(row.id).estimate : (row.cost_breakdown as Breakdown | null);
      return {
        ...toSessionItem(row, extras(row.id)),
        transactionId: row.transaction_id,
        meterStartKwh: row.meter_start_wh / 1000,
        meterStopKwh: row.meter_stop_wh === null ? null : row.meter_stop_wh / 1000,
        stopReason: row.stop_reason,
        tariffId: row.tariff_id,
        breakdown: breakdown ? toCostBreakdown(breakdown, ongoing) : null,
        meterValues: readings.map((r) => ({
          at: r.sampled_at.toISOString(),
          energyKwh: r.energy_wh === null ? null : Math.max(0, r.energy_wh - row.meter_start_wh) / 1000,
          powerKw: r.power_w === null ? null : r.power_w / 1000,
        })),
      };
    },

    /** Deletes a complete session and its readings, irreversibly; an ongoing one is refused (1036). */
    remove: (stationId: number, orderNo: number): Promise<void> =>
      db.transaction().execute(async (trx) => {
        const tx = sessionsHistoryRepository(trx);
        const found = await tx.lockInStation(stationId, orderNo);
        if (!found) throw new AppError(codes.operationFailed, sessionMissingMessage);
        if (found.status === 'ongoing') throw new AppError(codes.chargerCharging);
        await tx.delete(found.id);
        forgetCounts(stationId);
      }),
  };
}

export type SessionsHistoryService = ReturnType<typeof sessionsHistoryService>;
