// node bench/profile-sum.ts FILE.cpuprofile [--window S] [--top N] — a V8 CPU profile (node --cpu-prof, e.g.
// `npm run bench:api -- --profile DIR`) summed by self time: by function, by where the code lives (our files,
// each package under node_modules, node's own internals, garbage collection, native) and by our file. With
// --window S only the busiest S seconds count (the benchmark's load phase, not the server's start or the seeding).
// With --before-end E as well, the window is the S seconds ending E seconds before the profile ends instead (the
// steady phase of bench:ocpp, which is not the busiest: the connect phase is). Shares are of the busy time (idle
// left out).
import fs from 'node:fs';
import { parseArgs } from 'node:util';

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
};

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    window: { type: 'string' },
    'before-end': { type: 'string' },
    top: { type: 'string', default: '40' },
    // Comma-separated function names (or file parts, with a '/'): the time with one of them on the stack.
    incl: { type: 'string' },
  },
});
const file = positionals[0];
if (!file) {
  console.log(
    'node bench/profile-sum.ts FILE.cpuprofile [--window S [--before-end E]] [--top N] [--incl f,g]',
  );
  process.exit(1);
}
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const idle = (n: ProfileNode) => n.callFrame.functionName === '(idle)';

// Each sample's time is the delta to the next sample (as DevTools counts it).
const at: number[] = [];
const weight: number[] = [];
let t = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i] ?? 0;
  at.push(t);
  weight.push(Math.max(0, profile.timeDeltas[i + 1] ?? 0));
}

// The busiest window: the S seconds with the most non-idle time.
let from = 0;
let to = profile.samples.length;
if (args.window && args['before-end']) {
  const end = profile.endTime - Number(args['before-end']) * 1e6;
  const start = end - Number(args.window) * 1e6;
  from = at.findIndex((t) => t >= start);
  to = Math.max(
    from,
    at.findIndex((t) => t > end),
  );
} else if (args.window) {
  const span = Number(args.window) * 1e6;
  let busy = 0;
  let best = -1;
  let lo = 0;
  for (let hi = 0; hi < at.length; hi++) {
    if (!idle(byId.get(profile.samples[hi]!)!)) busy += weight[hi]!;
    while (at[hi]! - at[lo]! > span) {
      if (!idle(byId.get(profile.samples[lo]!)!)) busy -= weight[lo]!;
      lo++;
    }
    if (busy > best) {
      best = busy;
      from = lo;
      to = hi + 1;
    }
  }
}

const where = (url: string, name: string): string => {
  if (name === '(garbage collector)') return '(garbage collector)';
  if (name === '(program)' || name === '(root)') return '(program)';
  if (!url) return '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  const ours = /\/(apps|packages|tools|bench)\/(.*)$/.exec(url);
  if (ours) return `ours: ${ours[1]}/${ours[2]!.split('/')[0]}`;
  return url;
};

const fn = new Map<string, number>();
const place = new Map<string, number>();
const ourFile = new Map<string, number>();
let total = 0;
let idleTime = 0;
for (let i = from; i < to; i++) {
  const node = byId.get(profile.samples[i]!)!;
  const w = weight[i]!;
  if (idle(node)) {
    idleTime += w;
    continue;
  }
  total += w;
  const { functionName, url, lineNumber } = node.callFrame;
  const w2 = where(url, functionName);
  const short = url
    .replace(/^.*\/node_modules\//, '')
    .replace(/^file:\/\/.*?\/(apps|packages|bench|tools)\//, '$1/');
  const key = `${functionName || '(anonymous)'} ${short ? `${short}:${lineNumber + 1}` : ''}`;
  fn.set(key, (fn.get(key) ?? 0) + w);
  place.set(w2, (place.get(w2) ?? 0) + w);
  if (w2.startsWith('ours')) ourFile.set(short, (ourFile.get(short) ?? 0) + w);
}

const inclusive = new Map<string, number>();
const wanted = (args.incl ?? '').split(',').filter(Boolean);
if (wanted.length > 0) {
  for (let i = from; i < to; i++) {
    const node = byId.get(profile.samples[i]!)!;
    if (idle(node)) continue;
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const { functionName, url } = byId.get(id)!.callFrame;
      for (const w of wanted) if (w.includes('/') ? url.includes(w) : functionName === w) seen.add(w);
    }
    for (const w of seen) inclusive.set(w, (inclusive.get(w) ?? 0) + weight[i]!);
  }
}

const pct = (v: number) => `${((100 * v) / total).toFixed(1).padStart(5)} %`;
const msOf = (v: number) => `${(v / 1000).toFixed(0).padStart(7)} ms`;
const show = (title: string, map: Map<string, number>, top: number) => {
  console.log(`\n${title}`);
  for (const [k, v] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${pct(v)} ${msOf(v)}  ${k}`);
};
console.log(
  `${file}: ${((at[to - 1]! - at[from]!) / 1e6).toFixed(1)} s counted, busy ${(total / 1e6).toFixed(2)} s, ` +
    `idle ${(idleTime / 1e6).toFixed(2)} s`,
);
show('by place (self time)', place, 30);
show('our files (self time)', ourFile, 20);
if (wanted.length > 0) show('inclusive (on the stack)', inclusive, wanted.length);
show('by function (self time)', fn, Number(args.top));
