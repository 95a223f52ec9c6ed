import type { CallHandlers, CallPath } from '../../lib/calls.ts';
import type { ChargerAdminService } from './charger-admin.service.ts';
import type { ChargerCommandsService } from './charger-commands.service.ts';
import type { ChargerToolsService } from './charger-tools.service.ts';
import type { ChargerViewService } from './charger-view.service.ts';
import type { FirmwareService } from './firmware.service.ts';

type ChargerPath = Extract<CallPath, `/cms-system/system/charger/${string}`>;

export type ChargerRouteServices = {
  view: ChargerViewService;
  admin: ChargerAdminService;
  commands: ChargerCommandsService;
  firmware: FirmwareService;
  /** The OCPP troubleshooting operations (availability, unlock, cache, trigger, configuration). */
  tools: ChargerToolsService;
};

/**
 * The console's charger calls. Ownership of `stationId` is checked before a 'site' handler runs (lib/calls.ts);
 * every service call names the site, so a charger of another site answers 1001 like a missing one.
 */
export function chargersRoutes({
  view,
  admin,
  commands,
  firmware,
  tools,
}: ChargerRouteServices): CallHandlers<ChargerPath> {
  return {
    '/cms-system/system/charger/v2/list': ({ stationId, body }) => view.list(stationId, body),
    '/cms-system/system/charger/v2/detail': ({ stationId, body }) => view.detail(stationId, body.chargerId),
    '/cms-system/system/charger/v2/add': ({ session, stationId, body: { stationId: _site, ...input } }) =>
      admin.add(stationId, input, session.userId),
    '/cms-system/system/charger/v2/update': ({ stationId, body: { stationId: _site, ...patch } }) =>
      admin.update(stationId, patch),
    '/cms-system/system/charger/v2/delete': async ({ stationId, body }) => {
      await admin.remove(stationId, body.chargerId);
      return null;
    },
    '/cms-system/system/charger/v2/start': ({ stationId, body: { stationId: _site, ...start } }) =>
      commands.start(stationId, start),
    '/cms-system/system/charger/v2/stop': ({ stationId, body: { stationId: _site, ...stop } }) =>
      commands.stop(stationId, stop),
    '/cms-system/system/charger/v2/session/close': ({ stationId, body }) =>
      commands.closeSession(stationId, body.chargerId, body.sessionId, body.reason),
    '/cms-system/system/charger/v2/reboot': async ({ stationId, body: { stationId: _site, ...reboot } }) => {
      await commands.reboot(stationId, reboot);
      return null;
    },
    '/cms-system/system/charger/v2/firmware/update': ({ stationId, body }) =>
      commands.updateFirmware(stationId, body.chargerId, body.version),
    '/cms-system/system/charger/v2/firmware/add': ({ session, body: { stationId: _ignored, ...entry } }) =>
      firmware.add(session.userId, entry),
    '/cms-system/system/charger/v2/firmware/list': ({ session }) => firmware.list(session.userId),
    '/cms-system/system/charger/v2/pin/reset': ({ stationId, body }) =>
      commands.resetPin(stationId, body.chargerId),
    '/cms-system/system/charger/v2/availability': ({ stationId, body: { stationId: _site, ...input } }) =>
      tools.changeAvailability(stationId, input),
    '/cms-system/system/charger/v2/unlock': ({ stationId, body: { stationId: _site, ...input } }) =>
      tools.unlockConnector(stationId, input),
    '/cms-system/system/charger/v2/cache/clear': ({ stationId, body }) => tools.clearCache(stationId, body),
    '/cms-system/system/charger/v2/trigger': ({ stationId, body: { stationId: _site, ...input } }) =>
      tools.triggerMessage(stationId, input),
    '/cms-system/system/charger/v2/extended-trigger': ({ stationId, body: { stationId: _site, ...input } }) =>
      tools.extendedTriggerMessage(stationId, input),
    '/cms-system/system/charger/v2/configuration/read': ({
      stationId,
      body: { stationId: _site, ...input },
    }) => tools.getConfiguration(stationId, input),
    '/cms-system/system/charger/v2/data-transfer': ({ stationId, body: { stationId: _site, ...input } }) =>
      tools.dataTransfer(stationId, input),
    '/cms-system/system/charger/v2/configuration/change': ({
      stationId,
      body: { stationId: _site, ...input },
    }) => tools.changeConfiguration(stationId, input),
  };
}
