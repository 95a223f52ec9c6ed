import type { V16Handler } from '../handler.ts';

// OCPP 1.6 security whitepaper (edition 3), L01: the progress of a SignedUpdateFirmware, with its requestId (left
// out only for a status not caused by one, such as Idle after an ExtendedTriggerMessage). Answered once stored.
export const signedFirmwareStatusNotification: V16Handler<'SignedFirmwareStatusNotification'> = async (
  { status, requestId },
  { charger, chargers },
) => {
  await chargers.recordFirmwareStatus(charger.chargerId, status, requestId ?? null);
  return {};
};
