import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.ts';

/**
 * An embedded PostgreSQL in a fresh temporary directory on a free port, for a test run or `npm run db:types`; `stop`
 * stops it and removes the directory.
 */
export async function startScratchPostgres(): Promise<EmbeddedDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plugboard-scratch-pg-'));
  // As root the cluster runs as the "postgres" system user, which must be able to enter the directory.
  fs.chmodSync(dataDir, 0o755);
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  try {
    const database = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    return {
      url: database.url,
      localUrl: database.localUrl,
      stop: async () => {
        await database.stop();
        removeDir();
      },
    };
  } catch (error) {
    removeDir();
    throw error;
  }
}

/** A TCP port free on loopback right now (for a scratch PostgreSQL or a test server). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
