// OCPP-J message types. Each protocol version lives in its own generated module (v16.ts now, v201.ts later) under a
// namespace, so that versions whose messages share names (BootNotificationRequest...) can sit side by side.
import type { Ocpp16Messages } from './v16.ts';

export type * as Ocpp16 from './v16.ts';

/** Every OCPP 1.6J action (Core, profiles and the security extension) -> its request and response payloads. */
export type Ocpp16Actions = Ocpp16Messages;
export type Ocpp16Action = keyof Ocpp16Actions;
export type Ocpp16Request<A extends Ocpp16Action> = Ocpp16Actions[A]['request'];
export type Ocpp16Response<A extends Ocpp16Action> = Ocpp16Actions[A]['response'];

/** The WebSocket subprotocol names the central system can speak, in order of preference. */
export const ocppProtocols = ['ocpp1.6'] as const;
export type OcppProtocol = (typeof ocppProtocols)[number];

// The schemas do not say who sends what; the specification does. DataTransfer goes both ways.
/** Actions a charge point sends to the central system. */
export const ocpp16ChargePointActions = [
  'Authorize',
  'BootNotification',
  'DataTransfer',
  'DiagnosticsStatusNotification',
  'FirmwareStatusNotification',
  'Heartbeat',
  'MeterValues',
  'StartTransaction',
  'StatusNotification',
  'StopTransaction',
  // security extension
  'LogStatusNotification',
  'SecurityEventNotification',
  'SignCertificate',
  'SignedFirmwareStatusNotification',
] as const satisfies readonly Ocpp16Action[];

/** Actions the central system sends to a charge point. */
export const ocpp16CentralSystemActions = [
  'CancelReservation',
  'ChangeAvailability',
  'ChangeConfiguration',
  'ClearCache',
  'ClearChargingProfile',
  'DataTransfer',
  'GetCompositeSchedule',
  'GetConfiguration',
  'GetDiagnostics',
  'GetLocalListVersion',
  'RemoteStartTransaction',
  'RemoteStopTransaction',
  'ReserveNow',
  'Reset',
  'SendLocalList',
  'SetChargingProfile',
  'TriggerMessage',
  'UnlockConnector',
  'UpdateFirmware',
  // security extension
  'CertificateSigned',
  'DeleteCertificate',
  'ExtendedTriggerMessage',
  'GetInstalledCertificateIds',
  'GetLog',
  'InstallCertificate',
  'SignedUpdateFirmware',
] as const satisfies readonly Ocpp16Action[];

export type Ocpp16ChargePointAction = (typeof ocpp16ChargePointActions)[number];
export type Ocpp16CentralSystemAction = (typeof ocpp16CentralSystemActions)[number];
