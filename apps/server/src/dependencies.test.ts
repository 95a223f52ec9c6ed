import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import { expect, it } from 'vitest';
import manifest from '../package.json' with { type: 'json' };

const srcDir = import.meta.dirname;
const isTestOnly = (file: string) => /\.(test|fixtures)\.ts$/.test(file);
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

it('declares every package that the server imports at run time as a dependency', () => {
  const imported = new Set<string>();
  for (const file of fs.readdirSync(srcDir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || isTestOnly(file)) continue;
    const text = fs.readFileSync(path.join(srcDir, file), 'utf8');
    for (const [, specifier] of text.matchAll(/(?:\bfrom|\bimport\()\s*'([^'.][^']*)'/g)) {
      if (specifier && !specifier.startsWith('node:') && !builtinModules.includes(specifier))
        imported.add(packageOf(specifier));
    }
  }
  const declared = Object.keys(manifest.dependencies);
  expect([...imported].filter((name) => !declared.includes(name)).sort()).toEqual([]);
});
