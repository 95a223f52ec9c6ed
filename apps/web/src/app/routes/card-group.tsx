import { CardGroupListView } from '../../features/cards/components/card-group-list-view';

export function CardGroupRoute() {
  return <CardGroupListView />;
}
