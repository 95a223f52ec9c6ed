import { cardMissingMessage, codes, groupMissingMessage, type InvoiceCustomer } from '@plugboard/contract';
import { AppError } from '../../lib/app-error.ts';
import type { CardGroupsService } from '../cards/card-groups.service.ts';
import type { CardsService } from '../cards/cards.service.ts';
import type { BillingCustomer } from '../sessions/session-billing.service.ts';

export type ResolvedCustomer = {
  billing: BillingCustomer;
  /** The group's name, or the cards' IDs. */
  label: string;
};

/**
 * An invoice's customer as the site knows it, through the cards module: a group or card of another site answers
 * exactly like a missing one (1039, as every card call does), and nothing is billed.
 */
export function invoiceCustomers({
  groups,
  cards,
}: {
  groups: Pick<CardGroupsService, 'list'>;
  cards: Pick<CardsService, 'findMany'>;
}) {
  return {
    resolve: async (stationId: number, customer: InvoiceCustomer): Promise<ResolvedCustomer> => {
      if (customer.kind === 'group') {
        const group = (await groups.list(stationId)).find((g) => g.id === customer.groupId);
        if (!group) throw new AppError(codes.operationFailed, groupMissingMessage);
        return { billing: { groupId: group.id }, label: group.name };
      }
      const ids = [...new Set(customer.cardIds)];
      const found = await cards.findMany(stationId, ids);
      if (found.length !== ids.length) throw new AppError(codes.operationFailed, cardMissingMessage);
      return { billing: { cardIds: ids }, label: found.map((c) => c.cardId).join(', ') };
    },
  };
}
export type InvoiceCustomers = ReturnType<typeof invoiceCustomers>;
