// CPU time and memory of processes, read from /proc (Linux): the server's Node process, the PostgreSQL processes
// under it (the embedded database is its child), and the load clients.
import fs from 'node:fs';

const ticksPerSecond = 100; // USER_HZ, 100 on every Linux this runs on

type Stat = { pid: number; ppid: number; cpuSeconds: number; reapedSeconds: number };

function readStat(pid: number): Stat | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: the fields after the last ')' are fixed.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return {
      pid,
      ppid: Number(fields[1]),
      cpuSeconds: (Number(fields[11]) + Number(fields[12])) / ticksPerSecond,
      // cutime + cstime: what its children used, once they exited and it waited for them.
      reapedSeconds: (Number(fields[13]) + Number(fields[14])) / ticksPerSecond,
    };
  } catch {
    return undefined; // it exited meanwhile
  }
}

/** CPU seconds (user + system) used so far by a process; 0 once it is gone. */
export const cpuSeconds = (pid: number): number => readStat(pid)?.cpuSeconds ?? 0;

/** Every process below `pid` (children, their children...), excluding `pid` itself. */
export function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(Number(name));
    if (stat) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat.pid]);
  }
  const found: number[] = [];
  const queue = [...(children.get(pid) ?? [])];
  while (queue.length > 0) {
    const next = queue.shift()!;
    found.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return found;
}

/**
 * CPU seconds of the processes below `pid`, those that exited included: the postmaster waits for each backend that
 * ends and so counts its time among its children's. Backends do end during a run: the server's pool closes a
 * connection idle for 10 s (pg's default), which the pauses between phases make happen.
 */
export const treeCpuSeconds = (pid: number): number =>
  descendants(pid).reduce((sum, child) => {
    const stat = readStat(child);
    return sum + (stat ? stat.cpuSeconds + stat.reapedSeconds : 0);
  }, 0);

/**
 * CPU seconds the whole machine has used (every core): `busy` is all but idle and iowait; `interrupts` is the part
 * spent in interrupts and softirqs, where the kernel does most of the loopback TCP work, charged to no process.
 */
export function machineCpuSeconds(): { busy: number; interrupts: number } {
  const fields = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return {
    busy: (user + nice + system + irq + softirq + steal) / ticksPerSecond,
    interrupts: (irq + softirq) / ticksPerSecond,
  };
}

/** Resident memory of a process, bytes; 0 once it is gone. */
export function rssBytes(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The first port of the kernel's ephemeral range, from which it gives a socket bound to port 0 its port. */
export function ephemeralPortsFrom(): number {
  const text = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8');
  return Number(text.trim().split(/\s+/)[0]);
}

/** The soft limit of open files of this process (children inherit it). */
export function openFileLimit(): number {
  const match = /Max open files\s+(\d+|unlimited)/.exec(fs.readFileSync('/proc/self/limits', 'utf8'));
  return match?.[1] === 'unlimited' || !match ? Infinity : Number(match[1]);
}

/** Samples the server's RSS every 500 ms and keeps the peak since the last `take()`. */
export function rssSampler(pid: number) {
  let peak = rssBytes(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 500);
  timer.unref();
  return {
    /** The peak since the last call, and the current value. */
    take: () => {
      const now = rssBytes(pid);
      const result = { peak: Math.max(peak, now), now };
      peak = now;
      return result;
    },
    stop: () => clearInterval(timer),
  };
}
