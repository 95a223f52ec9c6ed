import type { CallDefinition } from './call-definition.ts';
import {
  availabilityAnswerSchema,
  changeAvailabilitySchema,
  changeConfigurationSchema,
  chargerConfigurationSchema,
  chargerToolRefSchema,
  clearCacheAnswerSchema,
  configurationAnswerSchema,
  dataTransferAnswerSchema,
  dataTransferSchema,
  extendedTriggerMessageSchema,
  getConfigurationSchema,
  triggerAnswerSchema,
  triggerMessageSchema,
  unlockAnswerSchema,
  unlockConnectorSchema,
} from './charger-tools.ts';

/**
 * The console's OCPP troubleshooting operations on a charger of the site. Each answers the charger's own status;
 * 1003 when it is offline or does not answer, 1039 when it answers with a CALLERROR.
 */
export const chargerToolCalls = {
  '/cms-system/system/charger/v2/availability': {
    body: changeAvailabilitySchema,
    data: availabilityAnswerSchema,
    access: 'site',
    summary:
      'ChangeAvailability of a connector, or of the whole charger (connector 0): Operative or Inoperative',
  },
  '/cms-system/system/charger/v2/unlock': {
    body: unlockConnectorSchema,
    data: unlockAnswerSchema,
    access: 'site',
    summary: "UnlockConnector: releases a connector's cable (a transaction on it is stopped first)",
  },
  '/cms-system/system/charger/v2/cache/clear': {
    body: chargerToolRefSchema,
    data: clearCacheAnswerSchema,
    access: 'site',
    summary: "ClearCache: empties the charger's authorization cache",
  },
  '/cms-system/system/charger/v2/trigger': {
    body: triggerMessageSchema,
    data: triggerAnswerSchema,
    access: 'site',
    summary: 'TriggerMessage: asks the charger to send one of six messages now',
  },
  '/cms-system/system/charger/v2/extended-trigger': {
    body: extendedTriggerMessageSchema,
    data: triggerAnswerSchema,
    access: 'site',
    summary:
      'ExtendedTriggerMessage (security whitepaper): asks the charger to send one of seven messages now, the security ones included',
  },
  '/cms-system/system/charger/v2/configuration/read': {
    body: getConfigurationSchema,
    data: chargerConfigurationSchema,
    access: 'site',
    summary:
      "GetConfiguration: the charger's configuration keys (read-only ones marked) and the unknown keys asked for",
  },
  '/cms-system/system/charger/v2/configuration/change': {
    body: changeConfigurationSchema,
    data: configurationAnswerSchema,
    access: 'site',
    summary: 'ChangeConfiguration of one key; not AuthorizationKey (pin/reset sends it)',
  },
  '/cms-system/system/charger/v2/data-transfer': {
    body: dataTransferSchema,
    data: dataTransferAnswerSchema,
    access: 'site',
    summary: "DataTransfer to the charger for a vendor id the operator names; the charger's answer, raw",
  },
} as const satisfies Record<string, CallDefinition>;
