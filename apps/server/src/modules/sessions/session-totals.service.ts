import type { StartBy } from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import { startByOf } from './session-item.ts';
import { sessionTotalsRepository, type TotalsRange } from './session-totals.repository.ts';

export type { TotalsRange };

/**
 * What the overview asks of the sessions: sums over a site's completed sessions by start time (the sessions list
 * and export filtered by the same start times and status 'complete' give the same figures), and the sessions
 * under way now.
 */
export function sessionTotals(db: Db) {
  const repo = sessionTotalsRepository(db);
  return {
    totals: repo.totals,
    series: repo.series,
    /** Sessions by start-by source; sources the contract does not name are added up as 'unknown'. */
    byStartBy: async (range: TotalsRange) => {
      const counts = new Map<StartBy, number>();
      for (const r of await repo.byStartBy(range)) {
        const source = startByOf(r.startBy);
        counts.set(source, (counts.get(source) ?? 0) + r.sessions);
      }
      return [...counts].map(([startBy, sessions]) => ({ startBy, sessions }));
    },
    topChargers: repo.topChargers,
    cards: repo.cards,
    ongoingNow: repo.ongoingNow,
  };
}

export type SessionTotals = ReturnType<typeof sessionTotals>;
