import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { outDir, render, versions } from '../../../tools/generate-ocpp-types.ts';
import { ocpp16CentralSystemActions, ocpp16ChargePointActions } from './index.ts';

const schemaIds = (
  JSON.parse(
    fs.readFileSync(createRequire(import.meta.url).resolve('ocpp-rpc/lib/schemas/ocpp1_6.json'), 'utf8'),
  ) as { $id: string }[]
).map((s) => s.$id);

describe('OCPP 1.6 types', () => {
  it('are what the generator makes from the schemas today', async () => {
    for (const version of versions) {
      const current = fs.readFileSync(path.join(outDir, version.outFile), 'utf8');
      expect(current, `${version.outFile} is stale: npm run generate -w @plugboard/ocpp`).toBe(
        await render(version),
      );
    }
  });

  it('give every action of the schemas a direction', () => {
    const actions = new Set(schemaIds.map((id) => id.replace(/^urn:|\.(req|conf)$/g, '')));
    const directed = new Set<string>([...ocpp16ChargePointActions, ...ocpp16CentralSystemActions]);
    expect([...actions].sort()).toEqual([...directed].sort());
  });
});
