import type { V16Handler } from '../handler.ts';
import { readingsOf } from '../meter-values.ts';

export const meterValues: V16Handler<'MeterValues'> = async (params, { charger, sessions }) => {
  await sessions.recordMeterValues(charger, {
    connectorId: params.connectorId,
    transactionId: params.transactionId ?? null,
    readings: readingsOf(params.meterValue),
  });
  return {};
};
