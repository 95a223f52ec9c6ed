import type { Updateable } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { sessionCosts, type PricedSession } from '../tariffs/session-cost.ts';
import type { SiteTerms } from '../tariffs/tariff-units.ts';
import { meterValuesRepository } from './meter-values.repository.ts';
import type { OngoingExtras } from './session-item.ts';

/** What the sessions module asks the tariffs module's pricing, with the registers it owns. */
export type CostColumns = Pick<
  Updateable<Database['charging_sessions']>,
  'cost_net_minor' | 'cost_vat_minor' | 'cost_gross_minor' | 'cost_breakdown'
>;

const noCost: CostColumns = {
  cost_net_minor: null,
  cost_vat_minor: null,
  cost_gross_minor: null,
  cost_breakdown: null,
};

/**
 * The final cost of a session ending at `end`, as the columns to store with its stop (in the stop's transaction:
 * its readings must be stored already). No tariff, or one the engine cannot price: no cost.
 */
export async function settledCost(
  db: Db,
  session: PricedSession,
  end: { at: Date; energyWh: number },
): Promise<CostColumns> {
  if (session.tariff_id === null) return noCost;
  const registers = await meterValuesRepository(db).energyRegisters([session.id]);
  const b = await sessionCosts(db).settle(session, registers.get(session.id) ?? [], end);
  if (!b) return noCost;
  return {
    cost_net_minor: b.netMinor,
    cost_vat_minor: b.vatMinor,
    cost_gross_minor: b.grossMinor,
    cost_breakdown: JSON.stringify(b),
  };
}

/**
 * What the ongoing sessions among `rows` add to their row: the newest register and a cost estimate up to `now`.
 * Costs one query for the readings of the lot, none when nothing is ongoing.
 */
export async function ongoingExtrasOf(
  db: Db,
  rows: (PricedSession & { status: string })[],
  now: Date,
): Promise<(id: number) => OngoingExtras> {
  const ongoing = rows.filter((r) => r.status === 'ongoing');
  if (ongoing.length === 0) return () => ({});
  const registers = await meterValuesRepository(db).energyRegisters(ongoing.map((r) => r.id));
  const { latest, estimates } = await sessionCosts(db).ongoing(ongoing, registers, now);
  return (id) => ({ latestWh: latest.get(id)?.energyWh, estimate: estimates.get(id) });
}

/**
 * As `ongoingExtrasOf`, for rows that came with their registers ([epoch ms, Wh], oldest first, on ongoing rows)
 * and their site's terms: no query of readings or site (the tariff versions are read once per process).
 */
export async function ongoingExtrasRead(
  db: Db,
  rows: (PricedSession & { status: string; registers: [number, number][] | null })[],
  terms: Map<number, SiteTerms>,
  now: Date,
): Promise<(id: number) => OngoingExtras> {
  const ongoing = rows.filter((r) => r.status === 'ongoing');
  if (ongoing.length === 0) return () => ({});
  const registers = new Map(
    ongoing.map((r) => [
      r.id,
      (r.registers ?? []).map(([at, energyWh]) => ({ at: Math.round(at), energyWh })),
    ]),
  );
  const { latest, estimates } = await sessionCosts(db).ongoing(ongoing, registers, now, terms);
  return (id) => ({ latestWh: latest.get(id)?.energyWh, estimate: estimates.get(id) });
}
