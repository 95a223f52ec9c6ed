import { z } from 'zod';
import { chargerStatusSchema } from './chargers.ts';

/**
 * The display screen: a board of one site for a lobby TV (docs/display.md). The operator makes display links; a
 * link's token opens the board without a login and reads that one site's board, over the board call and the live
 * socket, and nothing else: every other call made with it answers 5003 like an unknown login.
 */

/** Display tokens start with this, so that the live socket tells them from login tokens. */
export const displayTokenPrefix = 'dsp_';
/** The console path of a display link: the token follows in the fragment, which no server or log ever sees. */
export const displayKioskPath = '/kiosk';
export const displayLinkLimits = { nameMax: 60, linksMax: 20 } as const;

const stationId = z.number({ error: 'Choose a site' }).int('Choose a site').positive('Choose a site');
const isoDate = z.iso.datetime();

export const displayLinkCreateSchema = z.object({
  stationId,
  name: z
    .string()
    .trim()
    .min(1, 'Enter a name')
    .max(displayLinkLimits.nameMax, `The name may have at most ${displayLinkLimits.nameMax} characters`),
});
export const displayLinkListQuerySchema = z.object({ stationId });
export const displayLinkRefSchema = z.object({ stationId, id: z.number().int().positive() });

export const displayLinkSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: isoDate,
  /** The last time the board was read with it; null before. */
  lastUsedAt: isoDate.nullable(),
});
export type DisplayLink = z.infer<typeof displayLinkSchema>;

/** The token is answered once, at creation: only its hash is stored. */
export const createdDisplayLinkSchema = displayLinkSchema.extend({ token: z.string() });
export type CreatedDisplayLink = z.infer<typeof createdDisplayLinkSchema>;

export const displayLinkListSchema = z.object({ list: z.array(displayLinkSchema) });

/** The board call carries no site: the display token in the token header names it. */
export const displayBoardQuerySchema = z.object({});

/** One charger as the board shows it. Power in W, energy in Wh of the running session. */
export const displayTileSchema = z.object({
  chargerId: z.number().int(),
  name: z.string(),
  status: chargerStatusSchema,
  connected: z.boolean(),
  errorCode: z.string().nullable(),
  /** The newest power reading of the running session; null when none. */
  powerW: z.number().nullable(),
  currentL1: z.number().nullable(),
  currentL2: z.number().nullable(),
  currentL3: z.number().nullable(),
  session: z.object({ startTime: isoDate, energyWh: z.number() }).nullable(),
});
export type DisplayTile = z.infer<typeof displayTileSchema>;

export const displayBoardSchema = z.object({
  stationId: z.number().int(),
  siteName: z.string(),
  timeZone: z.string(),
  /** The site's power capacity, W. */
  capacityW: z.number(),
  phases: z.union([z.literal(1), z.literal(3)]),
  capacityL1: z.number(),
  capacityL2: z.number().nullable(),
  capacityL3: z.number().nullable(),
  /** The site's notice, cleaned HTML ('' when none). */
  noticeHtml: z.string(),
  tiles: z.array(displayTileSchema),
});
export type DisplayBoard = z.infer<typeof displayBoardSchema>;

/**
 * What the live socket sends a display (a hello with a display token): its own messages, made of display data
 * only. `tile` is a charger's new tile (null: deleted); its powerW is left out when the event said nothing of power.
 */
export const displayMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), stationId: z.number().int() }),
  z.object({
    type: z.literal('tile'),
    chargerId: z.number().int(),
    tile: displayTileSchema.extend({ powerW: z.number().nullable().optional() }).nullable(),
  }),
  z.object({ type: z.literal('session.started'), chargerId: z.number().int(), startTime: isoDate }),
  z.object({ type: z.literal('session.stopped'), chargerId: z.number().int(), energyWh: z.number() }),
  /** The site's notice was saved: the display reads its board again. */
  z.object({ type: z.literal('notice.changed') }),
]);
export type DisplayMessage = z.infer<typeof displayMessageSchema>;
