import { useQuery } from '@tanstack/react-query';
import { apiPost } from './api-client';
import { getStationId } from './storage';

export type SiteTimeZone = {
  /** The selected site's IANA zone; the browser's while the site is unknown or could not be read. */
  timeZone: string;
  /** False until the site has answered (or failed): a filter sent before would use the wrong midnights. */
  settled: boolean;
};

export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The zone every time of the console is shown and filtered in: the selected site's, as the export and the report
 * mails use it, not the browser's. Shares the sites feature's cache entry of the site's detail.
 */
export function useSiteTimeZone(): SiteTimeZone {
  const stationId = Number(getStationId());
  const known = Number.isSafeInteger(stationId) && stationId > 0;
  const site = useQuery({
    queryKey: ['sites', 'detail', stationId],
    queryFn: () => apiPost('/cms-system/system/station/v2/detail', { stationId }),
    enabled: known,
    staleTime: 60_000,
  });
  const zone = site.data?.timeZone;
  return {
    timeZone: typeof zone === 'string' && zone !== '' ? zone : browserTimeZone(),
    settled: !known || site.isSuccess || site.isError,
  };
}
