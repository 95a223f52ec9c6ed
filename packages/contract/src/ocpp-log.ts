import { z } from 'zod';

// The OCPP message log and connection history of a charger (docs/ocpp.md, Troubleshooting).

const stationId = z.number({ error: 'Choose a site' }).int('Choose a site').positive('Choose a site');
const chargerId = z
  .number({ error: 'Choose a charger' })
  .int('Choose a charger')
  .positive('Choose a charger');
const isoDate = z.iso.datetime();

export const ocppLogLimits = {
  /** Exchanges in one page of the log. */
  pageMax: 200,
  /** Exchanges in one export. */
  exportMax: 10_000,
  /** An OCPP action name is at most a few dozen characters. */
  actionMax: 60,
} as const;

/** Who called: 'in' the charger, 'out' the central system (of an 'invalid' frame: who sent it). */
export const ocppMessageDirections = ['in', 'out'] as const;
export type OcppMessageDirection = (typeof ocppMessageDirections)[number];
/**
 * How an exchange ended: 'result' (CALLRESULT), 'error' (CALLERROR), 'unanswered' (timed out, or the socket closed
 * first), 'invalid' (a frame that is not an OCPP-J message: its text, cut).
 */
export const ocppMessageKinds = ['result', 'error', 'unanswered', 'invalid'] as const;
export type OcppMessageKind = (typeof ocppMessageKinds)[number];

const logFilter = {
  stationId,
  chargerId,
  action: z
    .string()
    .trim()
    .max(ocppLogLimits.actionMax)
    .optional()
    .describe('Part of the action name, case-insensitive'),
  from: isoDate.optional().describe('Exchanges whose CALL went at or after this time'),
  to: isoDate.optional().describe('Exchanges whose CALL went before this time'),
};

export const ocppLogQuerySchema = z.object({
  ...logFilter,
  beforeId: z.number().int().positive().optional().describe('The next page: exchanges older than this id'),
  limit: z.number().int().min(1).max(ocppLogLimits.pageMax).default(50),
});
export type OcppLogQuery = z.infer<typeof ocppLogQuerySchema>;

export const ocppLogExportQuerySchema = z.object(logFilter);
export type OcppLogExportQuery = z.infer<typeof ocppLogExportQuerySchema>;

/** One exchange of the log: a CALL and its answer (docs/ocpp.md, Troubleshooting: the message log). */
export const ocppMessageSchema = z.object({
  id: z.number(),
  /** When the CALL went over the socket (the answer, when its CALL was not seen; the frame, when 'invalid'). */
  at: isoDate,
  /** When the answer went over the socket; null without one. */
  answeredAt: isoDate.nullable(),
  direction: z.enum(ocppMessageDirections),
  kind: z.enum(ocppMessageKinds),
  messageId: z.string(),
  /** The CALL's action (null when its CALL was not seen). */
  action: z.string().nullable(),
  errorCode: z.string().nullable(),
  /** The CALL's payload as sent, secrets (AuthorizationKey, passwords) masked; null when not seen. */
  payload: z.unknown(),
  /** The result's payload (masked too), or the error's { errorDescription, errorDetails }; null without an answer. */
  answer: z.unknown(),
});
export type OcppMessage = z.infer<typeof ocppMessageSchema>;

export const ocppLogPageSchema = z.object({
  messages: z.array(ocppMessageSchema),
  /** beforeId of the next page; null on the last. */
  nextBeforeId: z.number().nullable(),
  /** false when the server does not log messages (OCPP_LOG=off). */
  enabled: z.boolean(),
  retentionDays: z.number(),
});
export type OcppLogPage = z.infer<typeof ocppLogPageSchema>;

export const ocppLogExportSchema = z.object({
  messages: z.array(ocppMessageSchema),
  /** true when more exchanges matched than one export holds (the newest were kept). */
  truncated: z.boolean(),
});
export type OcppLogExport = z.infer<typeof ocppLogExportSchema>;

export const connectionEvents = ['connected', 'disconnected', 'refused'] as const;
export type ConnectionEvent = (typeof connectionEvents)[number];

export const connectionHistoryQuerySchema = z.object({
  stationId,
  chargerId,
  beforeId: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(ocppLogLimits.pageMax).default(50),
});
export type ConnectionHistoryQuery = z.infer<typeof connectionHistoryQuerySchema>;

export const connectionEntrySchema = z.object({
  id: z.number(),
  at: isoDate,
  event: z.enum(connectionEvents),
  /** WebSocket close code of a disconnect (1000 normal, 1006 lost, 4000 replaced, 4001 deleted...). */
  closeCode: z.number().nullable(),
  reason: z.string().nullable(),
  /** HTTP status of a refused handshake: 400 (no ocpp1.6), 401 (unknown code or wrong PIN), 429 (too many failures). */
  httpStatus: z.number().nullable(),
  remoteAddress: z.string().nullable(),
});
export type ConnectionEntry = z.infer<typeof connectionEntrySchema>;

export const connectionHistorySchema = z.object({
  entries: z.array(connectionEntrySchema),
  nextBeforeId: z.number().nullable(),
});
export type ConnectionHistory = z.infer<typeof connectionHistorySchema>;

export const securityEventSchema = z.object({
  id: z.number(),
  /** The charger's timestamp of the event. */
  at: isoDate,
  receivedAt: isoDate,
  /** The whitepaper's event type (FirmwareUpdated, InvalidCentralSystemCertificate, ...) or the vendor's own. */
  type: z.string(),
  techInfo: z.string().nullable(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const securityEventPageSchema = z.object({
  events: z.array(securityEventSchema),
  nextBeforeId: z.number().nullable(),
});
export type SecurityEventPage = z.infer<typeof securityEventPageSchema>;
