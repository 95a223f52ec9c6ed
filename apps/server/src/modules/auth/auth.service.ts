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

// A session read from the database is reused for this long (real time), per database: a console's calls each
// asked for it again, one round trip in three or four of every call (bench/api). The checks of expiry and idleness
// still run on every call; a revocation or an account change through this process forgets it at once; one through
// another node is seen within this time.
const rememberMs = 2000;
type SessionRow = NonNullable<Awaited<ReturnType<ReturnType<typeof authRepository>['findByHash']>>>;
const remembered = new WeakMap<Db, Map<string, { row: SessionRow; readAt: number }>>();

export function authService(db: Db, now: () => Date = () => new Date()) {
  const repo = authRepository(db);
  let recent = remembered.get(db);
  if (!recent) remembered.set(db, (recent = new Map<string, { row: SessionRow; readAt: number }>()));
  const sessions = recent;
  const forget = (match: (row: SessionRow) => boolean) => {
    for (const [key, { row }] of sessions) if (match(row)) sessions.delete(key);
  };
  const find = async (tokenHash: Buffer): Promise<SessionRow | undefined> => {
    const key = tokenHash.toString('base64');
    const hit = sessions.get(key);
    const t = performance.now();
    if (hit && t - hit.readAt < rememberMs) return hit.row;
    const row = await repo.findByHash(tokenHash);
    if (sessions.size > 10_000) forget(() => true);
    if (row) sessions.set(key, { row, readAt: t });
    else sessions.delete(key);
    return row;
  };

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

    revoke: async (session: LoginSession) => {
      forget((row) => row.id === session.id);
      await repo.revoke(session.id, now());
      forget((row) => row.id === session.id);
    },

    revokeAllOfUser: async (userId: number, exceptSessionId?: number) => {
      const ofUser = (row: SessionRow) => row.user_id === userId && row.id !== exceptSessionId;
      forget(ofUser);
      await repo.revokeAllOfUser(userId, now(), exceptSessionId);
      forget(ofUser);
    },

    /** Forgets what was read of a user's sessions (its e-mail, language): they are read again at the next call. */
    forgetUser: (userId: number) => forget((row) => row.user_id === userId),
  };
}

export type AuthService = ReturnType<typeof authService>;
