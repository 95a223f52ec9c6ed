import type { CallHandlers, CallPath } from '../../lib/calls.ts';
import type { AccountService } from './account.service.ts';

type AccountPath = Extract<CallPath, `/cms-system/system/user/v2/${string}`>;

export function accountRoutes(accounts: AccountService): CallHandlers<AccountPath> {
  return {
    '/cms-system/system/user/v2/register': ({ body }) => accounts.register(body),
    '/cms-system/system/user/v2/login': ({ body, request }) => accounts.login(body, request.ip),
    '/cms-system/system/user/v2/logOut': async ({ session }) => {
      await accounts.logOut(session);
      return null;
    },
    '/cms-system/system/user/v2/detail': ({ session }) => accounts.detail(session),
    '/cms-system/system/user/v2/update': ({ session, body }) => accounts.update(session, body),
    '/cms-system/system/user/v2/pwd/update': async ({ session, body, request }) => {
      await accounts.changePassword(session, body, request.ip);
      return null;
    },
    '/cms-system/system/user/v2/pwd/reset': async ({ body }) => {
      await accounts.resetPassword(body);
      return null;
    },
    '/cms-system/system/user/v2/delete': async ({ session, body, request }) => {
      await accounts.remove(session, body, request.ip);
      return null;
    },
  };
}
