import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { aCharger, aProductCode } from '../modules/chargers/chargers.fixtures.ts';
import { listeningApp, simulators, type OcppTestApp, storedRows } from './ocpp.fixtures.ts';

let t: OcppTestApp;
const sims = simulators(() => t.url);

beforeAll(async () => {
  // Short pings so that a silent charger is dropped within a second.
  t = await listeningApp({ ocppPingInterval: 0.2 });
});
afterEach(() => sims.stopAll());
afterAll(() => t.close());

const { chargerRow } = storedRows(() => t.db);

describe('the OCPP handshake', () => {
  it('accepts a registered charger with its PIN and marks it connected', async () => {
    const charger = await aCharger(t.db);
    await sims.make(charger).connect();
    await vi.waitFor(async () => expect(await chargerRow(charger.id)).toMatchObject({ connected: true }));
    expect((await chargerRow(charger.id)).status).toBe('online');
    expect(t.app.ocpp.registry.isConnected(charger.product_code)).toBe(true);
  });

  it('accepts chargers connecting at once, each with its product code in any case, and refuses a wrong PIN among them', async () => {
    const [a, b, c] = [await aCharger(t.db), await aCharger(t.db), await aCharger(t.db)];
    const results = await Promise.allSettled([
      sims.make({ ...a, product_code: a.product_code.toLowerCase() }).connect(),
      sims.make(b).connect(),
      sims.make({ ...c, pin: '9999' }).connect(),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    await vi.waitFor(async () => expect((await chargerRow(b.id)).connected).toBe(true));
    expect((await chargerRow(a.id)).connected).toBe(true);
    expect((await chargerRow(c.id)).connected).toBe(false);
  });

  it('refuses a wrong PIN with 401 before any message', async () => {
    const charger = await aCharger(t.db);
    await expect(sims.make({ ...charger, pin: '9999' }).connect()).rejects.toMatchObject({ code: 401 });
    expect((await chargerRow(charger.id)).connected).toBe(false);
  });

  it('refuses an unknown product code, and a charger without a password, with 401', async () => {
    await expect(sims.make({ product_code: aProductCode(), pin: '1234' }).connect()).rejects.toMatchObject({
      code: 401,
    });
    const charger = await aCharger(t.db);
    await expect(sims.raw(charger.product_code, undefined).connect()).rejects.toMatchObject({ code: 401 });
  });

  it('refuses a connection that does not offer ocpp1.6', async () => {
    const charger = await aCharger(t.db);
    const client = sims.raw(charger.product_code, charger.pin);
    client.reconfigure({ protocols: ['ocpp2.0.1'] } as never);
    await expect(client.connect()).rejects.toMatchObject({ code: 400 });
  });

  it('closes the older socket when the same charger connects again', async () => {
    const charger = await aCharger(t.db);
    const first = sims.make(charger);
    await first.boot();
    const closed = once(first.client, 'disconnect');
    const second = sims.make(charger);
    await second.connect();
    const [{ code }] = (await closed) as [{ code: number }];
    expect(code).toBe(4000);
    await first.stop(); // or it would reconnect, and replace the second in turn

    // The old socket's close must not mark the charger offline: the new one owns it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await chargerRow(charger.id)).toMatchObject({ connected: true });
    expect(await second.call('Heartbeat', {})).toHaveProperty('currentTime');
    expect(t.app.ocpp.registry.get(charger.product_code)?.client).not.toBe(undefined);
  });

  it('marks a charger offline when its socket closes', async () => {
    const charger = await aCharger(t.db);
    const sim = sims.make(charger);
    await sim.boot();
    await sim.stop();
    await vi.waitFor(async () =>
      expect(await chargerRow(charger.id)).toMatchObject({ connected: false, status: 'offline' }),
    );
  });

  it('drops a charger that answers neither messages nor pings within 2 ping intervals', async () => {
    const charger = await aCharger(t.db);
    const { port } = new URL(t.url);
    // A raw socket that completes the WebSocket handshake and then stays silent: it never answers a ping.
    const socket = net.connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      [
        `GET /ocpp/${charger.product_code} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
        'Sec-WebSocket-Version: 13',
        'Sec-WebSocket-Protocol: ocpp1.6',
        `Authorization: Basic ${Buffer.from(`${charger.product_code}:${charger.pin}`).toString('base64')}`,
        '',
        '',
      ].join('\r\n'),
    );
    const [head] = (await once(socket, 'data')) as [Buffer];
    expect(head.toString()).toMatch(/^HTTP\/1\.1 101/);
    await vi.waitFor(async () => expect(await chargerRow(charger.id)).toMatchObject({ connected: true }));
    const connectedAt = Date.now();

    await vi.waitFor(
      async () => expect(await chargerRow(charger.id)).toMatchObject({ connected: false, status: 'offline' }),
      { timeout: 3000 },
    );
    // Two intervals of 200 ms (and a little): not at once, not after long.
    expect(Date.now() - connectedAt).toBeGreaterThanOrEqual(300);
    socket.destroy();
  });

  it('answers 1003 to a command for a charger that is not connected', async () => {
    const charger = await aCharger(t.db);
    await expect(
      t.app.ocpp.registry.send(charger.product_code, 'Reset', { type: 'Soft' }, { timeoutMs: 1000 }),
    ).rejects.toMatchObject({ code: 1003 });
  });

  it('answers 1003 when a connected charger does not answer in time', async () => {
    const charger = await aCharger(t.db);
    const client = sims.raw(charger.product_code, charger.pin);
    client.handle('Reset', () => new Promise(() => {})); // never answers
    await client.connect();
    await vi.waitFor(() => expect(t.app.ocpp.registry.isConnected(charger.product_code)).toBe(true));
    await expect(
      t.app.ocpp.registry.send(charger.product_code, 'Reset', { type: 'Soft' }, { timeoutMs: 200 }),
    ).rejects.toMatchObject({ code: 1003 });
  });

  it('brings a command to a connected charger and returns its answer', async () => {
    const charger = await aCharger(t.db);
    await sims.make(charger).boot();
    const answer = await t.app.ocpp.registry.send(charger.product_code, 'GetConfiguration', {
      key: ['HeartbeatInterval', 'NoSuchKey'],
    });
    expect(answer).toEqual({
      configurationKey: [{ key: 'HeartbeatInterval', readonly: false, value: '60' }],
      unknownKey: ['NoSuchKey'],
    });
  });
});

describe('failed handshakes', () => {
  let limited: OcppTestApp;
  const limitedSims = simulators(() => limited.url);
  beforeAll(async () => {
    limited = await listeningApp();
  });
  afterEach(() => limitedSims.stopAll());
  afterAll(() => limited.close());

  const connectFrom = (charger: { product_code: string; pin: string }, address: string) => {
    const client = limitedSims.raw(charger.product_code, charger.pin, { localAddress: address });
    return client.connect();
  };

  const wrong = (charger: { product_code: string }, i: number) => ({ ...charger, pin: `wrong${i}` });

  it('lets the right PIN in from another address while its product code is being guessed', async () => {
    const charger = await aCharger(limited.db);
    for (let i = 0; i < 5; i++) {
      await expect(connectFrom(wrong(charger, i), '127.0.0.2')).rejects.toMatchObject({ code: 401 });
      await expect(connectFrom(wrong(charger, i), '127.0.0.7')).rejects.toMatchObject({ code: 401 });
    }
    // 10 failures for the code: the guessers wait; the charger, from an address of its own, does not.
    await expect(connectFrom(wrong(charger, 10), '127.0.0.2')).rejects.toMatchObject({ code: 429 });
    await expect(connectFrom(charger, '127.0.0.3')).resolves.toBeDefined();
    // Nor from a guesser's address once its backoff (doubling from its first failure while the code is hot: 16 s
    // after 5) has passed: the right PIN is checked, and connects.
    limited.clock.advance(16_000);
    await expect(connectFrom(charger, '127.0.0.2')).resolves.toBeDefined();
  });

  it('holds a guesser to one check per backoff, doubling with each failure beyond 5', async () => {
    const charger = await aCharger(limited.db);
    for (let i = 0; i < 5; i++) {
      await expect(connectFrom(wrong(charger, i), '127.0.0.6')).rejects.toMatchObject({ code: 401 });
    }
    await expect(connectFrom(wrong(charger, 5), '127.0.0.6')).rejects.toMatchObject({ code: 429 });
    limited.clock.advance(500);
    await expect(connectFrom(wrong(charger, 6), '127.0.0.6')).rejects.toMatchObject({ code: 429 });
    limited.clock.advance(500);
    await expect(connectFrom(wrong(charger, 7), '127.0.0.6')).rejects.toMatchObject({ code: 401 });
    await expect(connectFrom(wrong(charger, 8), '127.0.0.6')).rejects.toMatchObject({ code: 429 });
    limited.clock.advance(1_500);
    await expect(connectFrom(wrong(charger, 9), '127.0.0.6')).rejects.toMatchObject({ code: 429 });
    limited.clock.advance(500);
    await expect(connectFrom(wrong(charger, 10), '127.0.0.6')).rejects.toMatchObject({ code: 401 });
    limited.clock.advance(4_000);
    await expect(connectFrom(charger, '127.0.0.6')).resolves.toBeDefined();
  });

  it('does not lock out the chargers behind an address that guessed other product codes', async () => {
    for (let i = 0; i < 10; i++) {
      await expect(
        connectFrom({ product_code: aProductCode(), pin: '1234' }, '127.0.0.4'),
      ).rejects.toMatchObject({ code: 401 });
    }
    const charger = await aCharger(limited.db);
    await expect(connectFrom(charger, '127.0.0.4')).resolves.toBeDefined();
    await expect(connectFrom(charger, '127.0.0.5')).resolves.toBeDefined();
  });
});
