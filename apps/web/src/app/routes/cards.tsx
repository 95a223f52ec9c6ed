import { CardListView } from '../../features/cards/components/card-list-view';

/** card/list and card/group: the same cards screen (spec section 2 declares it twice). */
export function CardsRoute() {
  return <CardListView />;
}
