import { afterEach, describe, expect, it } from 'vitest';
import { RPCServer, type RPCClient } from 'ocpp-rpc';
import { replaySession } from './replay.ts';
import { createSimulatedCharger } from './simulated-charger.ts';

type Received = { action: string; params: Record<string, unknown> };

/** A strict OCPP 1.6 central system in this process that records what it receives and answers as a server would. */
async function aCentralSystem() {
  const server = new RPCServer({ protocols: ['ocpp1.6'], strictMode: true });
  const received: Received[] = [];
  server.auth((accept) => accept({}, 'ocpp1.6'));
  server.on('client', (client: InstanceType<typeof RPCClient>) => {
    client.handle(({ method = '', params }) => {
      received.push({ action: method, params: params as Record<string, unknown> });
      const answers: Record<string, object> = {
        StartTransaction: { transactionId: 77, idTagInfo: { status: 'Accepted' } },
        StopTransaction: { idTagInfo: { status: 'Accepted' } },
      };
      return Promise.resolve(answers[method] ?? {});
    });
  });
  const http = await server.listen(0, '127.0.0.1');
  const { port } = http.address() as { port: number };
  return { url: `ws://127.0.0.1:${port}`, received, close: () => server.close({ force: true }) };
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('replaying an offline session', () => {
  it('sends start, samples and stop with the times they happened, valid OCPP 1.6 both ways', async () => {
    const central = await aCentralSystem();
    const charger = createSimulatedCharger({ url: central.url, productCode: 'E07REPLAY', pin: '1234' });
    cleanups.push(
      () => central.close(),
      () => charger.stop(),
    );
    await charger.connect();
    const at = (minute: number) => new Date(Date.UTC(2025, 2, 3, 21, 30 + minute));

    const { transactionId } = await replaySession(charger, {
      idTag: 'CARD80',
      readings: [
        { at: at(0), meterWh: 1000, powerW: 12_000 },
        { at: at(30), meterWh: 7000, powerW: 12_000 },
        { at: at(60), meterWh: 13_000, powerW: 0 },
      ],
    });

    expect(transactionId).toBe(77);
    expect(central.received.map((r) => r.action)).toEqual([
      'StartTransaction',
      'MeterValues',
      'MeterValues',
      'StopTransaction',
    ]);
    expect(central.received[0]?.params).toEqual({
      connectorId: 1,
      idTag: 'CARD80',
      meterStart: 1000,
      timestamp: '2025-03-03T21:30:00.000Z',
    });
    expect(central.received[2]?.params).toMatchObject({
      transactionId: 77,
      meterValue: [
        {
          timestamp: '2025-03-03T22:00:00.000Z',
          sampledValue: [
            { value: '7000', measurand: 'Energy.Active.Import.Register', context: 'Sample.Periodic' },
            { value: '12000', measurand: 'Power.Active.Import' },
          ],
        },
      ],
    });
    expect(central.received[3]?.params).toMatchObject({
      transactionId: 77,
      meterStop: 13_000,
      timestamp: '2025-03-03T22:30:00.000Z',
      reason: 'EVDisconnected',
    });
  });

  it('needs at least a start and a stop reading', async () => {
    await expect(
      replaySession({ call: () => Promise.reject(new Error('no call expected')) } as never, {
        idTag: 'X',
        readings: [],
      }),
    ).rejects.toThrow('a replayed session needs a start and a stop reading');
  });
});
