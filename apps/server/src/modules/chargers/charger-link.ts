import type { Ocpp16CentralSystemAction, Ocpp16Request, Ocpp16Response } from '@plugboard/ocpp';
import type { EventBus } from '../../lib/event-bus.ts';
import type { ConnectionRegistry } from '../../ocpp/connection-registry.ts';

/**
 * What the console's charger services need of the central system: send a command (to whichever node holds the
 * charger's socket). `send` throws AppError 1003 (offline, no answer in time) or 1039 (CALLERROR).
 */
export type ChargerLink = {
  send: <A extends Ocpp16CentralSystemAction>(
    productCode: string,
    action: A,
    payload: Ocpp16Request<A>,
  ) => Promise<Ocpp16Response<A>>;
};

/** Close code for a socket whose charger was deleted; it is refused (401) when it reconnects. */
export const chargerDeletedCloseCode = 4001;

export function chargerLink(registry: ConnectionRegistry): ChargerLink {
  return { send: (productCode, action, payload) => registry.send(productCode, action, payload) };
}

/**
 * A deleted charger's socket is closed by the node that holds it, whichever node deleted it: every node hears the
 * 'charger.changed' event. Returns the function that stops listening.
 */
export function closeDeletedChargers(events: Pick<EventBus, 'subscribe'>, registry: ConnectionRegistry) {
  return events.subscribe('charger.changed', ({ chargerId, change }) => {
    if (change !== 'deleted') return;
    void registry.closeCharger(chargerId, { code: chargerDeletedCloseCode, reason: 'Charger deleted' });
  });
}
