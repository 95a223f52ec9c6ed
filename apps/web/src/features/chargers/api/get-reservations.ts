import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReservationList } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { chargersQueryKey } from './get-chargers';

export const reservationsPath = '/cms-system/system/reservation/v2/list';

export const reservationsQueryKey = (chargerId: number) =>
  [...chargersQueryKey, 'reservations', chargerId] as const;

/** The charger's reservations in force (expired, cancelled and used ones are not listed). */
export const getReservations = (chargerId: number): Promise<ReservationList> =>
  apiPost(reservationsPath, { chargerId });

export const getReservationsQueryOptions = (chargerId: number) =>
  queryOptions({ queryKey: reservationsQueryKey(chargerId), queryFn: () => getReservations(chargerId) });

export function useReservations(chargerId: number) {
  return useQuery(getReservationsQueryOptions(chargerId));
}
