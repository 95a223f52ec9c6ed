import { sql, type Updateable } from 'kysely';
import { priceSession, type Breakdown, type MeterReading } from '@plugboard/pricing';
import type { CostBreakdown } from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { tariffsRepository, type TariffRow } from './tariffs.repository.ts';
import { toEngineTariff, type SiteTerms } from './tariff-units.ts';

/** What pricing reads of a session. */
export type PricedSession = {
  id: number;
  station_id: number;
  tariff_id: number | null;
  currency: string;
  multiplier_bp: number;
  start_time: Date;
  meter_start_wh: number;
};

export type CostColumns = Pick<
  Updateable<Database['charging_sessions']>,
  'cost_net_minor' | 'cost_vat_minor' | 'cost_gross_minor' | 'cost_breakdown'
>;

export const noCost: CostColumns = {
  cost_net_minor: null,
  cost_vat_minor: null,
  cost_gross_minor: null,
  cost_breakdown: null,
};

/** A meter register reading: `at` in epoch milliseconds, as the engine reads it. */
type Register = MeterReading;

/**
 * The readings the engine prices: the start register at the start, the session's energy readings strictly
 * between start and end (a charger's clock may put one outside), and the end register at the end.
 */
export function pricingReadings(start: Register, registers: Register[], end: Register): MeterReading[] {
  const to = Math.max(end.at, start.at);
  const inside = registers.filter((r) => r.at > start.at && r.at < to).sort((a, b) => a.at - b.at);
  return [start, ...inside, { at: to, energyWh: end.energyWh }];
}

/** An ongoing session priced until `now`, at its newest register (nothing more is known yet). */
export function estimateEnd(session: PricedSession, registers: Register[], now: Date): Register {
  const last = registers.at(-1);
  const at = Math.max(now.getTime(), last?.at ?? 0, session.start_time.getTime());
  return { at, energyWh: last?.energyWh ?? session.meter_start_wh };
}

/** The stored breakdown (the engine's, in integers) as the console reads it, in major units. */
export function toCostBreakdown(b: Breakdown, estimate: boolean): CostBreakdown {
  const money = (minor: number) => minor / 10 ** b.currencyDigits;
  return {
    lines: b.lines.map((l) => ({
      kind: l.kind,
      band: l.band,
      quantity: l.quantity,
      unitPrice: l.unitPrice / 10_000,
      amount: money(l.amountMinor),
    })),
    multiplier: b.multiplierBp / 100,
    net: money(b.netMinor),
    vat: money(b.vatMinor),
    gross: money(b.grossMinor),
    vatRate: b.vatRateBp / 100,
    pricesIncludeVat: b.pricesIncludeVat,
    estimate,
  };
}

export const grossOf = (b: Breakdown) => b.grossMinor / 10 ** b.currencyDigits;

/**
 * Session costs from the cost engine (packages/pricing). A session without a tariff costs nothing known (null).
 * Tariff versions never change, so a page of estimates reads each one once.
 */
export function sessionCosts(db: Db) {
  const tariffs = tariffsRepository(db);

  // A site's time zone can change; within one call it is read once.
  const termsOf = (cache: Map<number, Promise<SiteTerms | undefined>>, stationId: number) => {
    if (!cache.has(stationId)) cache.set(stationId, tariffs.siteTerms(stationId));
    return cache.get(stationId)!;
  };

  const price = async (
    session: PricedSession,
    tariff: TariffRow | undefined,
    readings: MeterReading[],
    sites = new Map<number, Promise<SiteTerms | undefined>>(),
  ): Promise<Breakdown | null> => {
    if (!tariff) return null;
    const site = await termsOf(sites, session.station_id);
    if (!site) return null;
    return priceSession({
      tariff: toEngineTariff(tariff, {
        currency: session.currency || site.currency,
        timeZone: site.timeZone,
      }),
      readings,
      multiplierBp: session.multiplier_bp,
    });
  };

  const registersOf = async (sessionIds: number[]) => {
    const rows =
      sessionIds.length === 0
        ? []
        : await db
            .selectFrom('meter_values')
            // Epoch milliseconds as a float: parsing hundreds of timestamps into Dates costs more than the query.
            .select([
              'session_id',
              'energy_wh',
              sql<number>`extract(epoch from sampled_at)::float8 * 1000`.as('at'),
            ])
            .where('session_id', 'in', sessionIds)
            .where('energy_wh', 'is not', null)
            .orderBy('session_id')
            .orderBy('sampled_at')
            .execute();
    const bySession = new Map<number, Register[]>();
    for (const r of rows) {
      const list = bySession.get(r.session_id!) ?? [];
      list.push({ at: Math.round(r.at), energyWh: r.energy_wh! });
      bySession.set(r.session_id!, list);
    }
    return bySession;
  };

  return {
    /**
     * The final cost of a session ending at `end` (its readings must be stored already), as the columns to
     * store. A tariff the engine cannot price (which saving refuses) leaves the cost unknown rather than failing
     * the charger's StopTransaction, which it would then retry forever.
     */
    settle: async (session: PricedSession, end: { at: Date; energyWh: number }): Promise<CostColumns> => {
      if (session.tariff_id === null) return noCost;
      const registers = (await registersOf([session.id])).get(session.id) ?? [];
      const start = { at: session.start_time.getTime(), energyWh: session.meter_start_wh };
      try {
        const b = await price(
          session,
          await tariffs.findById(session.tariff_id),
          pricingReadings(start, registers, { at: end.at.getTime(), energyWh: end.energyWh }),
        );
        if (!b) return noCost;
        return {
          cost_net_minor: b.netMinor,
          cost_vat_minor: b.vatMinor,
          cost_gross_minor: b.grossMinor,
          cost_breakdown: JSON.stringify(b),
        };
      } catch (error) {
        if (error instanceof RangeError) return noCost;
        throw error;
      }
    },

    /**
     * What is known of ongoing sessions at `now`: each one's newest energy register and, with a tariff, a cost
     * estimate (by session id). One query for the readings of them all.
     */
    ongoing: async (sessions: PricedSession[], now: Date) => {
      const registers = await registersOf(sessions.map((s) => s.id));
      const latest = new Map<number, Register>();
      const estimates = new Map<number, Breakdown>();
      const versions = new Map<number, Promise<TariffRow | undefined>>();
      const sites = new Map<number, Promise<SiteTerms | undefined>>();
      for (const s of sessions) {
        const own = registers.get(s.id) ?? [];
        const last = own.at(-1);
        if (last) latest.set(s.id, last);
        if (s.tariff_id === null) continue;
        if (!versions.has(s.tariff_id)) versions.set(s.tariff_id, tariffs.findById(s.tariff_id));
        const start = { at: s.start_time.getTime(), energyWh: s.meter_start_wh };
        const readings = pricingReadings(start, own, estimateEnd(s, own, now));
        const b = await price(s, await versions.get(s.tariff_id), readings, sites).catch((error: unknown) => {
          if (error instanceof RangeError) return null;
          throw error;
        });
        if (b) estimates.set(s.id, b);
      }
      return { latest, estimates };
    },
  };
}

export type SessionCosts = ReturnType<typeof sessionCosts>;
