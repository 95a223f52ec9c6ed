import { z } from 'zod';
import type { CallDefinition } from './call-definition.ts';
import {
  authResult,
  changePasswordBody,
  deleteAccountBody,
  emptyBody,
  loginBody,
  registerBody,
  resetPasswordBody,
  updateUserBody,
  userDetailBody,
  userInfo,
} from './account.ts';

/** The account calls (/user/v2): register, login, the session, the profile and the password. */
export const accountCalls = {
  '/cms-system/system/user/v2/register': {
    body: registerBody,
    data: authResult,
    access: 'none',
    summary: 'Creates an account with a verification code sent for "register"; answers a session token',
  },
  '/cms-system/system/user/v2/login': {
    body: loginBody,
    data: authResult,
    access: 'none',
    summary: 'Logs in with e-mail and password; answers a new session token',
  },
  '/cms-system/system/user/v2/logOut': {
    body: emptyBody,
    data: z.null(),
    access: 'account',
    summary: 'Ends the session of the token sent',
  },
  '/cms-system/system/user/v2/detail': {
    body: userDetailBody,
    data: userInfo,
    access: 'account',
    summary: 'The account of the session',
  },
  '/cms-system/system/user/v2/update': {
    body: updateUserBody,
    data: userInfo,
    access: 'account',
    summary: 'Changes account fields, the picture, or (with a code sent to it) the e-mail',
  },
  '/cms-system/system/user/v2/pwd/update': {
    body: changePasswordBody,
    data: z.null(),
    access: 'account',
    summary: 'Changes the password; every other session of the account ends',
  },
  '/cms-system/system/user/v2/pwd/reset': {
    body: resetPasswordBody,
    data: z.null(),
    access: 'none',
    summary: 'Sets a new password with a code sent for "forgot"; every session of the account ends',
  },
  '/cms-system/system/user/v2/delete': {
    body: deleteAccountBody,
    data: z.null(),
    access: 'account',
    summary: 'Deletes the account and everything that belongs to it, irreversibly',
  },
} as const satisfies Record<string, CallDefinition>;
