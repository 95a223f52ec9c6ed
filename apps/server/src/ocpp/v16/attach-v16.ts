import { createRPCError, type RPCClient } from 'ocpp-rpc';
import type { Ocpp16ChargePointAction } from '@plugboard/ocpp';
import type { V16Context, V16Handler } from './handler.ts';
import { v16Handlers } from './handler-map.ts';

/**
 * Registers the 1.6 handlers on an accepted socket. Must run synchronously in the server's 'client' event: a
 * charger may send its BootNotification right after the handshake, before any await here would resume. Each message
 * waits for `connected` (the socket owning the charger's row), so that what it changes is applied to a charger
 * already marked connected.
 */
export function attachV16Handlers(client: RPCClient, connected: Promise<unknown>, ctx: V16Context): void {
  for (const [action, handler] of Object.entries(v16Handlers)) {
    const handle = handler as V16Handler<Ocpp16ChargePointAction>;
    client.handle(action, async ({ params }) => {
      try {
        await connected;
        return await handle(params as never, ctx);
      } catch (error) {
        // A failure of ours (database down...) must not reach the charger as a message or stack.
        ctx.log.error({ err: error, action }, 'OCPP handler failed');
        // (ocpp-rpc types its errors as plain records; they are Error instances.)
        throw createRPCError('InternalError', 'The central system could not process the message') as Error;
      }
    });
  }
}
