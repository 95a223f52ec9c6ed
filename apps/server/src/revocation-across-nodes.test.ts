import { once } from 'node:events';
import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { codes, liveCloseCodes, livePath, signRequest, type Envelope } from '@plugboard/contract';
import { consoleHeaders, createTestDatabase } from '../test/helpers.ts';
import { runServer, type ServerProcess } from '../test/server-process.ts';
import { createDb, type Db } from './db/client.ts';
import { hashPassword } from './lib/password.ts';
import { authService } from './modules/auth/auth.service.ts';
import { anOperatorWithSite } from './modules/chargers/chargers.fixtures.ts';

// Two Plugboard processes over one PostgreSQL. Each reuses a session and a site's ownership for up to 2 s; a logout,
// a password change, an account's or a site's deletion on node A must be refused on node B at once, without waiting
// for that time: every call below on B follows the change on A immediately (and B had just cached what it asks).
// Node B reaches PostgreSQL through a proxy, so that the test can take its listening connection away.

let database: { url: string; drop: () => Promise<void> };
let db: Db;
let proxy: Awaited<ReturnType<typeof pgProxy>>;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { max: 2 });
  proxy = await pgProxy(new URL(database.url));
  const throughProxy = new URL(database.url);
  throughProxy.hostname = '127.0.0.1';
  throughProxy.port = String(proxy.port);
  // One after the other: the first migrates the new database.
  a = await runServer({ DATABASE_URL: database.url, NODE_ID: 'node-a' });
  b = await runServer({ DATABASE_URL: throughProxy.toString(), NODE_ID: 'node-b' }, { stdout: true });
}, 120_000);

afterAll(async () => {
  await Promise.allSettled([a?.stop(), b?.stop()]);
  await proxy?.close();
  await db?.destroy();
  await database?.drop();
});

type Caller = { token: string; stationId: number };

/** A console call to one node: its answer. */
async function answer(server: ServerProcess, op: Caller, path: string, body: Record<string, unknown> = {}) {
  const response = await fetch(server.url + path, {
    method: 'POST',
    headers: { ...consoleHeaders(path, op.token), 'content-type': 'application/json' },
    body: JSON.stringify({ stationId: op.stationId, ...body }),
  });
  return (await response.json()) as Envelope<unknown>;
}

/** A console call to one node; answers the catalogue status (200 when it worked). */
const ask = async (server: ServerProcess, op: Caller, path: string, body: Record<string, unknown> = {}) =>
  (await answer(server, op, path, body)).status;

const account = (server: ServerProcess, op: Caller) => ask(server, op, '/cms-system/system/user/v2/detail');
/** A site call that reads no row of the site itself: only the ownership check can refuse it. */
const chargers = (server: ServerProcess, op: Caller) =>
  ask(server, op, '/cms-system/system/charger/v2/list', { pageNum: 1, pageSize: 10 });
const logOut = (server: ServerProcess, op: Caller) => ask(server, op, '/cms-system/system/user/v2/logOut');

describe('a revocation on one node', () => {
  it('logs the token out on the other node at once', async () => {
    const op = await anOperatorWithSite(db);
    expect(await account(b, op)).toBe(200);
    expect(await chargers(b, op)).toBe(200);
    expect(await logOut(a, op)).toBe(200);
    expect(await account(b, op)).toBe(codes.sessionEnded);
    expect(await chargers(b, op)).toBe(codes.sessionEnded);
  });

  it('ends the other sessions of a password change on the other node at once', async () => {
    const op = await anOperatorWithSite(db);
    await db
      .updateTable('users')
      .set({ password_hash: await hashPassword('old secret 1') })
      .where('id', '=', op.userId)
      .execute();
    const other = { ...op, token: await authService(db).create(op.userId) };
    expect(await account(b, other)).toBe(200);
    const changed = await ask(a, op, '/cms-system/system/user/v2/pwd/update', {
      oldPassword: 'old secret 1',
      newPassword: 'new secret 2',
      confirmPassword: 'new secret 2',
    });
    expect(changed).toBe(200);
    expect(await account(b, other)).toBe(codes.sessionEnded);
    expect(await account(b, op)).toBe(200);
  });

  it("refuses a deleted site's calls on the other node at once", async () => {
    const op = await anOperatorWithSite(db);
    expect(await chargers(b, op)).toBe(200);
    expect(await ask(a, op, '/cms-system/system/station/v2/delete')).toBe(200);
    expect(await chargers(b, op)).toBe(codes.siteNotFound);
  });

  it("refuses a deleted account's token and sites on the other node at once", async () => {
    const op = await anOperatorWithSite(db);
    expect(await chargers(b, op)).toBe(200);
    expect(await ask(a, op, '/cms-system/system/user/v2/delete')).toBe(200);
    expect(await chargers(b, op)).toBe(codes.sessionEnded);
  });

  it("closes the console's live socket on the other node at once, not at its next ping (30 s)", async () => {
    const [loggedOut, siteGone] = [await anOperatorWithSite(db), await anOperatorWithSite(db)];
    const [first, second] = [await liveSocketOn(b, loggedOut), await liveSocketOn(b, siteGone)];
    expect(await logOut(a, loggedOut)).toBe(200);
    expect(await ask(a, siteGone, '/cms-system/system/station/v2/delete')).toBe(200);
    expect(await first.closed).toEqual({
      code: liveCloseCodes.unauthorized,
      reason: String(codes.sessionEnded),
    });
    expect(await second.closed).toEqual({
      code: liveCloseCodes.siteNotFound,
      reason: String(codes.siteNotFound),
    });
  });

  it("closes a revoked display link's board on the other node at once", async () => {
    const op = await anOperatorWithSite(db);
    const created = await answer(a, op, '/cms-system/system/display/v2/link/create', { name: 'Lobby' });
    expect(created.status).toBe(200);
    const link = created.data as { id: number; token: string };
    const board = await liveSocketOn(b, { token: link.token, stationId: op.stationId });
    expect(await ask(a, op, '/cms-system/system/display/v2/link/revoke', { id: link.id })).toBe(200);
    expect(await board.closed).toEqual({
      code: liveCloseCodes.unauthorized,
      reason: String(codes.sessionEnded),
    });
  });

  it('is honoured by a node whose listening connection is down: it trusts no cache until it listens again', async () => {
    const [loggedOut, siteGone] = [await anOperatorWithSite(db), await anOperatorWithSite(db)];
    expect(await chargers(b, loggedOut)).toBe(200);
    expect(await chargers(b, siteGone)).toBe(200);

    // B's listening connection is cut and cannot listen again; its pool goes on working.
    expect(await listenerPortsOf(proxy)).toHaveLength(1);
    proxy.blockListeners(true);
    await vi.waitFor(() => expect(b.stdout()).toContain('the listening connection dropped'));
    await vi.waitFor(() => expect(proxy.refused()).toBeGreaterThan(0));

    // Nothing reaches B now; it asks the database.
    expect(await logOut(a, loggedOut)).toBe(200);
    expect(await ask(a, siteGone, '/cms-system/system/station/v2/delete')).toBe(200);
    expect(await chargers(b, loggedOut)).toBe(codes.sessionEnded);
    expect(await chargers(b, siteGone)).toBe(codes.siteNotFound);

    // Listening again, B hears revocations again.
    proxy.blockListeners(false);
    await vi.waitFor(async () => expect(await listenerPortsOf(proxy)).toHaveLength(1), { timeout: 15_000 });
    const later = await anOperatorWithSite(db);
    expect(await chargers(b, later)).toBe(200);
    expect(await logOut(a, later)).toBe(200);
    expect(await chargers(b, later)).toBe(codes.sessionEnded);
  });
});

/** The console's live socket on a node, watching the operator's site, and how it was closed (within 5 s). */
async function liveSocketOn(server: ServerProcess, op: Caller) {
  const ws = new WebSocket(server.url.replace(/^http/, 'ws') + livePath);
  const closed = new Promise<{ code: number; reason: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the live socket is still open after 5 s')), 5000);
    ws.on('close', (code, reason) => {
      clearTimeout(timer);
      resolve({ code, reason: reason.toString() });
    });
  });
  const ready = new Promise<void>((resolve) => ws.once('message', () => resolve()));
  await once(ws, 'open');
  const timestamp = Date.now();
  const signature = signRequest(livePath, String(timestamp), op.token);
  ws.send(JSON.stringify({ token: op.token, stationId: op.stationId, timestamp, signature }));
  await ready;
  return { closed };
}

/** The client ports (as PostgreSQL sees them) of node B's events listener: the proxy's connections to it. */
async function listenerPortsOf(through: { upstreamPorts: () => number[] }) {
  const { rows } = await sql<{ port: number }>`
    select client_port as port from pg_stat_activity
    where application_name = 'plugboard-events' and datname = current_database()`.execute(db);
  const ours = new Set(through.upstreamPorts());
  return rows.map((r) => r.port).filter((port) => ours.has(port));
}

/**
 * A TCP proxy in front of PostgreSQL that knows which of its connections is a node's events listener (the one that
 * sends the listener's `set application_name = 'plugboard-events'; listen ...`), can cut it, and while it is told
 * to, cuts every new one as soon as it sends that: the node's pool goes on working, its listener cannot come back.
 */
async function pgProxy(target: URL) {
  const listenerMark = Buffer.from("'plugboard-events'");
  const pairs = new Map<net.Socket, { client: net.Socket; listener: boolean }>();
  let blocking = false;
  let refused = 0;
  const server = net.createServer((client) => {
    client.on('error', () => {});
    const upstream = net.connect(Number(target.port), target.hostname);
    upstream.on('error', () => {});
    const pair = { client, listener: false };
    pairs.set(upstream, pair);
    const end = () => {
      pairs.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('data', (chunk: Buffer) => {
      if (chunk.includes(listenerMark)) {
        pair.listener = true;
        if (blocking) {
          refused += 1;
          end();
          return;
        }
      }
      upstream.write(chunk);
    });
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    upstreamPorts: () => [...pairs.keys()].map((upstream) => upstream.localPort ?? 0),
    /** Cuts the listeners' connections, and any new one until told otherwise. */
    blockListeners: (on: boolean) => {
      blocking = on;
      if (!on) return;
      for (const [upstream, pair] of pairs) {
        if (!pair.listener) continue;
        upstream.destroy();
        pair.client.destroy();
      }
    },
    /** How many listener connections were cut as they tried to listen. */
    refused: () => refused,
    close: async () => {
      for (const [upstream, { client }] of pairs) {
        upstream.destroy();
        client.destroy();
      }
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
