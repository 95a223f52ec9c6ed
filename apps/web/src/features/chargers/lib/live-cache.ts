import type { QueryClient } from '@tanstack/react-query';
import type { Charger, ChargerList, LiveMessage } from '@plugboard/contract';
import { chargerDetailQueryKey } from '../api/get-charger';
import { chargerListQueryKey, chargersQueryKey } from '../api/get-chargers';
import type { ChargerListParams } from './list-params';

/**
 * Puts a charger's new state into every cached list page that shows it and into its detail. A fetch still under way
 * may have read the database before this change (the server publishes after the commit), so it is cancelled and
 * started again: one that starts now sees the change.
 */
async function putCharger(queryClient: QueryClient, charger: Charger): Promise<void> {
  const detailKey = chargerDetailQueryKey(charger.id);
  const stale = [chargerListQueryKey, detailKey].filter(
    (queryKey) => queryClient.isFetching({ queryKey }) > 0,
  );
  await Promise.all(stale.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  queryClient.setQueriesData<ChargerList>({ queryKey: chargerListQueryKey }, (page) =>
    page?.list.some((item) => item.id === charger.id)
      ? { ...page, list: page.list.map((item) => (item.id === charger.id ? charger : item)) }
      : page,
  );
  if (queryClient.getQueryData(detailKey) !== undefined) queryClient.setQueryData(detailKey, charger);
  await Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** A list filtered by status may gain or lose the charger: only the server knows which page it lands on. */
function refetchFilteredLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: chargerListQueryKey,
    predicate: (query) => {
      const params = query.queryKey[2] as Partial<ChargerListParams> | undefined;
      return Boolean(params?.status);
    },
  });
}

/**
 * Applies one live message to the query cache, so the screen follows the chargers without polling. A message that
 * carries the charger's new list item is written straight in (no request); one that changes what a list holds makes
 * the lists refetch.
 */
export async function applyLiveMessage(queryClient: QueryClient, message: LiveMessage): Promise<void> {
  switch (message.type) {
    case 'ready':
      // (Re)connected: whatever happened while the socket was down is fetched once.
      return queryClient.invalidateQueries({ queryKey: chargersQueryKey });
    case 'charger.status':
      // No item: the charger was deleted meanwhile, so only the lists change.
      if (!message.charger) return queryClient.invalidateQueries({ queryKey: chargerListQueryKey });
      await putCharger(queryClient, message.charger);
      return refetchFilteredLists(queryClient);
    case 'meter.values':
      if (message.charger) await putCharger(queryClient, message.charger);
      return;
    case 'charger.changed':
      if (message.change === 'updated' && message.charger) return putCharger(queryClient, message.charger);
      // A deleted charger's detail is left alone: removing it under an open panel would refetch it (1001).
      return queryClient.invalidateQueries({ queryKey: chargerListQueryKey });
    case 'session.started':
    case 'session.stopped':
      // The charger's ongoing session changed; its status message may come before or after this one.
      await queryClient.invalidateQueries({ queryKey: chargerDetailQueryKey(message.chargerId) });
      return queryClient.invalidateQueries({ queryKey: chargerListQueryKey });
    case 'notice.changed':
      // The site's texts: nothing of the chargers.
      return;
  }
}
