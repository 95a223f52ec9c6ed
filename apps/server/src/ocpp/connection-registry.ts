import ocppRpc, { type RPCClient } from 'ocpp-rpc';
import type { Ocpp16CentralSystemAction, Ocpp16Request, Ocpp16Response, OcppProtocol } from '@plugboard/ocpp';
import { codes } from '@plugboard/contract';
import { AppError } from '../lib/app-error.ts';
import type { ChargerIdentity } from '../modules/chargers/chargers.service.ts';

// ocpp-rpc is CommonJS and spreads its error classes into its exports, which Node cannot name statically.
const { TimeoutError, RPCError } = ocppRpc;

/** One accepted OCPP socket. */
export type OcppConnection = {
  client: RPCClient;
  charger: ChargerIdentity;
  protocol: OcppProtocol;
  /** Names this socket in chargers.connection_id. */
  connectionId: string;
};

export type SendOptions = { timeoutMs?: number };

const defaultTimeoutMs = 30_000;

/**
 * The chargers connected to this node, by product code (case-insensitive, like the product code itself). The console's
 * commands reach a charger through `send`. With several nodes this becomes the place that routes a command to the
 * node holding the socket; today a charger on another node is as unreachable as an offline one.
 */
export function connectionRegistry() {
  const byCode = new Map<string, OcppConnection>();
  const keyOf = (productCode: string) => productCode.toLowerCase();

  return {
    /** Registers a new socket and returns the older one of the same charger, which the caller closes. */
    add: (connection: OcppConnection): OcppConnection | undefined => {
      const key = keyOf(connection.charger.productCode);
      const previous = byCode.get(key);
      byCode.set(key, connection);
      return previous === connection ? undefined : previous;
    },

    /** Forgets a socket, unless a newer one of the same charger replaced it already. */
    remove: (connection: OcppConnection): void => {
      const key = keyOf(connection.charger.productCode);
      if (byCode.get(key) === connection) byCode.delete(key);
    },

    get: (productCode: string): OcppConnection | undefined => byCode.get(keyOf(productCode)),

    isConnected: (productCode: string): boolean => byCode.has(keyOf(productCode)),

    /** The sockets held here, as the sweep vouches for them. */
    sockets: (): { chargerId: number; connectionId: string }[] =>
      [...byCode.values()].map((c) => ({ chargerId: c.charger.chargerId, connectionId: c.connectionId })),

    size: (): number => byCode.size,

    /**
     * Sends a CALL to a charger and returns its CALLRESULT. Throws AppError 1003 (offline) when the charger has no
     * socket here, when it does not answer within the timeout or when the socket closes meanwhile, and 1039
     * (operation failed) when the charger answers with a CALLERROR.
     */
    send: async <A extends Ocpp16CentralSystemAction>(
      productCode: string,
      action: A,
      payload: Ocpp16Request<A>,
      { timeoutMs = defaultTimeoutMs }: SendOptions = {},
    ): Promise<Ocpp16Response<A>> => {
      const connection = byCode.get(keyOf(productCode));
      if (!connection) throw new AppError(codes.chargerOffline);
      try {
        return (await connection.client.call(action, payload, {
          callTimeoutMs: timeoutMs,
        })) as Ocpp16Response<A>;
      } catch (error) {
        if (error instanceof TimeoutError) throw new AppError(codes.chargerOffline);
        // A CALLERROR from the charger, or an answer that fails the schema (both are logged where the socket is
        // wired: strictValidationFailure / callError).
        if (error instanceof RPCError) throw new AppError(codes.operationFailed);
        // "Client disconnected" / "Client going away": the socket closed under the call.
        throw new AppError(codes.chargerOffline);
      }
    },
  };
}

export type ConnectionRegistry = ReturnType<typeof connectionRegistry>;
