import { createHash, randomBytes } from 'node:crypto';
import {
  codes,
  diagnosticsMissingMessage,
  diagnosticsKinds,
  diagnosticsUploadPath,
  logAnswers,
  logStatuses,
  type Diagnostics,
  type DiagnosticsAsk,
  type DiagnosticsKind,
  type DiagnosticsList,
} from '@plugboard/contract';
import type { Ocpp16 } from '@plugboard/ocpp';
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

/** A GetLog's retries and the seconds between them: the charger retries a failed upload on its own. */
const logRetries = { retries: 2, retryInterval: 60 };

/**
 * GetDiagnostics (OCPP 1.6 6.21) and GetLog (security whitepaper edition 3, N01) with an upload URL of this server's
 * own: a random one-time token in the path (only its hash kept), valid an hour, cleared by the upload; the file (at
 * most diagnosticsMaxBytes) is kept with the request and read from the charger's details. The charger reports
 * progress with DiagnosticsStatusNotification, or LogStatusNotification naming the GetLog's requestId (the row's id).
 */
export function diagnosticsService({ db, now, link, chargerView, chargers, baseUrl }: DiagnosticsDeps) {
  const repo = diagnosticsRepository(db);
  const charger = async (stationId: number, chargerId: number) => {
    const found = await chargerView.find(stationId, chargerId);
    if (!found) throw new AppError(codes.chargerNotFound);
    return found;
  };

  return {
    /** 1003 when the charger is offline or does not answer, 1039 when it does not know GetLog (then forgotten). */
    request: async (stationId: number, ask: Omit<DiagnosticsAsk, 'stationId'>): Promise<Diagnostics> => {
      const { productCode } = await charger(stationId, ask.chargerId);
      const kind: DiagnosticsKind = ask.kind ?? 'Diagnostics';
      const token = randomBytes(24).toString('base64url');
      const at = now();
      const row = await repo.insert({
        station_id: stationId,
        charger_id: ask.chargerId,
        token_hash: hashOf(token),
        requested_at: at,
        expires_at: new Date(at.getTime() + uploadTtlMs),
        kind,
        oldest_at: ask.from ? new Date(ask.from) : null,
        latest_at: ask.to ? new Date(ask.to) : null,
      });
      const location = `${baseUrl}${diagnosticsUploadPath}/${token}`;
      const from = row.oldest_at?.toISOString();
      const to = row.latest_at?.toISOString();
      const send = async (): Promise<{ fileName: string | null; answer: string | null }> => {
        if (kind === 'Diagnostics') {
          const answer = await link.send(productCode, 'GetDiagnostics', {
            location,
            retries: 2,
            ...(from && { startTime: from }),
            ...(to && { stopTime: to }),
          });
          return { fileName: answer.fileName ?? null, answer: null };
        }
        const getLog: Ocpp16.GetLogRequest = {
          logType: kind,
          requestId: row.id,
          ...logRetries,
          log: {
            remoteLocation: location,
            ...(from && { oldestTimestamp: from }),
            ...(to && { latestTimestamp: to }),
          },
        };
        const answer = await link.send(productCode, 'GetLog', getLog);
        return { fileName: answer.filename ?? null, answer: answer.status };
      };
      const { fileName, answer } = await send().catch(async (error: unknown) => {
        await repo.forget(row.id);
        throw error;
      });
      await repo.answered(row.id, fileName, answer);
      return toDiagnostics({ ...row, file_name: fileName, answer });
    },

    /** A LogStatusNotification of a charger (answered whatever it names). */
    logStatus: async (chargerId: number, status: string, requestId?: number): Promise<void> => {
      await repo.logStatus(chargerId, status, now(), requestId);
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

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : null;

const toDiagnostics = (r: {
  id: number;
  kind: string;
  oldest_at: Date | null;
  latest_at: Date | null;
  answer: string | null;
  log_status: string | null;
  requested_at: Date;
  expires_at: Date;
  file_name: string | null;
  size: number | null;
  uploaded_at: Date | null;
}): Diagnostics => ({
  id: r.id,
  kind: oneOf(diagnosticsKinds, r.kind) ?? 'Diagnostics',
  from: r.oldest_at?.toISOString() ?? null,
  to: r.latest_at?.toISOString() ?? null,
  answer: oneOf(logAnswers, r.answer),
  logStatus: oneOf(logStatuses, r.log_status),
  requestedAt: r.requested_at.toISOString(),
  expiresAt: r.expires_at.toISOString(),
  fileName: r.file_name,
  size: r.size,
  uploadedAt: r.uploaded_at?.toISOString() ?? null,
});
