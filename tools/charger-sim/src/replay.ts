import type { Ocpp16 } from '@plugboard/ocpp';
import type { SimulatedCharger } from './simulated-charger.ts';

type MeterValue = Ocpp16.MeterValuesRequest['meterValue'][number];
type StopReason = NonNullable<Ocpp16.StopTransactionRequest['reason']>;
type Context = 'Transaction.Begin' | 'Sample.Periodic' | 'Transaction.End';

/** One reading of a session that ran while the charger was offline: when, the register, and the power then. */
export type ReplayReading = { at: Date; meterWh: number; powerW?: number };

export type ReplayedSession = {
  idTag: string;
  connectorId?: number;
  /** Oldest first: the first is the start, the last the stop, those between are periodic samples. */
  readings: readonly ReplayReading[];
  reason?: StopReason;
};

function sample(reading: ReplayReading, context: Context): MeterValue {
  return {
    timestamp: reading.at.toISOString(),
    sampledValue: [
      {
        value: String(Math.round(reading.meterWh)),
        context,
        measurand: 'Energy.Active.Import.Register',
        unit: 'Wh',
      },
      ...(reading.powerW === undefined
        ? []
        : [
            {
              value: String(Math.round(reading.powerW)),
              context,
              measurand: 'Power.Active.Import' as const,
              unit: 'W' as const,
            },
          ]),
    ],
  };
}

/**
 * Sends a whole session as a charger that was offline sends its queue once it is back: StartTransaction, every
 * MeterValues and StopTransaction, each with the time it happened, not the time it is sent. Tests use it to put a
 * session at a chosen past time (e.g. across a tariff band edge) without waiting for the clock.
 */
export async function replaySession(
  charger: Pick<SimulatedCharger, 'call'>,
  { idTag, connectorId = 1, readings, reason = 'EVDisconnected' }: ReplayedSession,
): Promise<{ transactionId: number; start: Ocpp16.StartTransactionResponse }> {
  const first = readings[0];
  const last = readings.at(-1);
  if (!first || !last || readings.length < 2)
    throw new Error('a replayed session needs a start and a stop reading');
  const start = await charger.call('StartTransaction', {
    connectorId,
    idTag,
    meterStart: Math.round(first.meterWh),
    timestamp: first.at.toISOString(),
  });
  const { transactionId } = start;
  for (const [index, reading] of readings.slice(0, -1).entries()) {
    await charger.call('MeterValues', {
      connectorId,
      transactionId,
      meterValue: [sample(reading, index === 0 ? 'Transaction.Begin' : 'Sample.Periodic')],
    });
  }
  await charger.call('StopTransaction', {
    transactionId,
    idTag,
    meterStop: Math.round(last.meterWh),
    timestamp: last.at.toISOString(),
    reason,
    transactionData: [sample(last, 'Transaction.End')],
  });
  return { transactionId, start };
}
