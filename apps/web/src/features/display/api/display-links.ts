import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { displayKioskPath, type CreatedDisplayLink } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { getStationId } from '../../../lib/storage';

export const displayLinkListPath = '/cms-system/system/display/v2/link/list';
export const displayLinkCreatePath = '/cms-system/system/display/v2/link/create';
export const displayLinkRevokePath = '/cms-system/system/display/v2/link/revoke';

export const displayLinksQueryKey = ['display', 'links'] as const;

/** The selected site's display links that are not revoked (without their tokens). */
export const getDisplayLinksQueryOptions = () =>
  queryOptions({ queryKey: displayLinksQueryKey, queryFn: () => apiPost(displayLinkListPath) });

export function useDisplayLinks() {
  return useQuery(getDisplayLinksQueryOptions());
}

/** Makes a link; its token is answered this once. */
export function useCreateDisplayLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string): Promise<CreatedDisplayLink> => apiPost(displayLinkCreatePath, { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: displayLinksQueryKey }),
  });
}

/** Revokes a link: a screen that uses it shows that it is refused. */
export function useRevokeDisplayLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number): Promise<null> => apiPost(displayLinkRevokePath, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: displayLinksQueryKey }),
  });
}

/** The URL a screen opens: /kiosk#<token> on this console's origin (the fragment never reaches a server). */
export function kioskUrl(token: string, origin = window.location.origin): string {
  return `${origin}${displayKioskPath}#${token}`;
}

/** The selected site's time zone, in which the links' times are shown. */
export function useSiteTimeZone(): string | undefined {
  const stationId = Number(getStationId());
  return useQuery({
    queryKey: ['display', 'site', stationId],
    queryFn: () => apiPost('/cms-system/system/station/v2/detail', { stationId }),
    enabled: Number.isSafeInteger(stationId) && stationId > 0,
    select: (site) => site.timeZone,
  }).data;
}
