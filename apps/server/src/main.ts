import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createDb, type Db } from './db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { migrate } from './db/migrate.ts';
import { StartupError } from './lib/startup-error.ts';
import { readyUrl } from './lib/ready-url.ts';
import { missingNodeFlags } from './node-flags.ts';

/**
 * Connections the kernel keeps for us while the event loop is busy (it caps this at net.core.somaxconn). Node's
 * 511 overflowed in a reconnect storm: 50,000 chargers coming back to 3 nodes had their SYNs dropped by the
 * thousand, each retried by TCP 1, 3, 7, 15 s later (handshakes up to 38 s, bench/ocpp/README.md). A charger
 * waiting in this queue costs nothing; one whose SYN was dropped comes back seconds later.
 */
const listenBacklog = 4096;

// Reads the configuration, starts the database (embedded unless DATABASE_URL is set), migrates, listens, and stops
// cleanly on SIGTERM / SIGINT. A start that cannot succeed ends with one line saying what to do.
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`plugboard: ${error.message}`);
    process.exit(1);
  }
  let embedded: EmbeddedDatabase | undefined;
  let db: Db | undefined;
  let ocppDb: Db | undefined;
  const stopDatabase = async () => {
    await ocppDb?.destroy();
    await db?.destroy();
    await embedded?.stop();
  };
  try {
    if (!config.databaseUrl)
      embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort });
    // The embedded database over its Unix socket (its TCP address is for other processes).
    const url = config.databaseUrl ?? embedded!.localUrl;
    // Two pools: a burst of console calls holding every connection of one cannot make chargers wait.
    db = createDb(url, { max: config.dbPoolSize });
    ocppDb = createDb(url, { max: config.ocppDbPoolSize });
    await migrate(db).catch((error: unknown) => {
      throw new StartupError(
        `Cannot prepare the database: ${describeDbError(error, Boolean(config.databaseUrl))}`,
      );
    });
    const logStream = config.logFormat === 'pretty' ? await prettyLogStream() : undefined;
    const app = await buildApp({ config, db, ocppDb, logStream });
    let closing = false;
    const shutdown = (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      app
        .close()
        .then(stopDatabase)
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          console.error(error);
          process.exit(1);
        });
    };
    process.on('SIGTERM', () => shutdown('SIGTERM'));
    process.on('SIGINT', () => shutdown('SIGINT'));
    await app
      .listen({ port: config.port, host: config.host, backlog: listenBacklog })
      .catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'EADDRINUSE') {
          throw new StartupError(
            `Port ${config.port} is already in use. Stop what uses it, or set PORT to a free port.`,
          );
        }
        if (error.code === 'EACCES') {
          throw new StartupError(
            `Not allowed to listen on port ${config.port}. Choose a port above 1024 with PORT.`,
          );
        }
        throw error;
      });
    app.log.info(`Plugboard is ready on ${readyUrl(app.server.address(), !!config.tls)}`);
    const missing = missingNodeFlags();
    if (missing.length > 0)
      app.log.info(
        `Node was started without ${missing.join(' ')}: under load its full garbage collections come more often and ` +
          "stall the chargers' answers (npm start passes them; docs/deployment.md, Sizing)",
      );
  } catch (error) {
    await stopDatabase().catch(() => {});
    if (error instanceof StartupError || error instanceof ConfigError) {
      console.error(`plugboard: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Readable, coloured lines for a person at a terminal. pino-pretty runs in this thread rather than as a transport,
 * so nothing is lost on exit; pino redacts before it writes, so secrets stay out here too.
 */
async function prettyLogStream() {
  const { default: pretty } = await import('pino-pretty');
  return pretty({ translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
}

function describeDbError(error: unknown, external: boolean): string {
  const e = error as NodeJS.ErrnoException;
  if (external && (e.code === 'ECONNREFUSED' || e.code === 'ENOTFOUND')) {
    return `cannot reach the PostgreSQL of DATABASE_URL (${e.code}). Check that it runs and the URL is right.`;
  }
  if (e.code === '28P01') return 'the DATABASE_URL credentials were refused.';
  if (e.code === '3D000') return 'the database named in DATABASE_URL does not exist; create it first.';
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'unknown error';
}

await main();
