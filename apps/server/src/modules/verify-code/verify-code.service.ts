import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  codes,
  defaultLanguage,
  isLanguage,
  verificationCodeLength,
  verificationCodeTtlMinutes,
  verificationResendSeconds,
  type CodePurpose,
  type Language,
} from '@plugboard/contract';
import type { Db, Trx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { verifyCodeRepository } from './verify-code.repository.ts';
import { codeMail } from './code-mail.ts';

const minute = 60 * 1000;
const ttlMs = verificationCodeTtlMinutes * minute;
const resendGapMs = verificationResendSeconds * 1000;
const sendsPerEmailPerHour = 5;
/** How many of an address's latest codes a check looks at (the newest is the only one usable). */
const supersededLookBack = 50;
// Bounds how many addresses one client can have mailed (the send call needs no account).
const defaultSendsPerClientPerHour = 30;
const wrongTriesBeforeLock = 5;
const lockMs = 10 * minute;
// Older codes no longer count for any limit.
const keepMs = 24 * 60 * minute;
// Digits and upper-case letters without 0/O and 1/I/L, which readers confuse: 31^4, about 920,000 codes.
const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export type AccountLookup = (email: string) => Promise<{ id: number; language: string } | undefined>;
type Deps = {
  db: Db;
  now: () => Date;
  mailer: Pick<Mailer, 'send'>;
  findAccount: AccountLookup;
  sendsPerClientPerHour?: number | undefined;
};

export type SendCodeInput = {
  email: string;
  purpose: CodePurpose;
  language?: Language | undefined;
  clientIp: string;
  /** Who asks: required for 'changeEmail', whose code only this account may use. */
  session: { userId: number; language: string } | null;
};

export type CodeInput = { email: string; purpose: CodePurpose; code: string; userId?: number | undefined };

/**
 * E-mailed verification codes: 4 characters, only an HMAC stored, valid 10 minutes, single use, only the newest
 * of an (e-mail, purpose) valid. Limits: one send a minute and 5 an hour per e-mail (4105); five wrong codes
 * within 10 minutes lock that e-mail and purpose for 10 minutes (4107).
 */
export function verifyCodeService({
  db,
  now,
  mailer,
  findAccount,
  sendsPerClientPerHour = defaultSendsPerClientPerHour,
}: Deps) {
  const repo = verifyCodeRepository(db);
  let key: Promise<Buffer> | undefined;
  const hmacKey = () =>
    (key ??= repo.secret('verification-code-hmac', randomBytes(32)).catch((error: unknown) => {
      key = undefined;
      throw error;
    }));
  const hashCode = async (email: string, purpose: CodePurpose, code: string) =>
    createHmac('sha256', await hmacKey())
      .update(`${purpose}\n${email}\n${code}`)
      .digest();

  async function assertNotLocked(email: string, purpose: CodePurpose, at: Date) {
    const failures = await repo.failures(email, purpose);
    if (failures?.locked_until && failures.locked_until > at) throw new AppError(codes.tooManyWrongCodes);
    return failures;
  }

  async function wrongCode(email: string, purpose: CodePurpose, at: Date): Promise<never> {
    const tries = await repo.addFailure(email, purpose, at, new Date(at.getTime() - lockMs));
    if (tries >= wrongTriesBeforeLock) {
      await repo.lock(email, purpose, new Date(at.getTime() + lockMs));
      throw new AppError(codes.tooManyWrongCodes);
    }
    throw new AppError(codes.invalidCode);
  }

  /** The id of the newest code of that e-mail and purpose if `code` is it and still usable; else a catalogued error. */
  async function check({ email, purpose, code, userId }: CodeInput): Promise<number> {
    const address = email.toLowerCase();
    const at = now();
    const failures = await assertNotLocked(address, purpose, at);
    const hash = await hashCode(address, purpose, code);
    // Far enough back that a superseded code is recognised as one (4106, it proves the mailbox), not as a guess
    // (4113): codes older than the last hour's sends are superseded too.
    const newest = await repo.newest(address, purpose, supersededLookBack);
    const index = newest.findIndex((row) => timingSafeEqual(row.code_hash, hash));
    const row = newest[index];
    if (!row || (purpose === 'changeEmail' && row.user_id !== userId)) return wrongCode(address, purpose, at);
    // A right but older code, or an expired one, proves the mailbox: it is no guess, so it does not count.
    if (index > 0) throw new AppError(codes.codeOutdated);
    if (row.expires_at <= at)
      throw new AppError(codes.codeOutdated, 'This code has expired: ask for a new one');
    if (row.used_at)
      throw new AppError(codes.invalidCode, 'This code has already been used: ask for a new one');
    if (failures) await repo.clearFailures(address, purpose);
    return row.id;
  }

  return {
    async send({ email, purpose, language, clientIp, session }: SendCodeInput): Promise<void> {
      const address = email.toLowerCase();
      let mailLanguage = language;
      let userId: number | null = null;
      switch (purpose) {
        case 'register':
          if (await findAccount(email)) throw new AppError(codes.accountExists);
          break;
        case 'forgot': {
          const account = await findAccount(email);
          if (!account) throw new AppError(codes.emailNotFound);
          mailLanguage ??= isLanguage(account.language) ? account.language : undefined;
          break;
        }
        case 'changeEmail':
          if (!session) throw new AppError(codes.sessionEnded);
          if (await findAccount(email)) throw new AppError(codes.accountExists);
          userId = session.userId;
          mailLanguage ??= isLanguage(session.language) ? session.language : undefined;
          break;
      }
      const at = now();
      await assertNotLocked(address, purpose, at);
      const code = Array.from(
        { length: verificationCodeLength },
        () => alphabet[randomInt(alphabet.length)],
      ).join('');
      const codeHash = await hashCode(address, purpose, code);

      const { id } = await db.transaction().execute(async (trx) => {
        const txRepo = verifyCodeRepository(trx);
        await txRepo.lockEmail(address);
        const hourAgo = new Date(at.getTime() - 60 * minute);
        const sent = await txRepo.sendTimesSince(address, hourAgo);
        if (sent.some((time) => at.getTime() - time.getTime() < resendGapMs)) {
          throw new AppError(codes.codeLimitReached, 'Wait a minute before asking for another code');
        }
        if (sent.length >= sendsPerEmailPerHour) throw new AppError(codes.codeLimitReached);
        if ((await txRepo.countFromIpSince(clientIp, hourAgo)) >= sendsPerClientPerHour)
          throw new AppError(codes.codeLimitReached);
        const expiresAt = new Date(at.getTime() + ttlMs);
        return txRepo.insert({
          email: address,
          purpose,
          codeHash,
          userId,
          clientIp,
          createdAt: at,
          expiresAt,
        });
      });

      try {
        await mailer.send({
          to: email,
          ...codeMail(mailLanguage ?? defaultLanguage, purpose, code),
          secret: code,
        });
      } catch (error) {
        // A code that never arrived must neither count against the limits nor replace the previous one.
        await repo.remove(id);
        throw error;
      }
      await repo.pruneBefore(new Date(at.getTime() - keepMs));
    },

    check,

    /**
     * Uses the code up and runs `work` in the same transaction: if `work` fails, the code stays usable. Wrong
     * codes are counted outside that transaction, so a failure cannot roll its own count back.
     */
    async redeem<T>(input: CodeInput, work: (trx: Trx) => Promise<T>): Promise<T> {
      const id = await check(input);
      return db.transaction().execute(async (trx) => {
        if (!(await verifyCodeRepository(trx).markUsed(id, now()))) {
          throw new AppError(codes.invalidCode, 'This code has already been used: ask for a new one');
        }
        return work(trx);
      });
    },
  };
}

export type VerifyCodeService = ReturnType<typeof verifyCodeService>;
