import type { Db } from '../db/client.ts';
import type { CallHandlers, CallPath } from '../lib/calls.ts';
import type { Mailer } from '../lib/mailer.ts';
import { accountRepository } from './account/account.repository.ts';
import { accountRoutes } from './account/account.routes.ts';
import { accountService } from './account/account.service.ts';
import type { SessionService } from './session/session.service.ts';
import { sitesRoutes } from './sites/sites.routes.ts';
import { sitesService } from './sites/sites.service.ts';
import { verifyCodeRoutes } from './verify-code/verify-code.routes.ts';
import { verifyCodeService } from './verify-code/verify-code.service.ts';

export type ModuleDeps = {
  db: Db;
  sessions: SessionService;
  now: () => Date;
  mailer: Mailer;
  /** Code mails one client address may trigger per hour (CODE_SENDS_PER_CLIENT_PER_HOUR). */
  codeSendsPerClientPerHour?: number | undefined;
};

/** Every module's call handlers, combined; the type makes a contract call without a handler a compile error. */
export function handlers(deps: ModuleDeps): CallHandlers<CallPath> {
  const { db, sessions, now, mailer } = deps;
  const codes = verifyCodeService({
    db,
    now,
    mailer,
    findAccount: accountRepository(db).findByEmail,
    sendsPerClientPerHour: deps.codeSendsPerClientPerHour,
  });
  return {
    ...accountRoutes(accountService({ db, now, sessions, codes })),
    ...verifyCodeRoutes(codes, sessions),
    ...sitesRoutes(sitesService(deps.db)),
  };
}
