import { createHash, randomBytes } from 'node:crypto';
import {
  codes,
  diagnosticsMissingMessage,
  diagnosticsUploadPath,
  type Diagnostics,
  type DiagnosticsList,
} from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChargerLink } from '../chargers/charger-link.ts';
import type { ChargerViewService } from '../chargers/charger-view.service.ts';
import type { ChargerService } from '../chargers/chargers.service.ts';
import { diagnosticsRepository } from './diagnostics.repository.ts';

export type DiagnosticsDeps = {
  db: Db;
  now: () => Date;
  link: ChargerLink;
  chargerView: Pick<ChargerViewService, 'find'>;
  chargers: Pick<ChargerService, 'getCharger'>;
  /** The server's address as chargers reach it (PUBLIC_URL), without a trailing slash. */
  baseUrl: string;
};

/** How long an upload URL works: a charger uploads within minutes, retries included. */
const uploadTtlMs = 60 * 60_000;
const hashOf = (token: string) => createHash('sha256').update(token).digest();

/**
 * GetDiagnostics (OCPP 1.6 6.21) with an upload URL of this server's own: a random one-time token in the path (only
 * its hash kept), valid an hour, cleared by the upload; the file (at most diagnosticsMaxBytes) is kept with the
 * request and read from the charger's details. The charger reports progress with DiagnosticsStatusNotification.
 */
export function diagnosticsService({ db, now, link, chargerView, chargers, baseUrl }: DiagnosticsDeps) {
  const repo = diagnosticsRepository(db);
  const charger = async (stationId: number, chargerId: number) => {
    const found = await chargerView.find(stationId, chargerId);
    if (!found) throw new AppError(codes.chargerNotFound);
    return found;
  };

  return {
    /** 1003 when the charger is offline or does not answer (the request is then forgotten). */
    request: async (stationId: number, chargerId: number): Promise<Diagnostics> => {
      const { productCode } = await charger(stationId, chargerId);
      const token = randomBytes(24).toString('base64url');
      const at = now();
      const row = await repo.insert({
        station_id: stationId,
        charger_id: chargerId,
        token_hash: hashOf(token),
        requested_at: at,
        expires_at: new Date(at.getTime() + uploadTtlMs),
      });
      const answer = await link
        .send(productCode, 'GetDiagnostics', {
          location: `${baseUrl}${diagnosticsUploadPath}/${token}`,
          retries: 2,
        })
        .catch(async (error: unknown) => {
          await repo.forget(row.id);
          throw error;
        });
      const fileName = answer.fileName ?? null;
      await repo.setFileName(row.id, fileName);
      return toDiagnostics({ ...row, file_name: fileName });
    },

    list: async (stationId: number, chargerId: number): Promise<DiagnosticsList> => {
      await charger(stationId, chargerId);
      const [rows, row] = await Promise.all([
        repo.list(stationId, chargerId),
        chargers.getCharger(chargerId),
      ]);
      return { list: rows.map(toDiagnostics), status: row.diagnostics_status };
    },

    /** The charger's upload; false for an unknown, used or expired token. */
    /** `name` null: the name the charger announced stays. */
    receive: async (token: string, file: { name: string | null; content: Buffer }): Promise<boolean> =>
      (await repo.upload(hashOf(token), now(), file)) !== undefined,

    file: async (stationId: number, id: number): Promise<{ fileName: string; body: Buffer }> => {
      const row = await repo.file(stationId, id);
      if (!row?.content) throw new AppError(codes.operationFailed, diagnosticsMissingMessage);
      return { fileName: row.file_name ?? `diagnostics-${id}`, body: row.content };
    },
  };
}

export type DiagnosticsService = ReturnType<typeof diagnosticsService>;

const toDiagnostics = (r: {
  id: number;
  requested_at: Date;
  expires_at: Date;
  file_name: string | null;
  size: number | null;
  uploaded_at: Date | null;
}): Diagnostics => ({
  id: r.id,
  requestedAt: r.requested_at.toISOString(),
  expiresAt: r.expires_at.toISOString(),
  fileName: r.file_name,
  size: r.size,
  uploadedAt: r.uploaded_at?.toISOString() ?? null,
});
