import { z } from 'zod';
import { chargerSchema, chargerStatusSchema } from './chargers.ts';

/**
 * Live push to the console: a WebSocket on the server's own port. A browser cannot set headers on a WebSocket, so
 * the first message authenticates, signed like a call over this path: `signRequest(livePath, timestamp, token)`.
 * The server then sends the events of that one site (docs/api.md, "Live").
 */
export const livePath = '/cms-system/live';

/** The first (and only) message from the browser. */
export const liveHelloSchema = z.object({
  token: z.string(),
  /** Milliseconds since the epoch, within 5 minutes of the server clock; signed as its decimal string. */
  timestamp: z.union([z.string(), z.number()]),
  signature: z.string().describe('signRequest(livePath, String(timestamp), token)'),
  stationId: z.number().int().positive(),
});
export type LiveHello = z.infer<typeof liveHelloSchema>;

/**
 * Close codes of the live socket. The reason of 4401 and 4403 is the catalogue code as text: '419' (signature or
 * timestamp), '5003' (unknown or revoked session: log in again), '5008' (expired session), '1502' (not a site of
 * the account).
 */
export const liveCloseCodes = {
  /** The first message was not a hello. */
  badHello: 4400,
  unauthorized: 4401,
  siteNotFound: 4403,
  /** No hello within 10 seconds. */
  helloTimeout: 4408,
  /** The browser did not keep up with the messages (or answer pings). */
  tooSlow: 4429,
} as const;

const isoDate = z.iso.datetime();

const ready = z.object({ type: z.literal('ready'), stationId: z.number().int() });

/** A charger's status, connection, error or firmware status changed; `charger` is its new list item. */
const chargerStatusMessage = z.object({
  type: z.literal('charger.status'),
  stationId: z.number().int(),
  chargerId: z.number().int(),
  status: chargerStatusSchema,
  connected: z.boolean(),
  errorCode: z.string().nullable(),
  firmwareStatus: z.string().nullable(),
  /** The connector whose status arrived, when that is what changed. */
  connector: z
    .object({ connectorId: z.number().int(), status: chargerStatusSchema, errorCode: z.string().nullable() })
    .nullable(),
  /** Null when the charger was deleted meanwhile. */
  charger: chargerSchema.nullable(),
});

/** A charger was added, changed or deleted through the console (by any tab or operator of the site). */
const chargerChangedMessage = z.object({
  type: z.literal('charger.changed'),
  stationId: z.number().int(),
  chargerId: z.number().int(),
  change: z.enum(['added', 'updated', 'deleted']),
  /** The new list item; null when deleted. */
  charger: chargerSchema.nullable(),
});

/** The newest meter reading of a charger, at most one per second per charger. */
const meterValuesMessage = z.object({
  type: z.literal('meter.values'),
  stationId: z.number().int(),
  chargerId: z.number().int(),
  connectorId: z.number().int(),
  sessionId: z.number().int().nullable(),
  sampledAt: isoDate,
  /** The energy register, Wh (not the session's energy: see charger.ongoingSession.energyWh). */
  energyWh: z.number().nullable(),
  powerW: z.number().nullable(),
  currentL1: z.number().nullable(),
  currentL2: z.number().nullable(),
  currentL3: z.number().nullable(),
  charger: chargerSchema.nullable(),
});

const sessionStartedMessage = z.object({
  type: z.literal('session.started'),
  stationId: z.number().int(),
  chargerId: z.number().int(),
  sessionId: z.number().int(),
  connectorId: z.number().int(),
  startTime: isoDate,
  startBy: z.string(),
});

const sessionStoppedMessage = z.object({
  type: z.literal('session.stopped'),
  stationId: z.number().int(),
  chargerId: z.number().int(),
  sessionId: z.number().int(),
  connectorId: z.number().int(),
  endTime: isoDate,
  energyWh: z.number(),
  stopReason: z.string().nullable(),
});

/** A text of the site's rich-text editor was saved: the display's notice ('display') or the invoices' footer. */
const noticeChangedMessage = z.object({
  type: z.literal('notice.changed'),
  stationId: z.number().int(),
  kind: z.enum(['display', 'invoiceFooter']),
});

/** Every message the server sends on the live socket, by `type`. */
export const liveMessageSchema = z.discriminatedUnion('type', [
  ready,
  chargerStatusMessage,
  chargerChangedMessage,
  meterValuesMessage,
  sessionStartedMessage,
  sessionStoppedMessage,
  noticeChangedMessage,
]);
export type LiveMessage = z.infer<typeof liveMessageSchema>;
export type LiveMessageType = LiveMessage['type'];
export type LiveMessageOf<T extends LiveMessageType> = Extract<LiveMessage, { type: T }>;
