// The server nodes of a run (--nodes N): node-1 starts as a single server does, with its own embedded PostgreSQL;
// nodes 2..N share that database through DATABASE_URL. Each has its own port and NODE_ID=node-<i>.
import { sql } from 'kysely';
import { createDb } from '../../apps/server/src/db/client.ts';
import { startServer, type NodeOptions, type ServerProcess } from './server-process.ts';

export type ServerNode = ServerProcess & { id: string };

// db/client.ts pools at most 10 connections per node; a node may also hold LISTEN connections for its events.
const connectionsPerNode = 12;
const benchConnections = 4;

export async function startNodes(
  root: string,
  count: number,
  env: Record<string, string>,
  options: NodeOptions = {},
): Promise<ServerNode[]> {
  const first = await startServer(root, { ...env, NODE_ID: 'node-1' }, undefined, options);
  const nodes: ServerNode[] = [{ ...first, id: 'node-1' }];
  try {
    if (count > 1) await checkConnections(first.databaseUrl, count);
    // Together: node-1 has migrated the database already, the others find nothing to do.
    const rest = await Promise.allSettled(
      Array.from({ length: count - 1 }, (_, i) =>
        startServer(root, { ...env, NODE_ID: `node-${i + 2}` }, first.databaseUrl, options),
      ),
    );
    rest.forEach((r, i) => r.status === 'fulfilled' && nodes.push({ ...r.value, id: `node-${i + 2}` }));
    const failed = rest.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (error) {
    await stopNodes(nodes);
    throw error;
  }
  return nodes;
}

/** node-1 last: the others use its database. */
export async function stopNodes(nodes: ServerNode[]): Promise<void> {
  await Promise.all(nodes.slice(1).map((node) => node.stop()));
  await nodes[0]?.stop();
}

/** Refuses a run whose nodes could take more connections than the shared PostgreSQL accepts. */
async function checkConnections(databaseUrl: string, count: number) {
  const db = createDb(databaseUrl, { max: 1 });
  try {
    const { rows } = await sql<{ available: number }>`
      select current_setting('max_connections')::int - current_setting('superuser_reserved_connections')::int
        - current_setting('reserved_connections')::int as available`.execute(db);
    const available = rows[0]?.available ?? 0;
    const needed = count * connectionsPerNode + benchConnections;
    if (needed > available) {
      throw new Error(
        `${count} nodes may open ${needed} connections to PostgreSQL, which accepts ${available}: use fewer nodes`,
      );
    }
  } finally {
    await db.destroy();
  }
}
