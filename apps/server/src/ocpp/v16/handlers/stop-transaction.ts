import type { V16Handler } from '../handler.ts';
import { readingsOf } from '../meter-values.ts';

// Accepted even for a transaction this server does not know (OCPP 1.6 sections 4.8 and 4.10): the charger would
// otherwise keep the message in its queue and retry it forever. The service records and flags such a stop.
export const stopTransaction: V16Handler<'StopTransaction'> = async (params, { charger, sessions }) => {
  await sessions.stopSession(charger, {
    transactionId: params.transactionId,
    meterStopWh: params.meterStop,
    endTime: new Date(params.timestamp),
    reason: params.reason ?? null,
    idTag: params.idTag ?? null,
    readings: readingsOf(params.transactionData ?? []),
  });
  return params.idTag ? { idTagInfo: { status: await sessions.authorizeIdTag(charger, params.idTag) } } : {};
};
