import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL of the test server; test/helpers.ts creates one database per test file in it. */
    databaseUrl: string;
  }
}

/**
 * Starts one embedded PostgreSQL for the run, in a fresh directory, on a free port, unless DATABASE_URL names a
 * server to use instead (its user must be allowed to create databases).
 */
export default async function setup(project: TestProject) {
  const external = process.env.DATABASE_URL;
  if (external) {
    project.provide('databaseUrl', external);
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plugboard-test-pg-'));
  // As root the cluster runs as the "postgres" system user, which must be able to enter the directory.
  fs.chmodSync(dataDir, 0o755);
  const database = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  project.provide('databaseUrl', database.url);
  return async () => {
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
