import { z } from 'zod';
import type { CallDefinition } from './call-definition.ts';
import {
  chargerAddSchema,
  chargerFirmwareUpdateSchema,
  chargerListQuerySchema,
  chargerListSchema,
  chargerRebootSchema,
  chargerRefSchema,
  chargerSchema,
  chargerSessionSchema,
  chargerStartSchema,
  chargerStopSchema,
  chargerSessionCloseSchema,
  chargerUpdateSchema,
  firmwareAddSchema,
  firmwareCatalogueSchema,
  firmwareListSchema,
  firmwareUpdateResultSchema,
  firmwareVersionSchema,
  pinResetResultSchema,
} from './chargers.ts';

/** The charger calls (/charger/v2): the site's chargers, remote start and stop, reboot, firmware and PIN. */
export const chargerCalls = {
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
  '/cms-system/system/charger/v2/session/close': {
    body: chargerSessionCloseSchema,
    data: chargerSessionSchema,
    access: 'site',
    summary:
      'Closes a session stuck ongoing on an offline charger, at its last meter reading and priced from it, with a reason',
  },
  '/cms-system/system/charger/v2/reboot': {
    body: chargerRebootSchema,
    data: z.null(),
    access: 'site',
    summary: 'Reboots a charger (Reset); refused while it charges (1036)',
  },
  '/cms-system/system/charger/v2/firmware/update': {
    body: chargerFirmwareUpdateSchema,
    data: firmwareUpdateResultSchema,
    access: 'site',
    summary:
      'Tells the charger to install the confirmed firmware version, else the newest known for its model (UpdateFirmware); also offered to a charger that never reported its version',
  },
  '/cms-system/system/charger/v2/firmware/add': {
    body: firmwareAddSchema,
    data: firmwareVersionSchema,
    access: 'account',
    summary:
      "Adds a firmware version to the account's catalogue, offered to the account's chargers of that model",
  },
  '/cms-system/system/charger/v2/firmware/list': {
    body: firmwareListSchema,
    data: firmwareCatalogueSchema,
    access: 'account',
    summary:
      "The firmware catalogue offered to the account's chargers: the server's entries and the account's own",
  },
  '/cms-system/system/charger/v2/pin/reset': {
    body: chargerRefSchema,
    data: pinResetResultSchema,
    access: 'site',
    summary: 'Generates a new PIN (answered once), invalidates the old one and sends it to the charger',
  },
} as const satisfies Record<string, CallDefinition>;
