import { afterEach, describe, expect, it, vi } from 'vitest';
import { RPCServer, type RPCClient } from 'ocpp-rpc';
import { createSimulatedCharger } from './simulated-charger.ts';

/**
 * A strict OCPP 1.6 central system in this process: it records the statuses it is told and can drop the socket of
 * the charger it holds, as a node that dies does.
 */
async function aCentralSystem() {
  const server = new RPCServer({ protocols: ['ocpp1.6'], strictMode: true });
  const statuses: string[] = [];
  let held: InstanceType<typeof RPCClient> | undefined;
  server.auth((accept) => accept({}, 'ocpp1.6'));
  server.on('client', (client: InstanceType<typeof RPCClient>) => {
    held = client;
    client.handle(({ method = '', params }) => {
      if (method === 'StatusNotification') statuses.push((params as { status: string }).status);
      const answers: Record<string, object> = {
        BootNotification: { status: 'Accepted', currentTime: new Date().toISOString(), interval: 0 },
        Authorize: { idTagInfo: { status: 'Accepted' } },
        StartTransaction: { transactionId: 77, idTagInfo: { status: 'Accepted' } },
        StopTransaction: { idTagInfo: { status: 'Accepted' } },
      };
      return Promise.resolve(answers[method] ?? {});
    });
  });
  const http = await server.listen(0, '127.0.0.1');
  const { port } = http.address() as { port: number };
  return {
    url: `ws://127.0.0.1:${port}`,
    statuses,
    dropSocket: () => held?.close({ code: 1001, reason: 'Going away', force: true }),
    close: () => server.close({ force: true }),
  };
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('a simulated charger', () => {
  it('with unplugAfterStopMs, is unplugged after a stop, so that the connector is Available for the next session', async () => {
    const central = await aCentralSystem();
    const charger = createSimulatedCharger({
      url: central.url,
      productCode: 'E07UNPLUG',
      pin: '1234',
      meterIntervalMs: 0,
      unplugAfterStopMs: 50,
    });
    cleanups.push(
      () => central.close(),
      () => charger.stop(),
    );
    await charger.boot();
    await charger.plugIn(1);
    await charger.presentCard('CARD1', 1);
    await charger.stopTransaction(1, 'Remote');
    expect(central.statuses.at(-1)).toBe('Finishing');

    await vi.waitFor(() => expect(central.statuses.at(-1)).toBe('Available'));
    expect(charger.internals.connectors.get(1)?.plugged).toBe(false);
  });

  it('says when it reconnects by itself after losing its socket', async () => {
    const central = await aCentralSystem();
    const lines: string[] = [];
    const charger = createSimulatedCharger({
      url: central.url,
      productCode: 'E07AGAIN',
      pin: '1234',
      log: (line) => lines.push(line),
    });
    cleanups.push(
      () => central.close(),
      () => charger.stop(),
    );
    await charger.boot();
    expect(lines.some((line) => line.startsWith('reconnecting'))).toBe(false);

    await central.dropSocket();
    // ocpp-rpc's first retry comes after about a second.
    await vi.waitFor(() => expect(lines).toContain('connected again after 1 attempt'), { timeout: 5000 });
    expect(lines).toContain(`reconnecting to ${central.url} (attempt 1)`);
  });
});
