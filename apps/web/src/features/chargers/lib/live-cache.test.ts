import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ChargerList } from '@plugboard/contract';
import { chargerDetailQueryKey } from '../api/get-charger';
import { getChargersQueryOptions } from '../api/get-chargers';
import { aCharger } from '../testing';
import { applyLiveMessage } from './live-cache';

const page = (list: ChargerList['list']): ChargerList => ({
  list,
  total: list.length,
  pageNum: 1,
  pageSize: 10,
});
const allChargers = { keyword: '', status: '' as const, pageNum: 1, pageSize: 10 };

describe('live messages in the query cache', () => {
  it('puts a new charger status into the list and the open detail without a request', async () => {
    const queryClient = new QueryClient();
    const other = aCharger();
    const charger = aCharger({ status: 'offline', connected: false });
    const listKey = getChargersQueryOptions(allChargers).queryKey;
    queryClient.setQueryData(listKey, page([other, charger]));
    queryClient.setQueryData(chargerDetailQueryKey(charger.id), charger);

    const online = { ...charger, status: 'available' as const, connected: true };
    await applyLiveMessage(queryClient, {
      type: 'charger.status',
      stationId: 7,
      chargerId: charger.id,
      status: 'available',
      connected: true,
      errorCode: null,
      firmwareStatus: null,
      connector: { connectorId: 1, status: 'available', errorCode: null },
      charger: online,
    });

    expect(queryClient.getQueryData<ChargerList>(listKey)?.list).toEqual([other, online]);
    expect(queryClient.getQueryData(chargerDetailQueryKey(charger.id))).toEqual(online);
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(false);
  });

  it('refetches a list filtered by status, which the charger may join or leave', async () => {
    const queryClient = new QueryClient();
    const charger = aCharger({ status: 'available' });
    const filteredKey = getChargersQueryOptions({ ...allChargers, status: 'available' }).queryKey;
    queryClient.setQueryData(filteredKey, page([charger]));
    await applyLiveMessage(queryClient, {
      type: 'charger.status',
      stationId: 7,
      chargerId: charger.id,
      status: 'charging',
      connected: true,
      errorCode: null,
      firmwareStatus: null,
      connector: null,
      charger: { ...charger, status: 'charging' },
    });
    expect(queryClient.getQueryState(filteredKey)?.isInvalidated).toBe(true);
  });

  it('refetches the lists when a charger is added elsewhere', async () => {
    const queryClient = new QueryClient();
    const listKey = getChargersQueryOptions(allChargers).queryKey;
    queryClient.setQueryData(listKey, page([]));
    const added = aCharger();
    await applyLiveMessage(queryClient, {
      type: 'charger.changed',
      stationId: 7,
      chargerId: added.id,
      change: 'added',
      charger: added,
    });
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
  });
});
