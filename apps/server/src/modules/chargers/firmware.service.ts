import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import {
  checkSignedFirmware,
  codes,
  errorMessages,
  firmwareEntrySchema,
  type FirmwareAdd,
  type FirmwareVersion,
} from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { firmwareRepository, type FirmwareRow } from './firmware.repository.ts';

export type FirmwareServiceDeps = { db: Db; now: () => Date };

/** The FIRMWARE_CATALOG file: [{model, version, url, signingCertificate?, signature?}], checked like firmware/add. */
const catalogueFile = z.array(
  firmwareEntrySchema
    .pick({ model: true, version: true, url: true, signingCertificate: true, signature: true })
    .superRefine(checkSignedFirmware),
);

/** Whether a PEM text is an X.509 certificate node can read (the charger will check it further: L01.FR.02). */
export function readableCertificate(pem: string): boolean {
  try {
    new X509Certificate(pem);
    return true;
  } catch {
    return false;
  }
}

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

    add: async (
      userId: number,
      { model, version, url, signingCertificate, signature }: FirmwareAdd,
    ): Promise<FirmwareVersion> => {
      if (signingCertificate !== undefined && !readableCertificate(signingCertificate)) {
        throw new AppError(
          codes.invalidInput,
          `${errorMessages[codes.invalidInput]}: signingCertificate: not a readable X.509 certificate`,
        );
      }
      const entry = { model, version, url, signingCertificate, signature };
      return toFirmwareVersion(await repo.upsertOwn(userId, entry, now()));
    },

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
      const unreadable = entries.data.findIndex(
        (e) => e.signingCertificate !== undefined && !readableCertificate(e.signingCertificate),
      );
      if (unreadable >= 0)
        throw new Error(`${path}: entry ${unreadable}.signingCertificate: not a certificate`);
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
  signed: row.signing_certificate !== null && row.signature !== null,
  createdAt: row.created_at.toISOString(),
});
