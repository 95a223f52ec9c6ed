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
import {
  chargerAddSchema,
  chargerListQuerySchema,
  chargerListSchema,
  chargerRebootSchema,
  chargerRefSchema,
  chargerSchema,
  chargerSessionSchema,
  chargerStartSchema,
  chargerStopSchema,
  chargerUpdateSchema,
  firmwareAddSchema,
  firmwareUpdateResultSchema,
  firmwareVersionSchema,
  pinResetResultSchema,
} from './chargers.ts';
import {
  cardAddSchema,
  cardChangeGroupSchema,
  cardExportQuerySchema,
  cardExportSchema,
  cardGroupAddSchema,
  cardGroupDeleteSchema,
  cardGroupListQuerySchema,
  cardGroupListSchema,
  cardGroupSchema,
  cardGroupUpdateSchema,
  cardIdsSchema,
  cardImportResultSchema,
  cardImportSchema,
  cardListQuerySchema,
  cardListSchema,
  cardSchema,
  cardUpdateSchema,
} from './cards.ts';
import { tariffDetailSchema, tariffRefSchema, tariffSaveSchema, tariffSchema } from './tariffs.ts';
import {
  sessionDetailSchema,
  sessionListQuerySchema,
  sessionListSchema,
  sessionRefSchema,
} from './sessions.ts';

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
  '/cms-system/system/charger/v2/list': {
    body: chargerListQuerySchema,
    data: chargerListSchema,
    access: 'site',
    summary:
      "A page of the site's chargers by alias, filtered by part of product code or alias and by status",
  },
  '/cms-system/system/charger/v2/detail': {
    body: chargerRefSchema,
    data: chargerSchema,
    access: 'site',
    summary: 'One charger of the site',
  },
  '/cms-system/system/charger/v2/add': {
    body: chargerAddSchema,
    data: chargerSchema,
    access: 'site',
    summary: 'Adds a charger with its PIN; refused while load management is active (1506)',
  },
  '/cms-system/system/charger/v2/update': {
    body: chargerUpdateSchema,
    data: chargerSchema,
    access: 'site',
    summary: "Changes a charger's alias and descriptive fields",
  },
  '/cms-system/system/charger/v2/delete': {
    body: chargerRefSchema,
    data: z.null(),
    access: 'site',
    summary:
      'Deletes a charger and disconnects it; refused while load management is active (1506) or charging (1036)',
  },
  '/cms-system/system/charger/v2/start': {
    body: chargerStartSchema,
    data: chargerSessionSchema,
    access: 'site',
    summary: 'Starts charging (RemoteStartTransaction) and answers the session once the charger started it',
  },
  '/cms-system/system/charger/v2/stop': {
    body: chargerStopSchema,
    data: chargerSessionSchema,
    access: 'site',
    summary: 'Stops the ongoing session (RemoteStopTransaction) and answers it once the charger stopped it',
  },
  '/cms-system/system/charger/v2/reboot': {
    body: chargerRebootSchema,
    data: z.null(),
    access: 'site',
    summary: 'Reboots a charger (Reset); refused while it charges (1036)',
  },
  '/cms-system/system/charger/v2/firmware/update': {
    body: chargerRefSchema,
    data: firmwareUpdateResultSchema,
    access: 'site',
    summary: 'Tells the charger to install the newest firmware known for its model (UpdateFirmware)',
  },
  '/cms-system/system/charger/v2/firmware/add': {
    body: firmwareAddSchema,
    data: firmwareVersionSchema,
    access: 'account',
    summary:
      "Adds a firmware version to the account's catalogue, offered to the account's chargers of that model",
  },
  '/cms-system/system/charger/v2/pin/reset': {
    body: chargerRefSchema,
    data: pinResetResultSchema,
    access: 'site',
    summary: 'Generates a new PIN (answered once), invalidates the old one and sends it to the charger',
  },
  '/cms-system/system/card/v2/list': {
    body: cardListQuerySchema,
    data: cardListSchema,
    access: 'site',
    summary: "A page of the site's cards by card ID, active or recycled, filtered by keyword and group",
  },
  '/cms-system/system/card/v2/add': {
    body: cardAddSchema,
    data: cardSchema,
    access: 'site',
    summary: 'Adds a card; a card ID already in the site answers 11001',
  },
  '/cms-system/system/card/v2/update': {
    body: cardUpdateSchema,
    data: cardSchema,
    access: 'site',
    summary: "Changes a card's fields",
  },
  '/cms-system/system/card/v2/recycle': {
    body: cardIdsSchema,
    data: z.null(),
    access: 'site',
    summary:
      'Recycles cards: they can no longer start a charge (Blocked); their sessions keep pointing at them',
  },
  '/cms-system/system/card/v2/restore': {
    body: cardIdsSchema,
    data: z.null(),
    access: 'site',
    summary: 'Makes recycled cards active again',
  },
  '/cms-system/system/card/v2/group/change': {
    body: cardChangeGroupSchema,
    data: z.null(),
    access: 'site',
    summary: 'Moves cards to another group of the site',
  },
  '/cms-system/system/card/v2/import': {
    body: cardImportSchema,
    data: cardImportResultSchema,
    access: 'site',
    summary: 'Checks (dryRun) or imports CSV rows, all or nothing, with a per-row error report',
  },
  '/cms-system/system/card/v2/export': {
    body: cardExportQuerySchema,
    data: cardExportSchema,
    access: 'site',
    summary: 'Every card of the filter, for a CSV file',
  },
  '/cms-system/system/cardGroup/v2/list': {
    body: cardGroupListQuerySchema,
    data: cardGroupListSchema,
    access: 'site',
    summary: "The site's card groups, the default one first; the site gets its default group on first use",
  },
  '/cms-system/system/cardGroup/v2/add': {
    body: cardGroupAddSchema,
    data: cardGroupSchema,
    access: 'site',
    summary: 'Adds a card group with its tariff rate multiplier',
  },
  '/cms-system/system/cardGroup/v2/update': {
    body: cardGroupUpdateSchema,
    data: cardGroupSchema,
    access: 'site',
    summary: "Changes a group's name or multiplier, or makes it the default group",
  },
  '/cms-system/system/cardGroup/v2/delete': {
    body: cardGroupDeleteSchema,
    data: z.null(),
    access: 'site',
    summary: 'Deletes a group, moving its cards to another; the default group cannot be deleted (1039)',
  },
  '/cms-system/system/tariff/v2/detail': {
    body: tariffRefSchema,
    data: tariffDetailSchema,
    access: 'site',
    summary: "The site's tariff, or null before the first one is saved",
  },
  '/cms-system/system/tariff/v2/save': {
    body: tariffSaveSchema,
    data: tariffSchema,
    access: 'site',
    summary: 'Saves a new version of the tariff; sessions that start afterwards use it',
  },
  '/cms-system/system/session/v2/list': {
    body: sessionListQuerySchema,
    data: sessionListSchema,
    access: 'site',
    summary: "A page of the site's sessions, filtered and sorted",
  },
  '/cms-system/system/session/v2/detail': {
    body: sessionRefSchema,
    data: sessionDetailSchema,
    access: 'site',
    summary: 'One session with its cost breakdown and meter values',
  },
  '/cms-system/system/session/v2/delete': {
    body: sessionRefSchema,
    data: z.null(),
    access: 'site',
    summary: 'Deletes a session and its meter values, irreversibly; an ongoing one is refused (1036)',
  },
} satisfies Record<string, CallDefinition>;

export type CallPath = keyof typeof calls;
