import type { FastifyBaseLogger } from 'fastify';
import {
  ocppLogLimits,
  type ConnectionEntry,
  type ConnectionHistory,
  type ConnectionHistoryQuery,
  type OcppLogExport,
  type OcppLogExportQuery,
  type OcppLogPage,
  type OcppLogQuery,
  type OcppMessage,
  type SecurityEventPage,
} from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import {
  ocppLogRepository,
  type ConnectionRow,
  type NewConnection,
  type NewOcppMessage,
  type OcppMessageRow,
} from './ocpp-log.repository.ts';
import { writeBehind } from './write-behind.ts';

/**
 * One exchange of a charger's socket as the central system saw it, secrets already masked: a CALL and its answer,
 * or an answer whose CALL was not seen, or a frame that is not a message.
 */
export type LoggedExchange = {
  chargerId: number;
  /** When the CALL went (the answer, when its CALL was not seen). */
  at: Date;
  answeredAt: Date | null;
  /** Who called (of an 'invalid' frame: who sent it). */
  direction: OcppMessage['direction'];
  kind: OcppMessage['kind'];
  messageId: string;
  action: string | null;
  errorCode: string | null;
  /** The CALL's payload as JSON text (loggedJson); null when not seen. */
  payload: string | null;
  /** The answer's payload as JSON text; null without one. */
  answer: string | null;
};

export type LoggedConnection = {
  productCode: string;
  at: Date;
  event: ConnectionEntry['event'];
  closeCode?: number | undefined;
  reason?: string | undefined;
  httpStatus?: number | undefined;
  remoteAddress?: string | undefined;
  nodeId?: string | undefined;
};

/** A SecurityEventNotification as the charger sent it. */
export type SecurityEventEntry = {
  chargerId: number;
  type: string;
  timestamp: string;
  techInfo?: string | undefined;
};

/**
 * What the central system writes to: the message log (an exchange at a time, once answered) and the connection
 * history are written behind (write-behind.ts);
 * a security event is answered only once it is stored.
 */
export type OcppLogWriter = {
  exchange: (entry: LoggedExchange) => void;
  connection: (entry: LoggedConnection) => void;
  securityEvent: (entry: SecurityEventEntry) => Promise<void>;
};

export type OcppLogOptions = {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  /** OCPP_LOG: false keeps no message log (the connection history is kept all the same). */
  enabled: boolean;
  /** OCPP_LOG_DAYS: rows older than this are deleted. */
  retentionDays: number;
  /** The charger of a site the caller may read (throws 1001 otherwise). */
  chargerOf: (stationId: number, chargerId: number) => Promise<{ id: number; productCode: string }>;
};

const reasonMax = 123; // a WebSocket close reason is at most 123 bytes
const retentionEveryMs = 15 * 60_000;
const retentionBatch = 5_000;
/** Security events are an audit trail: kept at least this long, whatever OCPP_LOG_DAYS says. */
const securityRetentionDaysMin = 90;

/**
 * The OCPP message log and connection history (docs/ocpp.md, Troubleshooting): written behind the central system in
 * batches, read by the console for a charger of the caller's site, and trimmed to OCPP_LOG_DAYS by every node.
 */
/**
 * A payload as JSON for the log. A hostile frame can be nested too deep for JSON.stringify (a RangeError thrown
 * here, in the socket's message event, would end the process): it is logged as such, not as sent.
 */
export function loggedJson(payload: unknown): string {
  try {
    return JSON.stringify(payload ?? null);
  } catch {
    return JSON.stringify({ unprintable: 'nested too deep to log' });
  }
}

export function ocppLogService(options: OcppLogOptions) {
  const { db, now, log, enabled, retentionDays, chargerOf } = options;
  const repo = ocppLogRepository(db);
  const messages = writeBehind<NewOcppMessage>(repo.insertMessages, { log, what: 'OCPP messages' });
  const connections = writeBehind<NewConnection>(repo.insertConnections, { log, what: 'connection history' });

  const writer: OcppLogWriter = {
    exchange: (m) => {
      if (!enabled) return;
      messages.add({
        charger_id: m.chargerId,
        at: m.at,
        answered_at: m.answeredAt,
        direction: m.direction,
        kind: m.kind,
        message_id: m.messageId.slice(0, 64),
        action: m.action?.slice(0, ocppLogLimits.actionMax) ?? null,
        error_code: m.errorCode?.slice(0, 64) ?? null,
        payload: m.payload,
        answer: m.answer,
      });
    },
    connection: (c) =>
      connections.add({
        product_code: c.productCode.toLowerCase().slice(0, 100),
        at: c.at,
        event: c.event,
        close_code: c.closeCode ?? null,
        reason: c.reason ? c.reason.slice(0, reasonMax) : null,
        http_status: c.httpStatus ?? null,
        remote_address: c.remoteAddress?.slice(0, 100) ?? null,
        node_id: c.nodeId ?? null,
      }),
    securityEvent: async (e) => {
      const at = new Date(e.timestamp);
      await repo.insertSecurityEvent({
        charger_id: e.chargerId,
        // A charger clock that is not a date: the time it reached us.
        at: Number.isNaN(at.getTime()) ? now() : at,
        received_at: now(),
        type: e.type.slice(0, 50),
        tech_info: e.techInfo?.slice(0, 255) ?? null,
      });
    },
  };

  /** Deletes what is older than the retention, batch after batch, unless another node is at it. */
  const trim = async () => {
    const cutoff = new Date(now().getTime() - retentionDays * 86_400_000);
    const securityCutoff = new Date(
      now().getTime() - Math.max(retentionDays, securityRetentionDaysMin) * 86_400_000,
    );
    for (;;) {
      const deleted = await repo.deleteOlderThan(cutoff, securityCutoff, retentionBatch);
      if (deleted === null || deleted < retentionBatch) return;
    }
  };
  let trimming: Promise<void> | undefined;
  const runTrim = () => {
    trimming ??= trim()
      .catch((error: unknown) => log.error({ err: error }, 'OCPP log retention failed'))
      .finally(() => (trimming = undefined));
    return trimming;
  };
  let timer: NodeJS.Timeout | undefined;

  return {
    writer,
    trim: runTrim,

    /** The retention job, on every node (one deletes at a time): at start, then every 15 minutes. */
    start: () => {
      void runTrim();
      timer = setInterval(() => void runTrim(), retentionEveryMs);
      timer.unref();
    },

    /** Writes what is buffered; for tests and for closing. */
    flush: async () => {
      await Promise.all([messages.flush(), connections.flush()]);
    },

    close: async () => {
      clearInterval(timer);
      await Promise.all([messages.close(), connections.close(), trimming]);
    },

    messages: async (stationId: number, q: OcppLogQuery): Promise<OcppLogPage> => {
      const charger = await chargerOf(stationId, q.chargerId);
      const rows = await repo.messages({ ...filterOf(charger.id, q), beforeId: q.beforeId, limit: q.limit });
      return {
        messages: rows.map(toMessage),
        nextBeforeId: rows.length === q.limit ? (rows.at(-1)?.id ?? null) : null,
        enabled,
        retentionDays,
      };
    },

    export: async (stationId: number, q: OcppLogExportQuery): Promise<OcppLogExport> => {
      const charger = await chargerOf(stationId, q.chargerId);
      const rows = await repo.messages({ ...filterOf(charger.id, q), limit: ocppLogLimits.exportMax + 1 });
      return {
        messages: rows.slice(0, ocppLogLimits.exportMax).map(toMessage),
        truncated: rows.length > ocppLogLimits.exportMax,
      };
    },

    securityEvents: async (stationId: number, q: ConnectionHistoryQuery): Promise<SecurityEventPage> => {
      const charger = await chargerOf(stationId, q.chargerId);
      const rows = await repo.securityEvents(charger.id, q.limit, q.beforeId);
      return {
        events: rows.map((r) => ({
          id: Number(r.id),
          at: r.at.toISOString(),
          receivedAt: r.received_at.toISOString(),
          type: r.type,
          techInfo: r.tech_info,
        })),
        nextBeforeId: rows.length === q.limit ? (rows.at(-1)?.id ?? null) : null,
      };
    },

    connections: async (stationId: number, q: ConnectionHistoryQuery): Promise<ConnectionHistory> => {
      const charger = await chargerOf(stationId, q.chargerId);
      const rows = await repo.connections(charger.productCode, q.limit, q.beforeId);
      return {
        entries: rows.map(toConnection),
        nextBeforeId: rows.length === q.limit ? (rows.at(-1)?.id ?? null) : null,
      };
    },
  };
}

export type OcppLogService = ReturnType<typeof ocppLogService>;

const filterOf = (chargerId: number, q: OcppLogExportQuery) => ({
  chargerId,
  action: q.action || undefined,
  from: q.from ? new Date(q.from) : undefined,
  to: q.to ? new Date(q.to) : undefined,
});

const toMessage = (r: OcppMessageRow): OcppMessage => ({
  id: Number(r.id),
  at: r.at.toISOString(),
  answeredAt: r.answered_at?.toISOString() ?? null,
  direction: r.direction as OcppMessage['direction'],
  kind: r.kind as OcppMessage['kind'],
  messageId: r.message_id,
  action: r.action,
  errorCode: r.error_code,
  payload: r.payload,
  answer: r.answer,
});

const toConnection = (r: ConnectionRow): ConnectionEntry => ({
  id: Number(r.id),
  at: r.at.toISOString(),
  event: r.event as ConnectionEntry['event'],
  closeCode: r.close_code,
  reason: r.reason,
  httpStatus: r.http_status,
  remoteAddress: r.remote_address,
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The OCPP message log (buildApp), for tests that flush it before reading. */
    ocppLog: OcppLogService;
  }
}
