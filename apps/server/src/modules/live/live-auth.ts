import { timingSafeEqual } from 'node:crypto';
import {
  codes,
  displayTokenPrefix,
  liveCloseCodes,
  liveHelloSchema,
  livePath,
  maxClockSkewMs,
  signRequest,
} from '@plugboard/contract';
import { AppError } from '../../lib/app-error.ts';
import type { LoginSession } from '../auth/auth.service.ts';

export type LiveAuthDeps = {
  resolveSession: (token: string) => Promise<LoginSession>;
  /**
   * The site a display link's token opens (modules/display), 5003 when revoked or unknown. A hello whose token has
   * the display prefix is checked here only, and the socket then carries display messages only.
   */
  resolveDisplay?: (token: string) => Promise<{ linkId?: number; stationId: number }>;
  /** Throws 1502 unless the site exists and belongs to the user. */
  assertSiteOwner: (userId: number, stationId: number) => Promise<void>;
  now: () => Date;
};

/** Why a live socket is closed: a close code of `liveCloseCodes` and the reason sent with it. */
export class LiveRefusal extends Error {
  readonly code: number;
  constructor(code: number, reason: string) {
    super(reason);
    this.code = code;
  }
}

/**
 * Checks the hello of a live socket the way a call is checked: signature over the live path and timestamp, then
 * the session, then the site. Returns the token (the socket re-checks it), the session and the site.
 */
export async function authenticateHello(raw: string, deps: LiveAuthDeps) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new LiveRefusal(liveCloseCodes.badHello, 'The first message must be the JSON hello');
  }
  const hello = liveHelloSchema.safeParse(parsed);
  if (!hello.success) throw new LiveRefusal(liveCloseCodes.badHello, 'The first message must be the hello');
  const { token, signature, stationId } = hello.data;
  const timestamp = String(hello.data.timestamp);
  const sentAt = Number(timestamp);
  const expected = Buffer.from(signRequest(livePath, timestamp, token));
  const given = Buffer.from(signature);
  const signed = given.length === expected.length && timingSafeEqual(given, expected);
  if (!signed || !Number.isFinite(sentAt) || Math.abs(deps.now().getTime() - sentAt) > maxClockSkewMs) {
    throw new LiveRefusal(liveCloseCodes.unauthorized, String(codes.requestExpired));
  }
  if (isDisplayToken(token, deps)) {
    const { linkId } = await checkDisplay(token, stationId, deps);
    return { token, session: null, stationId, display: true, linkId };
  }
  const session = await deps.resolveSession(token).catch(refusal);
  await deps.assertSiteOwner(session.userId, stationId).catch(refusal);
  return { token, session, stationId, display: false, linkId: undefined };
}

/** Whether the session and site of an open socket still hold; throws the refusal to close it with. */
export async function recheck(token: string, stationId: number, deps: LiveAuthDeps): Promise<void> {
  if (isDisplayToken(token, deps)) {
    await checkDisplay(token, stationId, deps);
    return;
  }
  const session = await deps.resolveSession(token).catch(refusal);
  await deps.assertSiteOwner(session.userId, stationId).catch(refusal);
}

const isDisplayToken = (token: string, deps: LiveAuthDeps) =>
  deps.resolveDisplay !== undefined && token.startsWith(displayTokenPrefix);

/** A display link opens its own site only: the hello naming another is refused like a site not the account's. */
async function checkDisplay(token: string, stationId: number, deps: LiveAuthDeps) {
  const link = await deps.resolveDisplay!(token).catch(refusal);
  if (link.stationId !== stationId) {
    throw new LiveRefusal(liveCloseCodes.siteNotFound, String(codes.siteNotFound));
  }
  return link;
}

function refusal(error: unknown): never {
  if (error instanceof AppError && error.code === codes.siteNotFound) {
    throw new LiveRefusal(liveCloseCodes.siteNotFound, String(codes.siteNotFound));
  }
  if (error instanceof AppError) throw new LiveRefusal(liveCloseCodes.unauthorized, String(error.code));
  throw error;
}
