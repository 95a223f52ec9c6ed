import { CardListView } from '../../features/cards/components/card-list-view';
import { LocalListPanel } from '../../features/local-list/components/local-list-panel';

/** card/list and card/group: the same cards screen (spec section 2 declares it twice), and the chargers' copy. */
export function CardsRoute() {
  return (
    <>
      <CardListView />
      <LocalListPanel />
    </>
  );
}
