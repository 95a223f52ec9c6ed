import type { Ocpp16CentralSystemAction, Ocpp16Request, Ocpp16Response } from '@plugboard/ocpp';
import type { ConnectionRegistry } from '../../ocpp/connection-registry.ts';

/**
 * What the console's charger services need of the central system: send a command (to whichever node holds the
 * charger's socket), drop its socket. `send` throws AppError 1003 (offline, no answer in time) or 1039 (CALLERROR).
 */
export type ChargerLink = {
  send: <A extends Ocpp16CentralSystemAction>(
    productCode: string,
    action: A,
    payload: Ocpp16Request<A>,
  ) => Promise<Ocpp16Response<A>>;
  /** Closes the charger's socket on this node, if it has one (a charger that was deleted). */
  disconnect: (productCode: string, reason: string) => Promise<void>;
};

/** Close code for a socket whose charger was deleted; it is refused (401) when it reconnects. */
export const chargerDeletedCloseCode = 4001;

export function chargerLink(registry: ConnectionRegistry): ChargerLink {
  return {
    send: (productCode, action, payload) => registry.send(productCode, action, payload),
    disconnect: async (productCode, reason) => {
      await registry
        .get(productCode)
        ?.client.close({ code: chargerDeletedCloseCode, reason, awaitPending: false });
    },
  };
}
