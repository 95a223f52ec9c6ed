import type { Db } from '../../db/client.ts';
import {
  sessionBillingRepository,
  type BillingCustomer,
  type BillingRow,
} from './session-billing.repository.ts';

export type { BillingCustomer, BillingRow };

/**
 * What invoices read of the charging history (modules/invoices bills through this, never the table): a customer's
 * complete sessions that started in [from, to), with their stored cost. Ongoing sessions are never billed.
 */
export function sessionBillingService(db: Db) {
  const repo = sessionBillingRepository(db);
  return {
    completeOf: (stationId: number, customer: BillingCustomer, from: Date, to: Date): Promise<BillingRow[]> =>
      repo.completeOf(stationId, customer, from, to),
  };
}
export type SessionBillingService = ReturnType<typeof sessionBillingService>;
