import { priceSession, type Breakdown, type MeterReading } from '@plugboard/pricing';
import type { CostBreakdown } from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import { tariffsRepository, type TariffRow } from './tariffs.repository.ts';
import { toEngineTariff, type SiteTerms } from './tariff-units.ts';

/** Tariff versions read, per Db (a test's databases share a process), at most `versionsKept` of them. */
const versionsRead = new WeakMap<Db, Map<number, TariffRow>>();
const versionsKept = 10_000;

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
 * Session costs from the cost engine (packages/pricing), from the energy registers the sessions module read (it owns
 * the readings). A session without a tariff costs nothing known (null). Tariff versions never change, so a page of
 * estimates reads each one once.
 */
export function sessionCosts(db: Db) {
  const tariffs = tariffsRepository(db);
  let known = versionsRead.get(db);
  if (!known) versionsRead.set(db, (known = new Map<number, TariffRow>()));
  const versions = known;
  // A version read once is kept for the process: rows are never changed, only added (and deleted with their site).
  const version = async (id: number): Promise<TariffRow | undefined> => {
    const kept = versions.get(id);
    if (kept) return kept;
    const row = await tariffs.findById(id);
    if (row) {
      if (versions.size >= versionsKept) versions.clear();
      versions.set(id, row);
    }
    return row;
  };

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

  return {
    /** What a session's figures are read with: its site's currency and time zone. */
    siteTerms: (stationId: number): Promise<SiteTerms | undefined> => tariffs.siteTerms(stationId),

    /**
     * The final cost of a session ending at `end`, from every energy register it had. A tariff the engine cannot
     * price (which saving refuses) leaves the cost unknown (null) rather than failing the charger's
     * StopTransaction, which it would then retry forever.
     */
    settle: async (
      session: PricedSession,
      registers: Register[],
      end: { at: Date; energyWh: number },
    ): Promise<Breakdown | null> => {
      if (session.tariff_id === null) return null;
      const start = { at: session.start_time.getTime(), energyWh: session.meter_start_wh };
      try {
        return await price(
          session,
          await tariffs.findById(session.tariff_id),
          pricingReadings(start, registers, { at: end.at.getTime(), energyWh: end.energyWh }),
        );
      } catch (error) {
        if (error instanceof RangeError) return null;
        throw error;
      }
    },

    /**
     * What is known of ongoing sessions at `now`, from their registers (by session id): each one's newest energy
     * register and, with a tariff, a cost estimate (by session id).
     */
    ongoing: async (
      sessions: PricedSession[],
      registers: Map<number, Register[]>,
      now: Date,
      /** Sites' terms the caller read with the sessions (by site id): not read again. */
      knownTerms?: Map<number, SiteTerms>,
    ) => {
      const latest = new Map<number, Register>();
      const estimates = new Map<number, Breakdown>();
      const versions = new Map<number, Promise<TariffRow | undefined>>();
      const sites = new Map<number, Promise<SiteTerms | undefined>>();
      for (const [id, terms] of knownTerms ?? []) sites.set(id, Promise.resolve(terms));
      for (const s of sessions) {
        const own = registers.get(s.id) ?? [];
        const last = own.at(-1);
        if (last) latest.set(s.id, last);
        if (s.tariff_id === null) continue;
        if (!versions.has(s.tariff_id)) versions.set(s.tariff_id, version(s.tariff_id));
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
