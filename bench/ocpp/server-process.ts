// The real server as a child process (node apps/server/src/main.ts, with the flags npm start gives Node), on loopback,
// with its own data directory and embedded PostgreSQL on free ports, or on the PostgreSQL of another node
// (`databaseUrl`). Its warnings and errors are counted, so that a run that looks fast but failed says so.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { serverNodeFlags } from '../../apps/server/src/node-flags.ts';
import { descendants } from './proc-stats.ts';

export type ServerProcess = {
  pid: number;
  /** ws://127.0.0.1:PORT/ocpp */
  ocppUrl: string;
  databaseUrl: string;
  /** The embedded PostgreSQL over its Unix socket, when it has one (a server since session 10 of bench/api). */
  socketUrl?: string;
  /** Lines the server logged at warn or above, counted by message; the first ones kept whole. */
  problems: () => { count: number; byMessage: Map<string, number> };
  stop: () => Promise<void>;
};

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** What a run may add to how a node is started, for a look inside it (bench:ocpp's --node-flags, --node-output). */
export type NodeOptions = {
  /** More Node and V8 flags, after npm start's (e.g. `--trace-gc`). */
  nodeFlags?: readonly string[];
  /**
   * Where the node's lines that are not its JSON log (what such flags print) go, each prefixed with its NODE_ID;
   * without it they count as errors, as a crash's would.
   */
  nodeOutput?: fs.WriteStream;
};

/** Without `databaseUrl` the server starts its own embedded PostgreSQL, which the other nodes can share. */
export async function startServer(
  root: string,
  env: Record<string, string>,
  databaseUrl?: string,
  { nodeFlags = [], nodeOutput }: NodeOptions = {},
): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plugboard-bench-ocpp-'));
  // As root the embedded database runs as the postgres system user, who must be able to enter the directory.
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  const pgPort = await freePort();
  const { DATABASE_URL: _external, ...inherited } = process.env;
  // With the Node flags `npm start` passes (apps/server/src/node-flags.ts), and those the run adds.
  const main = path.join(root, 'apps/server/src/main.ts');
  const child = spawn(process.execPath, [...serverNodeFlags, ...nodeFlags, main], {
    cwd: root,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { EMBEDDED_PG_PORT: String(pgPort) }),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = watchLog(child, nodeOutput && { stream: nodeOutput, prefix: env.NODE_ID ?? 'server' });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const tree = descendants(child.pid!);
      child.kill('SIGTERM'); // main.ts closes the sockets, the pool and the embedded database
      const done = await Promise.race([exited.then(() => true), sleep(30_000).then(() => false)]);
      if (!done) {
        console.error('server did not stop within 30 s: killing it and its database');
        for (const pid of [child.pid!, ...tree]) killQuietly(pid);
        await exited;
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const readyBy = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited (${child.exitCode}) while starting:\n${log.tail()}`);
    }
    if (await healthy(port)) break;
    if (Date.now() > readyBy) {
      await stop();
      throw new Error(`the server was not ready within 120 s:\n${log.tail()}`);
    }
    await sleep(200);
  }
  const password = () => fs.readFileSync(path.join(dataDir, '.pg-password'), 'utf8').trim();
  return {
    pid: child.pid!,
    ocppUrl: `ws://127.0.0.1:${port}/ocpp`,
    databaseUrl:
      databaseUrl ?? `postgres://postgres:${encodeURIComponent(password())}@127.0.0.1:${pgPort}/postgres`,
    ...(!databaseUrl &&
      fs.existsSync(path.join(dataDir, 'pg-socket', `.s.PGSQL.${pgPort}`)) && {
        socketUrl: `postgres://postgres:${encodeURIComponent(password())}@127.0.0.1:${pgPort}/postgres?host=${encodeURIComponent(path.join(dataDir, 'pg-socket'))}`,
      }),
    problems: log.problems,
    stop,
  };
}

async function healthy(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}

function killQuietly(pid: number) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * pino writes one JSON object a line; level 40 is warn, 50 error, 60 fatal. A line that is not JSON counts as an
 * error (a crash prints its stack so), unless `other` takes it.
 */
function watchLog(child: ChildProcess, other?: { stream: fs.WriteStream; prefix: string }) {
  const tail: string[] = [];
  const byMessage = new Map<string, number>();
  let count = 0;
  const onLine = (line: string) => {
    if (!line.trim()) return;
    if (other && !line.startsWith('{')) {
      other.stream.write(`${other.prefix} ${line}\n`);
      return;
    }
    tail.push(line);
    if (tail.length > 20) tail.shift();
    let entry: { level?: number; msg?: string; err?: { message?: string } } = {};
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      entry = { level: 50, msg: line.slice(0, 200) };
    }
    if ((entry.level ?? 0) < 40) return;
    count++;
    const key = [entry.msg, entry.err?.message].filter(Boolean).join(': ').slice(0, 200);
    byMessage.set(key, (byMessage.get(key) ?? 0) + 1);
  };
  for (const stream of [child.stdout!, child.stderr!]) {
    let buffered = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      lines.forEach(onLine);
    });
  }
  return { tail: () => tail.join('\n'), problems: () => ({ count, byMessage }) };
}
