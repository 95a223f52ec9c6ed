import type { Ocpp16ChargePointAction } from '@plugboard/ocpp';
import type { V16Handler } from './handler.ts';
import { authorize } from './handlers/authorize.ts';
import { bootNotification } from './handlers/boot-notification.ts';
import { dataTransfer } from './handlers/data-transfer.ts';
import { diagnosticsStatusNotification } from './handlers/diagnostics-status-notification.ts';
import { firmwareStatusNotification } from './handlers/firmware-status-notification.ts';
import { heartbeat } from './handlers/heartbeat.ts';
import { logStatusNotification } from './handlers/log-status-notification.ts';
import { meterValues } from './handlers/meter-values.ts';
import { securityEventNotification } from './handlers/security-event-notification.ts';
import { signCertificate } from './handlers/sign-certificate.ts';
import { signedFirmwareStatusNotification } from './handlers/signed-firmware-status-notification.ts';
import { startTransaction } from './handlers/start-transaction.ts';
import { statusNotification } from './handlers/status-notification.ts';
import { stopTransaction } from './handlers/stop-transaction.ts';

/**
 * The OCPP 1.6 actions a charger may send that this central system handles. An action missing here is answered
 * with the CALLERROR NotImplemented (by ocpp-rpc); docs/ocpp.md lists which and why.
 */
export const v16Handlers = {
  Authorize: authorize,
  BootNotification: bootNotification,
  DataTransfer: dataTransfer,
  DiagnosticsStatusNotification: diagnosticsStatusNotification,
  FirmwareStatusNotification: firmwareStatusNotification,
  Heartbeat: heartbeat,
  LogStatusNotification: logStatusNotification,
  MeterValues: meterValues,
  SecurityEventNotification: securityEventNotification,
  SignCertificate: signCertificate,
  SignedFirmwareStatusNotification: signedFirmwareStatusNotification,
  StartTransaction: startTransaction,
  StatusNotification: statusNotification,
  StopTransaction: stopTransaction,
} satisfies { [A in Ocpp16ChargePointAction]?: V16Handler<A> };
