import type { QueryClient } from '@tanstack/react-query';
import type { LiveMessage } from '@plugboard/contract';
import { overviewNowQueryKey, overviewQueryKey } from '../api/get-overview-now';
import { overviewPeriodQueryKey } from '../api/get-overview-period';

/** Meter readings come every second per charger: "now" is asked again at most this often. */
export const nowRefreshMs = 2_000;

/**
 * Follows the site's live socket: a charger's status or a reading refreshes "now" (readings at most every
 * `nowRefreshMs`), a session that starts or stops refreshes the period too. A (re)connect refetches everything,
 * for whatever happened while the socket was down.
 */
export function overviewLiveHandler(queryClient: QueryClient) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const refreshNow = () => void queryClient.invalidateQueries({ queryKey: overviewNowQueryKey });
  const refreshNowSoon = () => {
    if (timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      refreshNow();
    }, nowRefreshMs);
  };
  return {
    onMessage: (message: LiveMessage) => {
      switch (message.type) {
        case 'ready':
          return void queryClient.invalidateQueries({ queryKey: overviewQueryKey });
        case 'charger.status':
        case 'charger.changed':
          return refreshNow();
        case 'meter.values':
          return refreshNowSoon();
        case 'session.started':
        case 'session.stopped':
          refreshNow();
          return void queryClient.invalidateQueries({ queryKey: overviewPeriodQueryKey });
        case 'notice.changed':
          // The site's texts: not on the overview.
          return;
      }
    },
    close: () => clearTimeout(timer),
  };
}
