import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

/** Whose sessions an invoice bills: those that started with a card of the group (its snapshot) or with the cards. */
export type BillingCustomer = { groupId: number } | { cardIds: number[] };

/**
 * One complete session of a customer's period, as the invoices read it: the cost stored when it stopped (null when
 * the site had no tariff) and the VAT rate it was priced at (the breakdown's). Rows are arrays, in id order: an
 * invoice over 100,000 sessions reads them all, and an array costs less to make than an object.
 */
export type BillingRow = [
  id: number,
  energyWh: number,
  netMinor: number | null,
  vatMinor: number | null,
  vatRateBp: number | null,
];

export function sessionBillingRepository(db: Db) {
  return {
    completeOf: async (
      stationId: number,
      customer: BillingCustomer,
      from: Date,
      to: Date,
    ): Promise<BillingRow[]> => {
      const whose =
        'groupId' in customer
          ? sql`card_group_id = ${customer.groupId}`
          : sql`card_id = any(${customer.cardIds}::bigint[])`;
      const result = await sql<{ r: BillingRow }>`
        select json_build_array(id, coalesce(energy_wh, 0), cost_net_minor, cost_vat_minor,
          (cost_breakdown->>'vatRateBp')::int) as r
        from charging_sessions
        where station_id = ${stationId} and status = 'complete'
          and start_time >= ${from} and start_time < ${to} and ${whose}
        order by id`.execute(db);
      return result.rows.map((row) => row.r);
    },
  };
}
