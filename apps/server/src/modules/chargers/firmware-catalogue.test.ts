import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers.ts';
import { aCharger, anOperatorWithSite, callerFor, chargerCall } from './chargers.fixtures.ts';

async function aCatalogueFile(content: unknown): Promise<string> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'plugboard-firmware-')), 'catalogue.json');
  await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('the server firmware catalogue (FIRMWARE_CATALOG)', () => {
  it("is read at start and offered to every account's chargers of the model", async () => {
    const file = await aCatalogueFile([
      { model: 'Simulator', version: '3.0.0', url: 'https://firmware.example/sim-3.0.0.bin' },
    ]);
    const t = await createTestApp({ firmwareCatalog: file });
    try {
      for (const _account of [1, 2]) {
        const op = await anOperatorWithSite(t.db);
        const charger = await aCharger(t.db, { stationId: op.stationId });
        await t.db
          .updateTable('chargers')
          .set({ model: 'simulator', firmware_version: '2.9' })
          .where('id', '=', charger.id)
          .execute();
        const detail = await callerFor(t.app, op)(chargerCall('detail'), { chargerId: charger.id });
        expect(detail.data.newFirmwareVersion).toBe('3.0.0');
      }
    } finally {
      await t.close();
    }
  });

  it('stops the server from starting with a file that is not a list of {model, version, url}', async () => {
    const file = await aCatalogueFile([{ model: 'Simulator', version: '3.0.0', url: 'not a url' }]);
    await expect(createTestApp({ firmwareCatalog: file })).rejects.toThrow(/FIRMWARE_CATALOG: .*url/);
    await expect(createTestApp({ firmwareCatalog: await aCatalogueFile('{') })).rejects.toThrow(/not JSON/);
  });
});

describe('the catalogue an account sees (firmware/list)', () => {
  it("lists the server's entries and the account's own, not another account's", async () => {
    const file = await aCatalogueFile([
      { model: 'Simulator', version: '3.0.0', url: 'https://firmware.example/sim-3.0.0.bin' },
    ]);
    const t = await createTestApp({ firmwareCatalog: file });
    try {
      const [mine, theirs] = [await anOperatorWithSite(t.db), await anOperatorWithSite(t.db)];
      const entry = { model: 'Wallbox', version: '1.2.0', url: 'https://firmware.example/wb-1.2.0.bin' };
      expect((await callerFor(t.app, mine)(chargerCall('firmware/add'), entry)).status).toBe(200);
      await callerFor(t.app, theirs)(chargerCall('firmware/add'), { ...entry, version: '6.6.6' });
      const listed = await callerFor(t.app, mine)(chargerCall('firmware/list'), {});
      expect(listed.status).toBe(200);
      expect(listed.data.map((f) => [f.model, f.version, f.shared])).toEqual([
        ['Simulator', '3.0.0', true],
        ['Wallbox', '1.2.0', false],
      ]);
    } finally {
      await t.close();
    }
  });
});
