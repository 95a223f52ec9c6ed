import type { V16Handler } from '../handler.ts';

export const firmwareStatusNotification: V16Handler<'FirmwareStatusNotification'> = async (
  { status },
  { charger, chargers },
) => {
  await chargers.recordFirmwareStatus(charger.chargerId, status);
  return {};
};
