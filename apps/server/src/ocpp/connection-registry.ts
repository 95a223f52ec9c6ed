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

/** How a command reaches a charger whose socket another node holds (modules/nodes: through PostgreSQL). */
export type RemoteRoute = {
  /** The live node, other than this one, that holds the charger's socket as its row says; undefined if none. */
  holderOf: (productCode: string) => Promise<string | undefined>;
  /** The holder's answer, or the AppError it got, within `timeoutMs`. */
  call: (
    nodeId: string,
    productCode: string,
    action: string,
    payload: unknown,
    timeoutMs: number,
  ) => Promise<unknown>;
};

const defaultTimeoutMs = 30_000;

/**
 * The chargers connected to this node, by product code (case-insensitive, like the product code itself). Every
 * command to a charger goes through `send`, which uses this node's socket or routes the command to the node that
 * holds the charger's socket.
 */
export function connectionRegistry(remote: RemoteRoute) {
  const byCode = new Map<string, OcppConnection>();
  /** The same connections by charger id: every node asks it of each charger's event (local lists). */
  const byId = new Map<number, OcppConnection>();
  const keyOf = (productCode: string) => productCode.toLowerCase();

  /** A CALL on this node's socket of the charger; 1003 without one. */
  const sendLocal = async <A extends Ocpp16CentralSystemAction>(
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
  };

  return {
    /** Registers a new socket and returns the older one of the same charger, which the caller closes. */
    add: (connection: OcppConnection): OcppConnection | undefined => {
      const key = keyOf(connection.charger.productCode);
      const previous = byCode.get(key);
      byCode.set(key, connection);
      byId.set(connection.charger.chargerId, connection);
      return previous === connection ? undefined : previous;
    },

    /** Forgets a socket, unless a newer one of the same charger replaced it already. */
    remove: (connection: OcppConnection): void => {
      const key = keyOf(connection.charger.productCode);
      if (byCode.get(key) === connection) byCode.delete(key);
      if (byId.get(connection.charger.chargerId) === connection) byId.delete(connection.charger.chargerId);
    },

    get: (productCode: string): OcppConnection | undefined => byCode.get(keyOf(productCode)),

    holds: (chargerId: number): boolean => byId.has(chargerId),

    isConnected: (productCode: string): boolean => byCode.has(keyOf(productCode)),

    /** The sockets held here, as the sweep vouches for them. */
    sockets: (): { chargerId: number; connectionId: string }[] =>
      [...byCode.values()].map((c) => ({ chargerId: c.charger.chargerId, connectionId: c.connectionId })),

    /** The connections held here (their chargers' identities). */
    connections: (): OcppConnection[] => [...byCode.values()],

    size: (): number => byCode.size,

    /** Closes the socket this node holds for a charger, if any (a charger deleted on whichever node). */
    closeCharger: async (chargerId: number, close: { code: number; reason: string }): Promise<void> => {
      await byId.get(chargerId)?.client.close({ ...close, awaitPending: false });
    },

    sendLocal,

    /**
     * Sends a CALL to a charger and returns its CALLRESULT: on this node's socket, or else through the live node
     * that holds the charger's socket, within the same timeout. Throws AppError 1003 (offline) when no live node
     * holds a socket of the charger, when it does not answer within the timeout or when the socket closes
     * meanwhile, and 1039 (operation failed) when the charger answers with a CALLERROR.
     */
    send: async <A extends Ocpp16CentralSystemAction>(
      productCode: string,
      action: A,
      payload: Ocpp16Request<A>,
      { timeoutMs = defaultTimeoutMs }: SendOptions = {},
    ): Promise<Ocpp16Response<A>> => {
      if (byCode.has(keyOf(productCode))) return sendLocal(productCode, action, payload, { timeoutMs });
      const deadline = Date.now() + timeoutMs;
      const holder = await remote.holderOf(productCode);
      const left = deadline - Date.now();
      if (!holder || left <= 0) throw new AppError(codes.chargerOffline);
      return (await remote.call(holder, productCode, action, payload, left)) as Ocpp16Response<A>;
    },
  };
}

export type ConnectionRegistry = ReturnType<typeof connectionRegistry>;
