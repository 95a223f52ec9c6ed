import type { Updateable } from 'kysely';
import {
  codes,
  defaultLanguage,
  isLanguage,
  type AuthResult,
  type ChangePasswordBody,
  type DeleteAccountBody,
  type LoginBody,
  type RegisterBody,
  type ResetPasswordBody,
  type UpdateUserBody,
  type UserInfo,
} from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { AuthService, LoginSession } from '../auth/auth.service.ts';
import { revokeWith } from '../events/revocations.ts';
import type { VerifyCodeService } from '../verify-code/verify-code.service.ts';
import { accountRepository, type UserRow } from './account.repository.ts';
import { avatarDataUrl, prepareAvatar } from './avatar.ts';

// Failed logins (and wrong current passwords) over a sliding window. Refused (4129, with how long to wait: no
// catalogued code says "too many attempts") only per (e-mail, client): someone guessing from elsewhere cannot keep
// the owner out. Past its threshold per e-mail (guessing spread over addresses) or per client (one address trying
// many e-mails), every attempt is slowed, the right password too, but never refused (docs/security.md).
const loginWindowMs = 15 * 60 * 1000;
const failuresPerEmailAndClient = 10;
const slowAfterPerEmail = 10;
const slowAfterPerClient = 50;
const slowStepMs = 1000;
const slowMaxMs = 5000;

type Deps = {
  db: Db;
  now: () => Date;
  auth: Pick<AuthService, 'create' | 'revoke' | 'revokeAllOfUser'>;
  verifyCodes: Pick<VerifyCodeService, 'redeem'>;
  /** Waits before a login is answered while its e-mail or client is being guessed at; real time by default. */
  sleep?: (ms: number) => Promise<void>;
};

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function toUserInfo(row: UserRow): UserInfo {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    companyName: row.company_name,
    companyAddress: row.company_address,
    vatNumber: row.vat_number,
    language: isLanguage(row.language) ? row.language : defaultLanguage,
    avatar: avatarDataUrl(row.avatar, row.avatar_type),
  };
}

export function accountService({ db, now, auth, verifyCodes, sleep = realSleep }: Deps) {
  const repo = accountRepository(db);

  async function assertLoginAllowed(email: string, clientIp: string, at: Date) {
    const failures = await repo.loginFailuresSince(email, clientIp, new Date(at.getTime() - loginWindowMs));
    const oldest = failures.byPair >= failuresPerEmailAndClient ? failures.oldestByPair : null;
    if (!oldest) {
      // Slowed whatever the outcome, before the check: a quick right answer would tell a guesser to stop waiting.
      const over = Math.max(failures.byEmail - slowAfterPerEmail, failures.byClient - slowAfterPerClient);
      if (over >= 0) await sleep(Math.min(slowMaxMs, slowStepMs * (1 + Math.floor(over / 10))));
      return;
    }
    const minutes = Math.max(1, Math.ceil((oldest.getTime() + loginWindowMs - at.getTime()) / 60_000));
    throw new AppError(
      codes.invalidInput,
      `Too many attempts, try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
    );
  }

  /** Checks a password, counting a wrong one as a failed login of that e-mail and client. */
  async function checkPassword(user: UserRow | undefined, email: string, password: string, clientIp: string) {
    const at = now();
    await assertLoginAllowed(email.toLowerCase(), clientIp, at);
    if (user && (await verifyPassword(user.password_hash, password))) return true;
    if (!user) await verifyPassword(undefined, password);
    await repo.addLoginFailure(email.toLowerCase(), clientIp, at, new Date(at.getTime() - loginWindowMs));
    return false;
  }

  async function updateAccount(session: LoginSession, body: UpdateUserBody): Promise<UserInfo> {
    const user = await currentUser(session);
    const patch: Updateable<Database['users']> = { updated_at: now() };
    if (body.name !== undefined) patch.name = body.name;
    if (body.companyName !== undefined) patch.company_name = body.companyName;
    if (body.companyAddress !== undefined) patch.company_address = body.companyAddress;
    if (body.vatNumber !== undefined) patch.vat_number = body.vatNumber;
    if (body.language !== undefined) patch.language = body.language;
    if (body.avatar === null) Object.assign(patch, { avatar: null, avatar_type: null });
    if (typeof body.avatar === 'string') {
      const image = await prepareAvatar(body.avatar);
      Object.assign(patch, { avatar: image.bytes, avatar_type: image.type });
    }

    // What a session carries (e-mail, language) is read again on every node: announced in the change's own
    // transaction, so that a change that rolls back announces nothing.
    const announced = { kind: 'user', userId: user.id } as const;
    const newEmail = body.newEmail?.toLowerCase() === user.email.toLowerCase() ? undefined : body.newEmail;
    if (newEmail === undefined)
      return toUserInfo(
        (await revokeWith(db, announced, (trx) => accountRepository(trx).update(user.id, patch))) ?? user,
      );
    if (await repo.findByEmail(newEmail)) throw new AppError(codes.accountExists);
    const emailCode = body.emailCode;
    if (!emailCode) throw new AppError(codes.invalidCode, 'Enter the code sent to the new e-mail address');
    const updated = await revokeWith(
      db,
      announced,
      async (trx) => {
        const row = await accountRepository(trx).update(user.id, { ...patch, email: newEmail });
        if (!row) throw new AppError(codes.accountExists);
        return row;
      },
      // The code is spent in the same transaction.
      (work) =>
        verifyCodes.redeem(
          { email: newEmail, purpose: 'changeEmail', code: emailCode, userId: user.id },
          work,
        ),
    );
    return toUserInfo(updated);
  }

  async function currentUser(session: LoginSession): Promise<UserRow> {
    const user = await repo.findById(session.userId);
    if (!user) throw new AppError(codes.sessionEnded);
    return user;
  }

  return {
    async register(body: RegisterBody): Promise<AuthResult> {
      if (body.password !== body.confirmPassword) throw new AppError(codes.passwordMismatch);
      if (await repo.findByEmail(body.email)) throw new AppError(codes.accountExists);
      const passwordHash = await hashPassword(body.password);
      const user = await verifyCodes.redeem(
        { email: body.email, purpose: 'register', code: body.code },
        async (trx) => {
          const row = await accountRepository(trx).insert({
            email: body.email,
            password_hash: passwordHash,
            name: body.name ?? '',
            company_name: body.companyName,
            company_address: body.companyAddress,
            vat_number: body.vatNumber ?? '',
            language: body.language ?? defaultLanguage,
          });
          if (!row) throw new AppError(codes.accountExists);
          return row;
        },
      );
      return { token: await auth.create(user.id), user: toUserInfo(user) };
    },

    /** Unknown e-mail and wrong password answer the same code after the same work (an argon2 verification). */
    async login(body: LoginBody, clientIp: string): Promise<AuthResult> {
      const user = await repo.findByEmail(body.email);
      if (!(await checkPassword(user, body.email, body.password, clientIp)) || !user)
        throw new AppError(codes.wrongEmailOrPassword);
      await repo.clearLoginFailures(body.email.toLowerCase(), clientIp);
      return { token: await auth.create(user.id), user: toUserInfo(user) };
    },

    logOut: (session: LoginSession) => auth.revoke(session),

    detail: async (session: LoginSession) => toUserInfo(await currentUser(session)),

    /** What a session carries (e-mail, language) is read again at the next call, on every node. */
    update: (session: LoginSession, body: UpdateUserBody): Promise<UserInfo> => updateAccount(session, body),

    /** A wrong current password is 4129 ("Please enter correct information"): 4122 speaks of an unknown e-mail. */
    async changePassword(session: LoginSession, body: ChangePasswordBody, clientIp: string): Promise<void> {
      if (body.newPassword !== body.confirmPassword) throw new AppError(codes.passwordMismatch);
      const user = await currentUser(session);
      if (!(await checkPassword(user, user.email, body.oldPassword, clientIp))) {
        throw new AppError(codes.invalidInput, 'The current password is wrong');
      }
      const passwordHash = await hashPassword(body.newPassword);
      await auth.revokeAllOfUser(user.id, {
        exceptSessionId: session.id,
        change: (trx) =>
          accountRepository(trx).update(user.id, { password_hash: passwordHash, updated_at: now() }),
      });
    },

    async resetPassword(body: ResetPasswordBody): Promise<void> {
      if (body.password !== body.confirmPassword) throw new AppError(codes.passwordMismatch);
      const user = await repo.findByEmail(body.email);
      if (!user) throw new AppError(codes.emailNotFound);
      const passwordHash = await hashPassword(body.password);
      await auth.revokeAllOfUser(user.id, {
        change: (trx) =>
          accountRepository(trx).update(user.id, { password_hash: passwordHash, updated_at: now() }),
        transaction: (work) =>
          verifyCodes.redeem({ email: body.email, purpose: 'forgot', code: body.code }, work),
      });
      await repo.clearLoginFailures(body.email.toLowerCase());
    },

    /** Irreversible. A password, when the console sends one, must be the current one. */
    async remove(session: LoginSession, body: DeleteAccountBody, clientIp: string): Promise<void> {
      const user = await currentUser(session);
      if (body.password !== undefined && !(await checkPassword(user, user.email, body.password, clientIp))) {
        throw new AppError(codes.invalidInput, 'The password is wrong');
      }
      // Its sessions and sites go with it (ON DELETE CASCADE): every node forgets them when this commits.
      await revokeWith(db, { kind: 'user', userId: user.id }, (trx) =>
        accountRepository(trx).remove(user.id, user.email),
      );
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;
