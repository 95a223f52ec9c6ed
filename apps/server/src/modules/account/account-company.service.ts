import type { Seller } from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import { accountRepository } from './account.repository.ts';

/**
 * The operator's company as the account holds it (spec section 3: company name, company address, VAT number), for
 * the documents the operator issues (invoices). The account's e-mail is the seller's address.
 */
export function accountCompanyService(db: Db) {
  const repo = accountRepository(db);
  return {
    of: async (userId: number): Promise<Seller> => {
      const row = await repo.findById(userId);
      return {
        companyName: row?.company_name ?? '',
        address: row?.company_address ?? '',
        vatNumber: row?.vat_number ?? '',
        email: row?.email ?? '',
      };
    },
  };
}
