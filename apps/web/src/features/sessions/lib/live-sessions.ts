import type { QueryClient } from '@tanstack/react-query';
import type { LiveMessage } from '@plugboard/contract';
import { sessionsQueryKey } from '../api/get-sessions';

/** Whether a live message changes what the sessions screens show: a session started or stopped, or a reconnect. */
export const changesSessions = (message: LiveMessage): boolean =>
  message.type === 'ready' || message.type === 'session.started' || message.type === 'session.stopped';

/**
 * The sessions list and details follow the site's live socket as the chargers list does: a session that starts or
 * stops refetches them (the socket is the chargers feature's; app/routes joins the two).
 */
export function followLiveSessions(queryClient: QueryClient, message: LiveMessage): void {
  if (changesSessions(message)) void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
}
