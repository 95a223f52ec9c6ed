import { z } from 'zod';
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
import { checkCodeBody, sendCodeBody } from './verify-code.ts';
import {
  siteAddSchema,
  siteListQuerySchema,
  siteListSchema,
  siteRefSchema,
  siteSchema,
  siteUpdateSchema,
} from './sites.ts';

/**
 * Every console call, keyed by path. Each entry's `body` validates on the server and types the client; `data` is the
 * `data` of the answer envelope; `site` says whether the call carries and is scoped to a `stationId`
 * (spec section 7 marks the calls that are not).
 */
export type CallDefinition = {
  body: z.ZodType;
  data: z.ZodType;
  /** 'none': public (no session); 'account': needs a session; 'site': needs a session and an owned stationId. */
  access: 'none' | 'account' | 'site';
  summary: string;
};

export const cmsPrefix = '/cms-system/system';

export const calls = {
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
  '/cms-system/system/verify/code/send': {
    body: sendCodeBody,
    data: z.null(),
    access: 'none',
    summary: 'E-mails a 4-character code; purpose "changeEmail" also needs the session token',
  },
  '/cms-system/system/verify/code/check': {
    body: checkCodeBody,
    data: z.null(),
    access: 'none',
    summary: 'Tells whether a code is right, without using it up',
  },
  '/cms-system/system/station/v2/add': {
    body: siteAddSchema,
    data: siteSchema,
    access: 'account',
    summary: 'Adds a site to the account; its currency is fixed from then on',
  },
  '/cms-system/system/station/v2/update': {
    body: siteUpdateSchema,
    data: siteSchema,
    access: 'site',
    summary: 'Changes the fields given; a different currency is refused (4129)',
  },
  '/cms-system/system/station/v2/detail': {
    body: siteRefSchema,
    data: siteSchema,
    access: 'site',
    summary: 'One site of the account',
  },
  '/cms-system/system/station/v2/list': {
    body: siteListQuerySchema,
    data: siteListSchema,
    access: 'account',
    summary: "A page of the account's sites, by name, optionally filtered by part of the name",
  },
  '/cms-system/system/station/v2/delete': {
    body: siteRefSchema,
    data: z.null(),
    access: 'site',
    summary: 'Deletes a site of the account',
  },
} satisfies Record<string, CallDefinition>;

export type CallPath = keyof typeof calls;
