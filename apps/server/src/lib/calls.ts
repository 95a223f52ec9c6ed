import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  codes,
  calls,
  envelope,
  errorEnvelope,
  maxClockSkewMs,
  requestHeaders,
  SUCCESS,
  type CallDefinition,
} from '@plugboard/contract';
import { AppError } from './app-error.ts';
import { answerSerializer } from './answer-serializer.ts';
import type { AuthService, LoginSession } from '../modules/auth/auth.service.ts';

export type CallPath = keyof typeof calls;
type Def<P extends CallPath> = (typeof calls)[P] & CallDefinition;

export type CallContext<P extends CallPath> = {
  body: z.infer<Def<P>['body']>;
  /** Present on every call whose access is not 'none'. */
  session: Def<P>['access'] extends 'none' ? LoginSession | null : LoginSession;
  /** The owned site the call is scoped to, on calls whose access is 'site'. */
  stationId: Def<P>['access'] extends 'site' ? number : number | undefined;
  request: FastifyRequest;
  reply: FastifyReply;
};

export type CallHandler<P extends CallPath> = (ctx: CallContext<P>) => Promise<z.infer<Def<P>['data']>>;
export type CallHandlers<P extends CallPath> = { [K in P]: CallHandler<K> };

export type CallDeps = {
  auth: AuthService;
  /** Throws 1502 unless the site exists and belongs to the user. */
  assertSiteOwner: (userId: number, stationId: number) => Promise<void>;
  now: () => Date;
};

/**
 * Registers every call of the contract as POST + JSON, answering the `{status, msg, data}` envelope. Each request is
 * checked in the same order: signature and timestamp, then session, then site ownership, then the handler.
 * `handlers` must name every call of the contract, so a call cannot be declared without being served.
 */
export function registerCalls(app: FastifyInstance, deps: CallDeps, handlers: CallHandlers<CallPath>) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const failure = answerSerializer(errorEnvelope);
  for (const path of Object.keys(calls) as CallPath[]) {
    const def = calls[path] as CallDefinition;
    const handler = handlers[path] as unknown as (ctx: CallContext<CallPath>) => Promise<unknown>;
    const success = answerSerializer(envelope(def.data));
    // The answers written from the contract's schemas by fast-json-stringify (lib/answer-serializer.ts): a
    // catalogued outcome is an error envelope, also with HTTP 200.
    const answer = (body: { status?: unknown }) => (body.status === SUCCESS ? success(body) : failure(body));
    typed.route({
      method: 'POST',
      url: path,
      schema: {
        summary: def.summary,
        body: def.body,
        // Catalogued outcomes (1502, 4122, ...) are answered with HTTP 200 too, so 200 also admits the error shape.
        response: { 200: z.union([envelope(def.data), errorEnvelope]), '4xx': errorEnvelope },
        tags: [String(path).split('/')[3] ?? 'calls'],
      },
      serializerCompiler: ({ httpStatus }) => (httpStatus === '200' ? answer : failure),
      handler: async (request, reply) => {
        const { session, stationId } = await checkCaller(request, def.access, deps);
        const body = request.body as Record<string, unknown>;
        const data = await handler({
          body,
          session,
          stationId,
          request,
          reply,
        } as unknown as CallContext<CallPath>);
        return { status: SUCCESS, msg: 'success', data: data ?? null };
      },
    });
  }
}

/**
 * The checks every call makes before its handler, in order: signature and timestamp, then session, then (for
 * 'site' calls) ownership of the body's stationId. Exported for the routes outside the JSON call table (the
 * sessions export), so that they check exactly alike.
 */
export async function checkCaller(request: FastifyRequest, access: CallDefinition['access'], deps: CallDeps) {
  checkSignature(request, deps.now());
  const session = await resolveSession(request, access, deps);
  const body = request.body as { stationId?: unknown } | undefined;
  const stationId = typeof body?.stationId === 'number' ? body.stationId : undefined;
  if (access === 'site') {
    if (stationId === undefined || !session) throw new AppError(codes.siteNotFound);
    await deps.assertSiteOwner(session.userId, stationId);
  }
  return { session, stationId };
}

async function resolveSession(request: FastifyRequest, access: CallDefinition['access'], deps: CallDeps) {
  const token = headerValue(request, requestHeaders.token);
  if (access === 'none') {
    if (!token) return null;
    return deps.auth.resolve(token).catch(() => null);
  }
  return deps.auth.resolve(token);
}

/** HMAC-SHA256(token, path + timestamp), timestamp within 5 minutes of the server clock (spec section 7). */
function checkSignature(request: FastifyRequest, now: Date) {
  const timestamp = headerValue(request, requestHeaders.timestamp);
  const signature = headerValue(request, requestHeaders.authorization);
  const token = headerValue(request, requestHeaders.token);
  const sentAt = Number(timestamp);
  if (!timestamp || !Number.isFinite(sentAt) || Math.abs(now.getTime() - sentAt) > maxClockSkewMs) {
    throw new AppError(codes.requestExpired, 'The request timestamp is missing or more than 5 minutes off');
  }
  const path = request.url.split('?')[0] ?? '';
  // The contract's signRequest (a small JS SHA-256, for browsers without WebCrypto), computed by node:crypto: the
  // same text (the contract's tests compare the two), at a fraction of the CPU (bench/api).
  const expected = Buffer.from(
    `HMAC-SHA256 ${createHmac('sha256', token)
      .update(path + timestamp)
      .digest('hex')}`,
  );
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError(codes.requestExpired, 'The request signature is missing or wrong');
  }
}

/** The session token header of a request ('' without one). */
export const sessionToken = (request: FastifyRequest) => headerValue(request, requestHeaders.token);

function headerValue(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}
