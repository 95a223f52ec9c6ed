import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../src/db/scratch-postgres.ts';
import { serverNodeFlags } from '../src/node-flags.ts';

export { freePort };

const repoRoot = path.resolve(import.meta.dirname, '../../..');
/** Node 24 of the `node` dev dependency: it runs the server's TypeScript directly. */
export const node24 = path.join(repoRoot, 'node_modules/.bin/node');
const mainFile = path.resolve(import.meta.dirname, '../src/main.ts');
/** What `npm start` gives Node: the server's flags, then main.ts. */
export const mainArgs = [...serverNodeFlags, mainFile];

// A test that fails, or a worker that ends, must not leave servers running.
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export type ServerProcess = {
  url: string;
  port: number;
  /** What the server wrote to stderr so far. */
  stderr: () => string;
  /** What it wrote to stdout (its log) so far, when started with `{ stdout: true }`. */
  stdout: () => string;
  /** SIGTERM, then the exit code. */
  stop: () => Promise<number | null>;
  /** SIGKILL (kill -9): no shutdown at all. */
  kill: () => Promise<void>;
};

/**
 * Starts `node main.ts` until it answers /healthz, with only the given environment (plus PATH), and with the server's
 * Node flags unless `nodeFlags` says otherwise.
 */
export async function runServer(
  env: Record<string, string>,
  {
    stdout: keepStdout = false,
    nodeFlags = serverNodeFlags,
  }: { stdout?: boolean; nodeFlags?: readonly string[] } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(node24, [...nodeFlags, mainFile], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', keepStdout ? 'pipe' : 'ignore', 'pipe'],
  });
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  running.add(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`main.ts exited early: ${stderr}`);
      if (Date.now() > deadline) throw new Error(`main.ts did not become healthy: ${stderr}`);
      const healthy = await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (healthy) break;
      await new Promise((r) => setTimeout(r, 200));
    }
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    throw error;
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return {
    url,
    port,
    stderr: () => stderr,
    stdout: () => stdout,
    stop: () => end('SIGTERM'),
    kill: async () => {
      await end('SIGKILL');
    },
  };
}
