import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { serverNodeFlags } from '../../apps/server/src/node-flags.ts';

export const root = path.resolve(import.meta.dirname, '../..');
/** Node 24 of the `node` dev dependency: it runs the server's TypeScript directly. */
export const nodeBin = path.join(root, 'node_modules/.bin/node');

/** The URL of the embedded PostgreSQL of a server started with DATA_DIR and EMBEDDED_PG_PORT, once it runs. */
export function embeddedDatabaseUrl(dataDir: string, pgPort: number): string {
  // The server keeps the password it created beside the cluster (apps/server/src/db/embedded.ts).
  const password = fs.readFileSync(path.join(dataDir, '.pg-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/postgres`;
}

export type ServerNode = { url: string; stop: () => Promise<void> };

/**
 * Another node of the server under test, on a port of its own and the first node's PostgreSQL (the global setup
 * sets PLUGBOARD_DATABASE_URL). `stop` ends it with SIGTERM, SIGKILL after 10 s; a worker that exits kills it.
 */
export async function startNode(nodeId: string, options: { port?: number } = {}): Promise<ServerNode> {
  const databaseUrl = process.env.PLUGBOARD_DATABASE_URL;
  if (!databaseUrl)
    throw new Error('PLUGBOARD_DATABASE_URL is not set: run through playwright with the global setup');
  // A port given: the node restarts where a stopped one was (a browser reconnecting to the same address).
  const port = options.port ?? (await freePort());
  const child = spawn(nodeBin, [...serverNodeFlags, 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      NODE_ID: nodeId,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const killNow = () => child.kill('SIGKILL');
  process.once('exit', killNow);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(killNow, 10_000);
    await exited;
    clearTimeout(timer);
    process.off('exit', killNow);
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child);
  } catch (error) {
    killNow();
    await stop();
    throw error;
  }
  return { url, stop };
}

export async function waitForHealth(url: string, server: ChildProcess) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the server exited with ${server.exitCode ?? server.signalCode}`);
    }
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not become healthy within 90 s');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}
