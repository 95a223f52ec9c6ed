import type { Charger, ChargerList, ChargerListQuery, ChargerStatus } from '@plugboard/contract';
import { codes } from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { readCoalescer } from '../../lib/read-coalescer.ts';
import { toChargerItem } from './charger-item.ts';
import { ongoingSessions, type OngoingSessionRow } from '../sessions/ongoing-sessions.service.ts';
import { chargerViewRepository } from './charger-view.repository.ts';
import { firmwareRepository } from './firmware.repository.ts';
import type { ChargerRow, ConnectorRow } from './chargers.repository.ts';

/**
 * The console's reads of chargers; a page of the list is one query whatever its size (two when its chargers name a
 * model: the firmware offered). Every read names the site: a charger of another site is not found (1001)
 * exactly like one that does not exist.
 */
export function chargerViewService(db: Db) {
  const repo = chargerViewRepository(db);
  const firmware = firmwareRepository(db);
  const ongoing = ongoingSessions(db);
  // Consoles polling the same page at once share its read (lib/read-coalescer.ts): each still sees its own writes.
  const coalesced = readCoalescer<ChargerList>();

  const items = async (
    stationId: number,
    rows: ChargerRow[],
    read?: { connectors: ConnectorRow[]; sessions: OngoingSessionRow[] },
  ): Promise<Charger[]> => {
    const ids = rows.map((r) => r.id);
    const models = [...new Set(rows.flatMap((r) => (r.model ? [r.model] : [])))];
    const [connectors, sessions, catalogue] = await Promise.all([
      read?.connectors ?? repo.connectors(ids),
      read?.sessions ?? ongoing.withReadings(ids),
      firmware.offeredToStation(stationId, models),
    ]);
    return rows.map((row) =>
      toChargerItem({
        row,
        connectors: connectors.filter((c) => c.charger_id === row.id),
        sessions: sessions.filter((s) => s.charger_id === row.id),
        catalogue,
      }),
    );
  };

  const page = async (
    stationId: number,
    { keyword, status, pageNum, pageSize }: Omit<ChargerListQuery, 'stationId'>,
  ): Promise<ChargerList> => {
    const filter = { keyword, status };
    const offset = (pageNum - 1) * pageSize;
    // The page with its count, connectors and ongoing sessions in one query; then the firmware offered for
    // its models, if any.
    const found = await repo.pageWithConnectors(
      stationId,
      filter,
      pageSize,
      offset,
      ongoing.withReadingsJson,
    );
    // Past the end there is no row to carry the count: counted apart (on the first page, none match).
    const total = found.total ?? (offset === 0 ? 0 : await repo.count(stationId, filter));
    const read = { connectors: found.connectors, sessions: found.extra.map(ongoing.fromJson) };
    return { list: await items(stationId, found.rows, read), total, pageNum, pageSize };
  };

  const service = {
    list: (stationId: number, query: Omit<ChargerListQuery, 'stationId'>): Promise<ChargerList> =>
      coalesced(`${stationId}|${JSON.stringify(query)}`, () => page(stationId, query)),

    /**
     * The site's chargers counted by status, and those in `statuses` as the list names them (without their
     * sessions or connectors): what the overview's "now" shows, in two queries whatever the site's size.
     */
    statusSummary: async (stationId: number, statuses: ChargerStatus[]) => {
      const [counts, rows] = await Promise.all([
        repo.statusCounts(stationId),
        statuses.length > 0 ? repo.inStatuses(stationId, statuses) : Promise.resolve([]),
      ]);
      return {
        counts,
        chargers: rows.map((row) => ({
          id: row.id,
          alias: row.alias,
          productCode: row.product_code,
          status: row.status,
          errorCode: row.error_code,
          lastSeenAt: row.last_seen_at?.toISOString() ?? null,
        })),
      };
    },

    /** Every charger of the site, in list order (the display board: a site has tens of chargers, not thousands). */
    allOfStation: async (stationId: number, limit = 500): Promise<Charger[]> =>
      items(stationId, await repo.page(stationId, {}, limit, 0)),

    /** The charger's list item, or null when the site has no such charger. */
    find: async (stationId: number, chargerId: number): Promise<Charger | null> => {
      const row = await repo.findInStation(stationId, chargerId);
      return row ? ((await items(stationId, [row]))[0] ?? null) : null;
    },

    /** Throws 1001 when the site has no such charger. */
    detail: async (stationId: number, chargerId: number): Promise<Charger> => {
      const item = await service.find(stationId, chargerId);
      if (!item) throw new AppError(codes.chargerNotFound);
      return item;
    },
  };
  return service;
}

export type ChargerViewService = ReturnType<typeof chargerViewService>;
