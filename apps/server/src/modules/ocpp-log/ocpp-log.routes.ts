import type { CallHandlers, CallPath } from '../../lib/calls.ts';
import type { OcppLogService } from './ocpp-log.service.ts';

type OcppLogPath = Extract<CallPath, `/cms-system/system/ocpp-log/${string}`>;

/** A charger's message log and connection history; the service checks the charger is in the caller's site. */
export function ocppLogRoutes(ocppLog: OcppLogService): CallHandlers<OcppLogPath> {
  return {
    '/cms-system/system/ocpp-log/v2/messages': ({ stationId, body }) => ocppLog.messages(stationId, body),
    '/cms-system/system/ocpp-log/v2/export': ({ stationId, body }) => ocppLog.export(stationId, body),
    '/cms-system/system/ocpp-log/v2/security-events': ({ stationId, body }) =>
      ocppLog.securityEvents(stationId, body),
    '/cms-system/system/ocpp-log/v2/connections': ({ stationId, body }) =>
      ocppLog.connections(stationId, body),
  };
}
