import {
  chargerStatuses,
  overviewTopMax,
  type ChargerStatus,
  type OverviewNow,
  type OverviewPeriod,
  type OverviewTotals,
} from '@plugboard/contract';
import type { InstantRange } from '@plugboard/pricing';
import type { Db } from '../../db/client.ts';
import type { ChargerViewService } from '../chargers/charger-view.service.ts';
import { sessionTotals, type TotalsRange } from '../sessions/session-totals.service.ts';
import { sitesService } from '../sites/sites.service.ts';
import { minorDigits } from '../tariffs/tariff-units.ts';
import { periodsOf, type PeriodChoice } from './overview-period.ts';

export type OverviewServiceDeps = { db: Db; chargerView: ChargerViewService; now: () => Date };

/** Statuses that need someone: a fault first, then a charger that lost its connection. */
const attentionOrder: ChargerStatus[] = ['faulted', 'offline'];

/**
 * The landing page's figures: the site now (chargers through their own module, sessions through theirs) and a
 * period's figures from the sessions' totals. Every read names the site the call was checked against.
 */
export function overviewService({ db, chargerView, now }: OverviewServiceDeps) {
  const totalsOf = sessionTotals(db);
  const sites = sitesService(db);

  /** A period's totals, and its `top` busiest cards. */
  const totals = async (
    range: TotalsRange,
    chargers: number,
    top = 0,
  ): Promise<{ totals: OverviewTotals; topCards: OverviewPeriod['topCards'] }> => {
    const [t, cards] = await Promise.all([totalsOf.totals(range), totalsOf.cards(range, top)]);
    const hours = chargers * (range.to.getTime() - range.from.getTime());
    const figures = {
      sessions: t.sessions,
      energyWh: t.energyWh,
      netMinor: t.netMinor,
      grossMinor: t.grossMinor,
      averageDurationS: t.sessions ? Math.round(t.durationS / t.sessions) : null,
      averageEnergyWh: t.sessions ? Math.round(t.energyWh / t.sessions) : null,
      utilisation: hours > 0 ? Math.min(1, (t.busyS * 1000) / hours) : null,
      distinctCards: cards.distinct,
    };
    return { totals: figures, topCards: cards.top };
  };

  const rangeOf = (stationId: number, r: InstantRange, timeZone: string): TotalsRange => ({
    stationId,
    from: new Date(r.from),
    to: new Date(r.to),
    timeZone,
  });

  return {
    now: async (userId: number, stationId: number): Promise<OverviewNow> => {
      const [site, summary, ongoing] = await Promise.all([
        sites.detail(userId, stationId),
        chargerView.statusSummary(stationId, attentionOrder),
        totalsOf.ongoingNow(stationId),
      ]);
      const counts = new Map(summary.counts.map((c) => [c.status, c.chargers]));
      const capacities =
        site.phases === 1 ? [site.capacityL1] : [site.capacityL1, site.capacityL2, site.capacityL3];
      return {
        chargers: summary.counts.reduce((sum, c) => sum + c.chargers, 0),
        byStatus: chargerStatuses.flatMap((status) => {
          const n = counts.get(status);
          return n ? [{ status, chargers: n }] : [];
        }),
        ongoingSessions: ongoing.sessions,
        powerW: ongoing.powerW,
        capacityW: Math.round(site.powerCapacity * 1000),
        phases: capacities.map((capacityA, i) => ({
          phase: (['L1', 'L2', 'L3'] as const)[i] ?? 'L1',
          currentA: Math.round((ongoing.currentA[i] ?? 0) * 10) / 10,
          capacityA: capacityA ?? 0,
        })),
        attention: summary.chargers
          .sort((a, b) => attentionOrder.indexOf(a.status) - attentionOrder.indexOf(b.status) || a.id - b.id)
          .map((c) => ({
            chargerId: c.id,
            alias: c.alias,
            productCode: c.productCode,
            status: c.status,
            errorCode: c.errorCode,
            lastSeenAt: c.lastSeenAt,
          })),
      };
    },

    period: async (userId: number, stationId: number, choice: PeriodChoice): Promise<OverviewPeriod> => {
      const [site, summary] = await Promise.all([
        sites.detail(userId, stationId),
        chargerView.statusSummary(stationId, []),
      ]);
      const chargers = summary.counts.reduce((sum, c) => sum + c.chargers, 0);
      const { period, previous, days } = periodsOf(choice, site.timeZone, now());
      const range = rangeOf(stationId, period, site.timeZone);
      const bucket = days <= 1 ? 'hour' : 'day';
      const [current, before, series, byStartBy, topChargers] = await Promise.all([
        totals(range, chargers, overviewTopMax),
        totals(rangeOf(stationId, previous, site.timeZone), chargers),
        totalsOf.series(range, bucket),
        totalsOf.byStartBy(range),
        totalsOf.topChargers(range, overviewTopMax),
      ]);
      return {
        period,
        previous,
        timeZone: site.timeZone,
        currency: site.currency,
        minorDigits: minorDigits(site.currency),
        totals: current.totals,
        previousTotals: before.totals,
        bucket,
        series,
        byStartBy,
        topChargers,
        topCards: current.topCards,
      };
    },
  };
}

export type OverviewService = ReturnType<typeof overviewService>;
