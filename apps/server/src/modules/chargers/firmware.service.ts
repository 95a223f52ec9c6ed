import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { firmwareAddSchema, type FirmwareAdd, type FirmwareVersion } from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import { firmwareRepository, type FirmwareRow } from './firmware.repository.ts';

export type FirmwareServiceDeps = { db: Db; now: () => Date };

/** The FIRMWARE_CATALOG file: [{model, version, url}], checked like firmware/add. */
const catalogueFile = z.array(firmwareAddSchema.pick({ model: true, version: true, url: true }));

/**
 * The firmware catalogue. The server's own entries (FIRMWARE_CATALOG) are offered to every account's chargers;
 * an entry an account adds is offered only to that account's chargers. Sharing those would let any operator point
 * every other operator's chargers of a model at a firmware image of their choosing.
 */
export function firmwareService({ db, now }: FirmwareServiceDeps) {
  const repo = firmwareRepository(db);
  return {
    list: async (userId: number): Promise<FirmwareVersion[]> =>
      (await repo.listFor(userId)).map(toFirmwareVersion),

    add: async (userId: number, { model, version, url }: FirmwareAdd): Promise<FirmwareVersion> =>
      toFirmwareVersion(await repo.upsertOwn(userId, { model, version, url }, now())),

    /**
     * Makes the server's catalogue the content of a JSON file; read at start. Throws a readable error for a file
     * that cannot be read or does not hold a list of {model, version, url}.
     */
    loadSharedCatalogue: async (path: string): Promise<number> => {
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (error) {
        throw new Error(`cannot read ${path}: ${(error as Error).message}`, { cause: error });
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new Error(`${path} is not JSON`);
      }
      const entries = catalogueFile.safeParse(parsed);
      if (!entries.success) {
        const issue = entries.error.issues[0];
        throw new Error(`${path}: entry ${issue?.path.join('.')}: ${issue?.message}`);
      }
      await repo.replaceShared(entries.data);
      return entries.data.length;
    },
  };
}

export type FirmwareService = ReturnType<typeof firmwareService>;

const toFirmwareVersion = (row: FirmwareRow): FirmwareVersion => ({
  model: row.model,
  version: row.version,
  url: row.url,
  shared: row.user_id === null,
  createdAt: row.created_at.toISOString(),
});
