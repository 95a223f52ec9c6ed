import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { StartupError } from '../lib/startup-error.ts';

/**
 * A server killed without shutting down (kill -9, out of memory) leaves its embedded PostgreSQL running, orphaned:
 * its postmaster.pid then refuses every new start. Before starting, the PostgreSQL that postmaster.pid names is
 * looked at (Linux /proc): one of this very cluster whose parent is still a running Node process belongs to a live
 * Plugboard, and the start is refused; one whose parent is gone (it was adopted by init or a subreaper) is stopped
 * with a fast shutdown (SIGINT: clients cut, everything committed kept), and the start goes on. Without /proc
 * nothing is stopped and PostgreSQL's own refusal stands.
 */
export async function stopOrphanedPostgres(databaseDir: string, log: (line: string) => void): Promise<void> {
  const postmaster = readPostmasterPid(databaseDir);
  if (postmaster === undefined || !isPostgresOf(postmaster, databaseDir)) return;
  const parent = parentOf(postmaster);
  if (parent !== undefined && parent !== process.pid && isNode(parent)) {
    throw new StartupError(
      `Another Plugboard (pid ${parent}) is already using ${databaseDir}. Stop it, or set DATA_DIR to another directory.`,
    );
  }
  log(
    `Stopping the embedded database (pid ${postmaster}) left running by a Plugboard that ended without stopping it`,
  );
  const started = Date.now();
  if (
    !(await signalAndWait(postmaster, 'SIGINT', 15_000)) &&
    !(await signalAndWait(postmaster, 'SIGQUIT', 5_000))
  ) {
    throw new StartupError(
      `The embedded database (pid ${postmaster}) left by a Plugboard that ended does not stop. Stop it, then start again.`,
    );
  }
  log(`Stopped it in ${Date.now() - started} ms`);
}

/**
 * A PostgreSQL killed with -9 leaves `.s.PGSQL.<port>.lock` (and the socket) in its socket directory. PostgreSQL
 * removes such a lock itself when the pid it names is gone, but refuses to start when that pid has since been taken
 * by another process (pids are reused, in a container soon). Called once any PostgreSQL of the cluster has been
 * stopped: a lock whose pid is not a running postgres is removed with its socket. The directory is this cluster's
 * alone. Without /proc nothing is removed.
 */
export function removeStaleSocketLock(socketDir: string, port: number): void {
  const socket = path.join(socketDir, `.s.PGSQL.${port}`);
  let pid: number;
  try {
    pid = Number(fs.readFileSync(`${socket}.lock`, 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (!fs.existsSync('/proc/self')) return;
  if (Number.isSafeInteger(pid) && pid > 1 && isRunning(pid) && isPostgres(pid)) return;
  fs.rmSync(`${socket}.lock`, { force: true });
  fs.rmSync(socket, { force: true });
}

function isPostgres(pid: number): boolean {
  const argv0 = procFile(pid, 'cmdline')?.split('\0')[0] ?? '';
  return /(^|\/)postgres$/.test(argv0);
}

/** The postmaster's pid, when postmaster.pid names one that runs, for this very directory. */
function readPostmasterPid(databaseDir: string): number | undefined {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  // Line 2 is the cluster's directory: a copied data directory names its original.
  if (!Number.isSafeInteger(pid) || pid <= 1 || path.resolve(lines[1] ?? '') !== path.resolve(databaseDir)) {
    return undefined;
  }
  return isRunning(pid) ? pid : undefined;
}

/** The pid is a postgres whose command line names this directory (the pid was not reused by something else). */
function isPostgresOf(pid: number, databaseDir: string): boolean {
  const args = procFile(pid, 'cmdline')?.split('\0') ?? [];
  const dir = args[args.indexOf('-D') + 1];
  return args.indexOf('-D') > 0 && dir !== undefined && path.resolve(dir) === path.resolve(databaseDir);
}

function parentOf(pid: number): number | undefined {
  // /proc/<pid>/stat: "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ')'.
  const stat = procFile(pid, 'stat');
  const ppid = Number(stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  return Number.isSafeInteger(ppid) ? ppid : undefined;
}

function isNode(pid: number): boolean {
  const argv0 = procFile(pid, 'cmdline')?.split('\0')[0] ?? '';
  return /(^|\/)node(js)?(\d*)$/.test(argv0) || argv0 === process.execPath;
}

function procFile(pid: number, name: string): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/${name}`, 'utf8');
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function signalAndWait(pid: number, signal: NodeJS.Signals, timeoutMs: number): Promise<boolean> {
  try {
    process.kill(pid, signal);
  } catch {
    return !isRunning(pid);
  }
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isRunning(pid)) return true;
    await sleep(50);
  }
  return !isRunning(pid);
}
