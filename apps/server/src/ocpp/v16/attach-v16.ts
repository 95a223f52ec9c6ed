import { createRPCError, type IHandlersOption, type RPCClient } from 'ocpp-rpc';
import type { Ocpp16ChargePointAction } from '@plugboard/ocpp';
import type { V16Context, V16Handler } from './handler.ts';
import { v16Handlers } from './handler-map.ts';

const v16Actions = Object.keys(v16Handlers);

/**
 * Registers the 1.6 handlers on an accepted socket. Must run synchronously in the server's 'client' event: a
 * charger may send its BootNotification right after the handshake, before any await here would resume. Each message
 * waits for `connected` (the socket owning the charger's row), so that what it changes is applied to a charger
 * already marked connected.
 */
export function attachV16Handlers(client: RPCClient, connected: Promise<unknown>, ctx: V16Context): void {
  // One function for all actions of this socket, registered under each action's name (so that ocpp-rpc still
  // answers an action not listed with NotImplemented). A closure per action and socket was 1.8 KB of each socket's
  // heap (10,000 sockets: 227 MiB after a full GC, 209 MiB now), and every full collection walks it: its pauses are
  // what stalls a node under load (bench/ocpp/README.md, session 13).
  const dispatch = async ({ method, params }: IHandlersOption) => {
    try {
      await connected;
      const handle = v16Handlers[method as keyof typeof v16Handlers] as V16Handler<Ocpp16ChargePointAction>;
      return await handle(params as never, ctx);
    } catch (error) {
      // A failure of ours (database down...) must not reach the charger as a message or stack.
      ctx.log.error({ err: error, action: method }, 'OCPP handler failed');
      // (ocpp-rpc types its errors as plain records; they are Error instances.)
      throw createRPCError('InternalError', 'The central system could not process the message') as Error;
    }
  };
  for (const action of v16Actions) client.handle(action, dispatch);
}
