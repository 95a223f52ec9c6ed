import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import type { z } from 'zod';
import { type calls, consoleRequestHeaders, type Envelope } from '@plugboard/contract';
import { buildApp, type AppOptions } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { createDb, type Db } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';

export type TestClock = { now: () => Date; advance: (ms: number) => void };

/** The real time, moved forward by `advance`; the app reads it for codes, sessions, limits and request timestamps. */
export function testClock(): TestClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}

/** A fresh, empty database on the run's test server; `drop` removes it. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = inject('databaseUrl');
  const name = `plugboard_test_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

export type SharedDatabase = {
  /** For each node's own pool. */
  url: string;
  /** The test's own reads and writes. */
  db: Db;
  /** Closes a node (its listener, its pool) before the database, the last opened first. */
  closeLater: (close: () => Promise<void>) => void;
  close: () => Promise<void>;
};

/** A fresh database, migrated, that several nodes of one test share. */
export async function createSharedDatabase(): Promise<SharedDatabase> {
  const database = await createTestDatabase();
  const db = createDb(database.url, { max: 4 });
  await migrate(db);
  const nodes: (() => Promise<void>)[] = [];
  return {
    url: database.url,
    db,
    closeLater: (close) => nodes.push(close),
    close: async () => {
      for (const close of nodes.reverse()) await close();
      await db.destroy();
      await database.drop();
    },
  };
}

async function admin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export type TestApp = { app: FastifyInstance; db: Db; clock: TestClock; close: () => Promise<void> };

type TestAppOptions = Partial<
  Pick<
    Config,
    | 'smtpUrl'
    | 'mailFrom'
    | 'logLevel'
    | 'webDist'
    | 'ocppHeartbeatInterval'
    | 'ocppPingInterval'
    | 'chargerWaitTimeout'
    | 'firmwareCatalog'
    | 'nodeId'
    | 'tls'
    | 'publicUrl'
    | 'trustProxy'
    | 'dataTransferVendors'
    | 'chargerCa'
  >
> &
  Pick<AppOptions, 'logStream'> & {
    /** Told of every query the app runs through Kysely (tests count the statements of a path). */
    onQuery?: (sql: string) => void;
  };

const clocks = new WeakMap<FastifyInstance, TestClock>();

/** buildApp over a database of its own, migrated; silent unless LOG_LEVEL is set. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const { onQuery, ...config } = options;
  const db = createDb(database.url, { max: 4, ...(onQuery && { onQuery }) });
  const clock = testClock();
  try {
    await migrate(db);
    const app = await buildApp({
      config: {
        logLevel: (process.env.LOG_LEVEL as Config['logLevel'] | undefined) ?? 'silent',
        webDist: path.resolve(import.meta.dirname, '../../web/dist'),
        ...config,
      },
      db,
      now: clock.now,
      logStream: options.logStream,
    });
    clocks.set(app, clock);
    return {
      app,
      db,
      clock,
      close: async () => {
        await app.close();
        await db.destroy();
        await database.drop();
      },
    };
  } catch (error) {
    await db.destroy();
    await database.drop();
    throw error;
  }
}

/** The headers the console sends: its version, language, the timestamp and the signature of path + timestamp. */
export const consoleHeaders = (path: string, token = '', at = Date.now()): Record<string, string> =>
  consoleRequestHeaders(path, token, at);

type CallPath = keyof typeof calls;
type CallOptions = { token?: string; ip?: string };

/** Posts a call as the console does (signed, timestamped by the app's clock) and returns the HTTP status and body. */
export async function call<P extends CallPath>(
  app: FastifyInstance,
  path: P,
  body: unknown,
  { token = '', ip }: CallOptions = {},
): Promise<{ http: number; body: Envelope<z.output<(typeof calls)[P]['data']>> }> {
  const at = clocks.get(app)?.now().getTime() ?? Date.now();
  const response = await app.inject({
    method: 'POST',
    url: path,
    headers: { ...consoleHeaders(path, token, at), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    ...(ip ? { remoteAddress: ip } : {}),
  });
  return { http: response.statusCode, body: response.json() };
}
