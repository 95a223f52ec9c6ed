import { createHash, randomBytes } from 'node:crypto';
import { codes } from '@plugboard/contract';
import { AppError } from '../../lib/app-error.ts';
import type { Db, Trx } from '../../db/client.ts';
import { revocableCache, revokeWith } from '../events/revocations.ts';
import { authRepository } from './auth.repository.ts';

/** Who is calling: resolved from the session token on every authenticated call. */
export type LoginSession = { id: number; userId: number; email: string; language: string };

export const sessionIdleMs = 7 * 24 * 3600 * 1000;
export const sessionAbsoluteMs = 30 * 24 * 3600 * 1000;
// last_seen_at is written at most this often, so that a busy console does not write on every call.
const touchEveryMs = 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest();

// A session read from the database is reused for up to this long (real time), per database: a console's calls
// each asked for it again, one round trip in three or four of every call (bench/api). The checks of expiry and
// idleness still run on every call. A logout, a password change or an account change or deletion, on any node,
// is announced when it commits and every node drops the session then; a node whose events listener is down reads
// it on every call (modules/events/revocations.ts).
const rememberMs = 2000;
type SessionRow = NonNullable<Awaited<ReturnType<ReturnType<typeof authRepository>['findByHash']>>>;
const caches = new WeakMap<Db, ReturnType<typeof sessionCache>>();
const sessionCache = (db: Db) =>
  revocableCache<SessionRow>(db, {
    maxAgeMs: rememberMs,
    revokedBy: (revocation, row) =>
      (revocation.kind === 'sessions' && revocation.sessionIds.includes(row.id)) ||
      (revocation.kind === 'user' && revocation.userId === row.user_id),
  });

export function authService(db: Db, now: () => Date = () => new Date()) {
  const repo = authRepository(db);
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = sessionCache(db)));
  const sessions = cache;
  const find = (tokenHash: Buffer): Promise<SessionRow | undefined> =>
    sessions.get(tokenHash.toString('base64'), () => repo.findByHash(tokenHash));

  return {
    /** A new token of 256 random bits; only its hash is stored. */
    async create(userId: number): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const at = now();
      await repo.insert({
        userId,
        tokenHash: hashToken(token),
        createdAt: at,
        expiresAt: new Date(at.getTime() + sessionAbsoluteMs),
      });
      return token;
    },

    /** The session behind a token, or a catalogued error: 5003 revoked or unknown, 5008 expired. */
    async resolve(token: string): Promise<LoginSession> {
      if (!token) throw new AppError(codes.sessionEnded);
      const row = await find(hashToken(token));
      if (!row || row.revoked_at) throw new AppError(codes.sessionEnded);
      const at = now();
      if (row.expires_at <= at || at.getTime() - row.last_seen_at.getTime() > sessionIdleMs)
        throw new AppError(codes.sessionExpired);
      if (at.getTime() - row.last_seen_at.getTime() > touchEveryMs) {
        await repo.touch(row.id, at);
        row.last_seen_at = at;
      }
      return { id: row.id, userId: row.user_id, email: row.email, language: row.language };
    },

    /** Ends a session on every node: it is refused everywhere once this returns. */
    revoke: (session: LoginSession) =>
      revokeWith(db, { kind: 'sessions', sessionIds: [session.id] }, (trx) =>
        authRepository(trx).revoke(session.id, now()),
      ).then(() => {}),

    /**
     * Ends a user's sessions but one (or all) on every node, in the transaction of the change that calls for it
     * (`change`, a new password: both or neither). `transaction`: one another service opens (a code redeemed).
     */
    revokeAllOfUser: (
      userId: number,
      {
        exceptSessionId,
        change,
        transaction,
      }: {
        exceptSessionId?: number;
        change?: (trx: Trx) => Promise<unknown>;
        transaction?: (work: (trx: Trx) => Promise<void>) => Promise<void>;
      } = {},
    ): Promise<void> =>
      revokeWith(
        db,
        { kind: 'user', userId },
        async (trx) => {
          await change?.(trx);
          await authRepository(trx).revokeAllOfUser(userId, now(), exceptSessionId);
        },
        transaction,
      ),
  };
}

export type AuthService = ReturnType<typeof authService>;
