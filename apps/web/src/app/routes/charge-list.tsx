import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ChargerListView } from '../../features/chargers/components/charger-list-view';
import { getSiteQueryOptions } from '../../features/sites/api/get-site';
import { getStationId } from '../../lib/storage';

/**
 * The chargers screen. Adding or deleting a charger first reads the selected site (sites feature) for its
 * load-management flag; always a fresh read, since another operator may have switched it on meanwhile.
 */
export function ChargeListRoute() {
  const queryClient = useQueryClient();
  const isLoadManagementActive = useCallback(async () => {
    const site = await queryClient.fetchQuery({
      ...getSiteQueryOptions(Number(getStationId())),
      staleTime: 0,
    });
    return site.isOpenLoad === 1;
  }, [queryClient]);
  return <ChargerListView isLoadManagementActive={isLoadManagementActive} />;
}
