// `npm test`: every check a change must pass, in order, on Node 24. It builds what it needs (the console for e2e),
// stops at nothing so that one run shows every failure, and ends with one summary line
// ("tests: N passed, N failed") that CI reads.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'plugboard-test-'));
const only = process.argv.slice(2);

const vitestJson = (name) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(reports, name)}.json`,
];
const steps = [
  { name: 'typecheck', cmd: ['npm', 'run', 'typecheck'] },
  { name: 'lint', cmd: ['npm', 'run', 'lint'] },
  { name: 'format', cmd: ['npm', 'run', 'format:check'] },
  {
    name: 'contract',
    cmd: ['npx', 'vitest', 'run', '--root', 'packages/contract', ...vitestJson('contract')],
    report: 'contract',
  },
  {
    name: 'pricing',
    cmd: ['npx', 'vitest', 'run', '--root', 'packages/pricing', ...vitestJson('pricing')],
    report: 'pricing',
  },
  {
    name: 'load-allocator',
    cmd: ['npx', 'vitest', 'run', '--root', 'packages/load-allocator', ...vitestJson('load-allocator')],
    report: 'load-allocator',
  },
  {
    name: 'ocpp',
    cmd: ['npx', 'vitest', 'run', '--root', 'packages/ocpp', ...vitestJson('ocpp')],
    report: 'ocpp',
  },
  {
    name: 'charger-sim',
    cmd: ['npx', 'vitest', 'run', '--root', 'tools/charger-sim', ...vitestJson('charger-sim')],
    report: 'charger-sim',
  },
  { name: 'web', cmd: ['npx', 'vitest', 'run', '--root', 'apps/web', ...vitestJson('web')], report: 'web' },
  {
    name: 'server',
    cmd: ['npx', 'vitest', 'run', '--root', 'apps/server', ...vitestJson('server')],
    report: 'server',
  },
  { name: 'build', cmd: ['npm', 'run', 'build'] },
  {
    name: 'e2e',
    cmd: ['npx', 'playwright', 'test', '--config', 'e2e/playwright.config.ts'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'e2e.json') },
    report: 'e2e',
  },
].filter((s) => only.length === 0 || only.includes(s.name));

let passed = 0;
let failed = 0;
let skipped = 0;
const failedSteps = [];
for (const step of steps) {
  console.log(`\n=== ${step.name}: ${step.cmd.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(step.cmd[0], step.cmd.slice(1), {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const counts = step.report ? readCounts(path.join(reports, `${step.report}.json`)) : undefined;
  // A failed test fails its step even if its runner exited 0 (the server's did: apps/server/src/db/embedded.ts).
  const ok = result.status === 0 && !counts?.failed;
  if (!ok) failedSteps.push(step.name);
  console.log(`=== ${step.name}: ${ok ? 'ok' : 'FAILED'} in ${seconds} s`);
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
    skipped += counts.skipped;
    if (result.status !== 0 && counts.failed === 0) failed += 1; // a run that crashed before reporting
  } else if (result.status !== 0) {
    failed += 1;
  }
}

console.log(`\nsteps failed: ${failedSteps.length ? failedSteps.join(', ') : 'none'}`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);

function readCounts(file) {
  try {
    const json = JSON.parse(fs.readFileSync(file, 'utf8'));
    if ('numPassedTests' in json) {
      return {
        passed: json.numPassedTests,
        failed: json.numFailedTests,
        skipped: json.numPendingTests + (json.numTodoTests ?? 0),
      };
    }
    // Playwright's JSON reporter
    const s = json.stats ?? {};
    return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0, skipped: s.skipped ?? 0 };
  } catch {
    return { passed: 0, failed: 0, skipped: 0 };
  }
}
