import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingNodeFlags, serverNodeFlags } from './node-flags.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

describe("the server's Node flags", () => {
  it('are what npm start and npm run dev pass', () => {
    const { scripts } = JSON.parse(read('apps/server/package.json')) as { scripts: Record<string, string> };
    for (const script of [scripts.start!, scripts.dev!])
      expect(missingNodeFlags(script.split(' ')), script).toEqual([]);
  });

  it('are in every command of docs/deployment.md that starts main.ts', () => {
    const starts = read('docs/deployment.md')
      .split('\n')
      .filter((line) => line.includes('apps/server/src/main.ts') && /\bnode\b/.test(line));
    expect(starts.length).toBeGreaterThan(0);
    for (const line of starts) expect(missingNodeFlags(line.trim().split(/\s+/)), line).toEqual([]);
  });

  it('are found missing when absent', () => {
    expect(missingNodeFlags([])).toEqual([...serverNodeFlags]);
    expect(missingNodeFlags(['--inspect', ...serverNodeFlags])).toEqual([]);
  });
});
