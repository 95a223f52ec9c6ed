import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { openLiveSocket, type LiveState } from '../../features/chargers/api/live-chargers';
import { ChargerStatusChip } from '../../features/chargers/components/charger-status-chip';
import { LiveIndicator } from '../../features/chargers/components/live-indicator';
import { OverviewView } from '../../features/overview/components/overview-view';
import { overviewLiveHandler } from '../../features/overview/lib/live';
import { handleFailure } from '../../lib/api-client';
import { liveSocketUrl } from '../../lib/live-socket';
import { getStationId } from '../../lib/storage';

/**
 * The landing page. Its "now" follows the site's live socket (the chargers feature's), whose messages the overview
 * turns into refreshes of its own figures.
 */
export function OverviewRoute() {
  const queryClient = useQueryClient();
  const stationId = Number(getStationId());
  const usable = Number.isSafeInteger(stationId) && stationId > 0;
  const [state, setState] = useState<LiveState>('connecting');

  useEffect(() => {
    if (!usable) return undefined;
    const live = overviewLiveHandler(queryClient);
    const connection = openLiveSocket({
      url: liveSocketUrl(),
      stationId,
      onMessage: live.onMessage,
      onState: setState,
      onRefused: (code) => handleFailure(code, ''),
    });
    return () => {
      connection.close();
      live.close();
    };
  }, [queryClient, stationId, usable]);

  return (
    <OverviewView
      liveIndicator={<LiveIndicator state={usable ? state : 'stopped'} />}
      renderStatus={(status) => <ChargerStatusChip status={status} />}
    />
  );
}
