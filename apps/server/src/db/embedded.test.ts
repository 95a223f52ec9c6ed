import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb, dedicatedClient } from './client.ts';
import { socketPathMax, startEmbeddedPostgres } from './embedded.ts';
import { freePort } from './scratch-postgres.ts';

// The embedded PostgreSQL listens on a Unix socket in the data directory as well as on 127.0.0.1: the server's own
// pools use the socket (cheaper per query), other processes the TCP address.
let work: string;
beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'plugboard-socket-'));
  // As root the embedded database runs as the `postgres` system user, who must be able to enter this folder.
  fs.chmodSync(work, 0o755);
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const postgresIds = () => {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
};

const serverAddress = async (url: string) => {
  const db = createDb(url, { max: 1 });
  try {
    const { rows } = await sql<{ addr: string | null }>`select host(inet_server_addr()) as addr`.execute(db);
    return rows[0]!.addr;
  } finally {
    await db.destroy();
  }
};

it('the pools connect over the Unix socket, others over 127.0.0.1; a stale socket lock does not stop a start', async () => {
  const dataDir = path.join(work, 'data');
  const port = await freePort();
  const said: string[] = [];
  let pg = await startEmbeddedPostgres({ dataDir, port, say: (line) => said.push(line) });
  try {
    expect(said).toEqual([]);
    expect(pg.localUrl).not.toBe(pg.url);
    // No server address: a Unix socket.
    expect(await serverAddress(pg.localUrl)).toBeNull();
    expect(await serverAddress(pg.url)).toBe('127.0.0.1');
    // The events listener's connection too.
    const db = createDb(pg.localUrl, { max: 1 });
    const listener = dedicatedClient(db);
    await listener.connect();
    const { rows } = await listener.query<{ addr: string | null }>('select inet_server_addr() as addr');
    expect(rows[0]!.addr).toBeNull();
    await listener.end();
    await db.destroy();
    // Only PostgreSQL's user enters the socket's directory.
    expect(fs.statSync(path.join(dataDir, 'pg-socket')).mode & 0o777).toBe(0o700);
  } finally {
    await pg.stop();
  }

  // A PostgreSQL killed with -9 leaves its socket's lock file; its pid since taken by another process of the same
  // user (here a sleep; PostgreSQL's user when run as root) makes PostgreSQL refuse to start unless the start
  // removes it.
  const ids = os.userInfo().uid === 0 ? postgresIds() : {};
  const sleeper = spawn('sleep', ['60'], { stdio: 'ignore', ...ids });
  try {
    const lock = path.join(dataDir, 'pg-socket', `.s.PGSQL.${port}.lock`);
    fs.writeFileSync(lock, `${sleeper.pid}\n${path.join(dataDir, 'postgres')}\n`);
    fs.writeFileSync(path.join(dataDir, 'pg-socket', `.s.PGSQL.${port}`), '');
    pg = await startEmbeddedPostgres({ dataDir, port });
    try {
      expect(await serverAddress(pg.localUrl)).toBeNull();
    } finally {
      await pg.stop();
    }
  } finally {
    sleeper.kill();
  }
}, 60_000);

it('falls back to TCP, saying so, when the socket path would be too long for a socket address', async () => {
  const long = path.join(work, 'x'.repeat(Math.max(1, socketPathMax - work.length - 20)));
  fs.mkdirSync(long, { mode: 0o755 });
  fs.chmodSync(long, 0o755);
  const said: string[] = [];
  const pg = await startEmbeddedPostgres({
    dataDir: long,
    port: await freePort(),
    say: (line) => said.push(line),
  });
  try {
    expect(said).toEqual([expect.stringMatching(/longer than 107 bytes: using TCP on 127\.0\.0\.1 only/)]);
    expect(pg.localUrl).toBe(pg.url);
    expect(await serverAddress(pg.localUrl)).toBe('127.0.0.1');
  } finally {
    await pg.stop();
  }
}, 60_000);

it('falls back to TCP, saying so, when the socket directory cannot be made', async () => {
  const dataDir = path.join(work, 'blocked');
  fs.mkdirSync(dataDir, { mode: 0o755 });
  fs.chmodSync(dataDir, 0o755);
  fs.writeFileSync(path.join(dataDir, 'pg-socket'), 'not a directory');
  const said: string[] = [];
  const pg = await startEmbeddedPostgres({ dataDir, port: await freePort(), say: (line) => said.push(line) });
  try {
    expect(said).toEqual([
      expect.stringMatching(/Cannot prepare .*pg-socket .*: using TCP on 127\.0\.0\.1 only/),
    ]);
    expect(pg.localUrl).toBe(pg.url);
    expect(await serverAddress(pg.localUrl)).toBe('127.0.0.1');
  } finally {
    await pg.stop();
  }
}, 60_000);
