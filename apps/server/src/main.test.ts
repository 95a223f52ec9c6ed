import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/helpers.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const node24 = path.join(repoRoot, 'node_modules/.bin/node');
const mainFile = path.join(import.meta.dirname, 'main.ts');

/** Runs `node main.ts` with only the given environment (plus PATH) and collects how it ended. */
function startMain(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(node24, [mainFile], {
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

describe('starting the server', () => {
  let blocker: net.Server;
  let takenPort: number;
  let database: { url: string; drop: () => Promise<void> };
  beforeAll(async () => {
    database = await createTestDatabase();
    blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '0.0.0.0', resolve));
    takenPort = (blocker.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => blocker.close(resolve));
    await database.drop();
  });

  it('stops with one line saying so when its port is taken', async () => {
    const { code, stderr } = await startMain({ PORT: String(takenPort), DATABASE_URL: database.url });
    expect(code).not.toBe(0);
    expect(lines(stderr)).toEqual([expect.stringMatching(new RegExp(`Port ${takenPort} is already in use`))]);
  });

  it('stops with one line saying so when the data directory cannot be written', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'plugboard-main-test-')), 'a-file');
    fs.writeFileSync(file, '');
    try {
      const { code, stderr } = await startMain({ DATA_DIR: path.join(file, 'data'), PORT: '0' });
      expect(code).not.toBe(0);
      expect(lines(stderr)).toEqual([expect.stringMatching(/data directory .* is not writable/)]);
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});
