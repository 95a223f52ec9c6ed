import type { Ocpp16Request } from '@plugboard/ocpp';
import type { TransactionEvent, TriggerReason } from '../../modules/sessions/transaction-event.ts';
import { meterValuesOf } from './meter-values.ts';
import { coreTransactionId } from './transaction-id.ts';

// OCPP 1.6's three transaction messages as the sessions core's events (2.0.1 TransactionEvent). 1.6 has no sequence
// numbers (seqNo 0: the core recognises replays by their content) and no offline flag; its id tags are given as
// ISO14443 tokens (1.6 does not say which kind they are; the core reads the token only). A 1.6 connector is a
// 2.0.1 EVSE. The start and stop registers become Transaction.Begin / Transaction.End energy values, which the
// core keeps on the session, not as readings, as before.

/** StartTransaction, under the transaction id this server drew for it (`sessions.newTransactionId`). */
export function startedEvent(
  params: Ocpp16Request<'StartTransaction'>,
  transactionId: string,
): TransactionEvent<'Started'> {
  return {
    eventType: 'Started',
    timestamp: params.timestamp,
    triggerReason: 'Authorized',
    seqNo: 0,
    transactionInfo: { transactionId },
    idToken: { idToken: params.idTag, type: 'ISO14443' },
    evse: { id: params.connectorId },
    meterValue: [register(params.timestamp, params.meterStart, 'Transaction.Begin')],
  };
}

/** MeterValues naming a transaction; it happened when its newest sample was taken (or when it came). */
export function updatedEvent(
  params: Ocpp16Request<'MeterValues'> & { transactionId: number },
  receivedAt: Date,
): TransactionEvent<'Updated'> {
  const meterValue = meterValuesOf(params.meterValue);
  return {
    eventType: 'Updated',
    timestamp: params.meterValue.at(-1)?.timestamp ?? receivedAt.toISOString(),
    triggerReason: 'MeterValuePeriodic',
    seqNo: 0,
    transactionInfo: { transactionId: coreTransactionId(params.transactionId) },
    evse: { id: params.connectorId },
    meterValue,
  };
}

/** StopTransaction: its transaction data, then the stop register. The reason is kept as 1.6 names it. */
export function endedEvent(params: Ocpp16Request<'StopTransaction'>): TransactionEvent<'Ended'> {
  return {
    eventType: 'Ended',
    timestamp: params.timestamp,
    triggerReason: stopTriggers[params.reason ?? 'Local'],
    seqNo: 0,
    transactionInfo: {
      transactionId: coreTransactionId(params.transactionId),
      ...(params.reason && { stoppedReason: params.reason }),
    },
    ...(params.idTag && { idToken: { idToken: params.idTag, type: 'ISO14443' } }),
    meterValue: [
      ...meterValuesOf(params.transactionData ?? []),
      register(params.timestamp, params.meterStop, 'Transaction.End'),
    ],
  };
}

function register(timestamp: string, wh: number, context: 'Transaction.Begin' | 'Transaction.End') {
  return {
    timestamp,
    sampledValue: [
      {
        value: wh,
        measurand: 'Energy.Active.Import.Register' as const,
        context,
        unitOfMeasure: { unit: 'Wh' },
      },
    ],
  };
}

/** What made a 1.6 transaction stop, in 2.0.1's words. */
const stopTriggers: Record<NonNullable<Ocpp16Request<'StopTransaction'>['reason']>, TriggerReason> = {
  DeAuthorized: 'Deauthorized',
  EmergencyStop: 'AbnormalCondition',
  EVDisconnected: 'EVCommunicationLost',
  HardReset: 'ResetCommand',
  Local: 'StopAuthorized',
  Other: 'AbnormalCondition',
  PowerLoss: 'AbnormalCondition',
  Reboot: 'ResetCommand',
  Remote: 'RemoteStop',
  SoftReset: 'ResetCommand',
  UnlockCommand: 'UnlockCommand',
};
