import { createHash, randomBytes } from 'node:crypto';
import { codes } from '@plugboard/contract';
import { AppError } from '../../lib/app-error.ts';
import type { Db } from '../../db/client.ts';
import { authRepository } from './auth.repository.ts';

/** Who is calling: resolved from the session token on every authenticated call. */
export type LoginSession = { id: number; userId: number; email: string; language: string };

export const sessionIdleMs = 7 * 24 * 3600 * 1000;
export const sessionAbsoluteMs = 30 * 24 * 3600 * 1000;
// last_seen_at is written at most this often, so that a busy console does not write on every call.
const touchEveryMs = 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest();

export function authService(db: Db, now: () => Date = () => new Date()) {
  const repo = authRepository(db);
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
      const row = await repo.findByHash(hashToken(token));
      if (!row || row.revoked_at) throw new AppError(codes.sessionEnded);
      const at = now();
      if (row.expires_at <= at || at.getTime() - row.last_seen_at.getTime() > sessionIdleMs)
        throw new AppError(codes.sessionExpired);
      if (at.getTime() - row.last_seen_at.getTime() > touchEveryMs) await repo.touch(row.id, at);
      return { id: row.id, userId: row.user_id, email: row.email, language: row.language };
    },

    revoke: (session: LoginSession) => repo.revoke(session.id, now()),

    revokeAllOfUser: (userId: number, exceptSessionId?: number) =>
      repo.revokeAllOfUser(userId, now(), exceptSessionId),
  };
}

export type AuthService = ReturnType<typeof authService>;
