import { useCardGroups } from '../../features/cards/api/get-card-groups';
import { useCards } from '../../features/cards/api/get-cards';
import { InvoiceListView } from '../../features/invoices/components/invoice-list-view';

/** The site's active cards a request can name: the first 100 (the most the card list answers at once). */
const cardOptionsQuery = { keyword: '', groupId: 0, status: 'active', pageNum: 1, pageSize: 100 } as const;

/** The invoices screen; its customers are the site's card groups and cards (cards feature). */
export function InvoiceListRoute() {
  const groups = useCardGroups();
  const cards = useCards(cardOptionsQuery);
  return (
    <InvoiceListView
      groups={(groups.data?.list ?? []).map((group) => ({ id: group.id, label: group.name }))}
      cards={(cards.data?.list ?? []).map((card) => ({
        id: card.id,
        label: card.holder ? `${card.cardId} (${card.holder})` : card.cardId,
      }))}
    />
  );
}
