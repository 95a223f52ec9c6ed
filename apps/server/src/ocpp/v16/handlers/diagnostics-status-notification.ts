import type { V16Handler } from '../handler.ts';

export const diagnosticsStatusNotification: V16Handler<'DiagnosticsStatusNotification'> = async (
  { status },
  { charger, chargers },
) => {
  await chargers.recordDiagnosticsStatus(charger.chargerId, status);
  return {};
};
