import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { dedicatedClient, type Db } from '../../db/client.ts';

export type NodeChannelOptions = {
  db: Db;
  /** A channel name of lower-case letters, digits and underscores (no quoting issues, under 64 bytes). */
  channel: string;
  onMessage: (payload: string) => void;
  /** After each (re)connection: what was notified while not listening is lost and must be read from the tables. */
  onListening: () => void;
  /** Pause before connecting again after the connection was lost. */
  retryMs: number;
  log: FastifyBaseLogger;
};

/**
 * This node's own LISTEN connection, outside the pool, kept open for as long as the node runs and opened again
 * when the database drops it.
 */
export function nodeChannel({ db, channel, onMessage, onListening, retryMs, log }: NodeChannelOptions) {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (c: pg.Client, error?: Error) => {
    if (client !== c) return;
    client = undefined;
    c.end().catch(() => {});
    if (closed) return;
    log.warn({ err: error, channel }, 'node channel lost, listening again');
    retryLater();
  };

  const retryLater = () => {
    retry = setTimeout(() => {
      listen().catch((error: unknown) => {
        log.warn({ err: error, channel }, 'node channel: cannot listen yet');
        if (!closed) retryLater();
      });
    }, retryMs);
  };

  const listen = async () => {
    const c = dedicatedClient(db);
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload) onMessage(n.payload);
    });
    c.on('error', (error) => lost(c, error));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`listen ${channel}`);
    } catch (error) {
      await c.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await c.end();
      return;
    }
    client = c;
    onListening();
  };

  return {
    listen,
    close: async (): Promise<void> => {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      await c?.end();
    },
  };
}
