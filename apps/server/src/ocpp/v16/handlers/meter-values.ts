import type { V16Handler } from '../handler.ts';
import { meterValuesOf } from '../meter-values.ts';
import { updatedEvent } from '../transaction-events.ts';

// Readings naming a transaction update it; the others are the connector's (connector 0: the whole charger).
export const meterValues: V16Handler<'MeterValues'> = async (params, { charger, sessions, now }) => {
  const { transactionId } = params;
  if (transactionId === undefined) {
    const meterValue = meterValuesOf(params.meterValue);
    await sessions.recordMeterValues(charger, { evseId: params.connectorId, meterValue });
  } else {
    await sessions.update(charger, updatedEvent({ ...params, transactionId }, now()));
  }
  return {};
};
