import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleHeaders, createTestDatabase } from '../test/helpers.ts';
import { freePort, mainArgs, node24, runServer as runMain } from '../test/server-process.ts';

/** Runs `node main.ts` with only the given environment (plus PATH) and collects how it ended. */
function startMain(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(node24, mainArgs, {
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

describe('starting the server', () => {
  let blocker: net.Server;
  let takenPort: number;
  let database: { url: string; drop: () => Promise<void> };
  beforeAll(async () => {
    database = await createTestDatabase();
    blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '0.0.0.0', resolve));
    takenPort = (blocker.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => blocker.close(resolve));
    await database.drop();
  });

  it('stops with one line saying so when its port is taken', async () => {
    const { code, stderr } = await startMain({ PORT: String(takenPort), DATABASE_URL: database.url });
    expect(code).not.toBe(0);
    expect(lines(stderr)).toEqual([expect.stringMatching(new RegExp(`Port ${takenPort} is already in use`))]);
  });

  it('stops with one line saying so when the data directory cannot be written', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'plugboard-main-test-')), 'a-file');
    fs.writeFileSync(file, '');
    try {
      const { code, stderr } = await startMain({ DATA_DIR: path.join(file, 'data'), PORT: '0' });
      expect(code).not.toBe(0);
      expect(lines(stderr)).toEqual([expect.stringMatching(/data directory .* is not writable/)]);
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});

describe('running the server', () => {
  it('serves on DATABASE_URL, migrating it, and exits 0 on SIGTERM', async () => {
    const database = await createTestDatabase();
    try {
      const server = await runMain({ DATABASE_URL: database.url });
      const openapi = (await (await fetch(`${server.url}/cms-system/openapi.json`)).json()) as {
        paths: object;
      };
      expect(Object.keys(openapi.paths)).toContain('/cms-system/system/user/v2/login');
      expect(await server.stop()).toBe(0);
    } finally {
      await database.drop();
    }
  });

  it("listens with a backlog for a reconnect storm, not Node's 511", async () => {
    const database = await createTestDatabase();
    const server = await runMain({ DATABASE_URL: database.url }).catch(async (error: unknown) => {
      await database.drop();
      throw error;
    });
    try {
      // A listening socket's Send-Q is its backlog; the kernel caps it at net.core.somaxconn.
      const cap = Number(fs.readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
      const listening = execFileSync('ss', ['-Hltn', `sport = :${server.port}`], { encoding: 'utf8' });
      expect(listening.trim().split(/\s+/)[2]).toBe(String(Math.min(4096, cap)));
    } finally {
      // Stopped whatever the assertion says: a failed one left the server running.
      expect(await server.stop()).toBe(0);
      await database.drop();
    }
  });

  it("says at start when Node runs without the server's flags, and not when it has them", async () => {
    const database = await createTestDatabase();
    try {
      for (const nodeFlags of [[], undefined]) {
        const server = await runMain(
          { DATABASE_URL: database.url, LOG_LEVEL: 'info' },
          { stdout: true, nodeFlags },
        );
        const said = server.stdout().includes('Node was started without --no-memory-reducer');
        expect(await server.stop()).toBe(0);
        expect(said).toBe(nodeFlags !== undefined);
      }
    } finally {
      await database.drop();
    }
  });

  it('keeps the embedded database in DATA_DIR across a stop and a start', async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'plugboard-main-data-'));
    // As root the embedded database runs as the `postgres` system user, who must be able to enter this folder.
    fs.chmodSync(work, 0o755);
    const env = { DATA_DIR: path.join(work, 'data'), EMBEDDED_PG_PORT: String(await freePort()) };
    const email = `kept-${Date.now()}@example.test`;
    try {
      const first = await runMain(env);
      // Anything that writes will do: a code request leaves an outbox row for that address.
      await sendCode(first.url, email);
      expect(await first.stop()).toBe(0);

      const second = await runMain(env);
      const again = await sendCode(second.url, email);
      // The first code is still remembered: a second one within a minute is refused (4105).
      expect(again.status).toBe(4105);
      expect(await second.stop()).toBe(0);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }, 120_000);
});

async function sendCode(url: string, email: string): Promise<{ status: number }> {
  const path = '/cms-system/system/verify/code/send';
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...consoleHeaders(path) },
    body: JSON.stringify({ email, purpose: 'register' }),
  });
  return (await res.json()) as { status: number };
}
