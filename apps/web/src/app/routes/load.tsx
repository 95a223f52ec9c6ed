import { LoadView } from '../../features/load/components/load-view';

/** Load management: the screen and its charts load with this route's chunk. */
export function LoadRoute() {
  return <LoadView />;
}
