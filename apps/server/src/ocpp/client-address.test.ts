import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call } from '../../test/helpers.ts';
import { aCharger, anOperatorWithSite } from '../modules/chargers/chargers.fixtures.ts';
import { listeningApp, simulators, type OcppTestApp } from './ocpp.fixtures.ts';

// The client's address of an OCPP handshake, as the connection history records it and the failure limiter counts
// it: the socket's, or behind a proxy TRUST_PROXY trusts, X-Forwarded-For's right-most untrusted entry.
let direct: OcppTestApp;
let proxied: OcppTestApp;
const directSims = simulators(() => direct.url);
const proxiedSims = simulators(() => proxied.url);

beforeAll(async () => {
  [direct, proxied] = await Promise.all([listeningApp(), listeningApp({ trustProxy: ['127.0.0.1'] })]);
});
afterEach(async () => {
  await Promise.all([directSims.stopAll(), proxiedSims.stopAll()]);
});
afterAll(async () => {
  await Promise.all([direct.close(), proxied.close()]);
});

async function aChargerIn(t: OcppTestApp) {
  const op = await anOperatorWithSite(t.db);
  const charger = await aCharger(t.db, { stationId: op.stationId });
  const history = async () => {
    await t.app.ocppLog.flush();
    const answer = await call(
      t.app,
      '/cms-system/system/ocpp-log/v2/connections',
      { stationId: op.stationId, chargerId: charger.id },
      { token: op.token },
    );
    const entries = (answer.body as { data: { entries: { event: string; remoteAddress: string | null }[] } })
      .data.entries;
    return entries.map((e) => [e.event, e.remoteAddress]);
  };
  return { charger, history };
}

const connect = (
  sims: ReturnType<typeof simulators>,
  charger: { product_code: string; pin: string },
  forwardedFor: string,
) => sims.raw(charger.product_code, charger.pin, { headers: { 'x-forwarded-for': forwardedFor } }).connect();

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  it("records the charger's own address from X-Forwarded-For on connect, disconnect and refusal", async () => {
    const { charger, history } = await aChargerIn(proxied);
    // A client's own X-Forwarded-For entry is not believed: the right-most address not trusted is taken.
    await connect(proxiedSims, charger, '10.9.9.9, 203.0.113.5, 127.0.0.1');
    await proxiedSims.stopAll();
    await expect(connect(proxiedSims, { ...charger, pin: 'wrong' }, '198.51.100.7')).rejects.toMatchObject({
      code: 401,
    });
    await vi.waitFor(async () =>
      expect(await history()).toEqual([
        ['refused', '198.51.100.7'],
        ['disconnected', '203.0.113.5'],
        ['connected', '203.0.113.5'],
      ]),
    );
  });

  it('counts failed PINs per forwarded address: a guesser waits, the charger elsewhere connects', async () => {
    const { charger } = await aChargerIn(proxied);
    for (let i = 0; i < 5; i++) {
      await expect(
        connect(proxiedSims, { ...charger, pin: `wrong${i}` }, '198.51.100.20'),
      ).rejects.toMatchObject({
        code: 401,
      });
    }
    await expect(connect(proxiedSims, charger, '198.51.100.20')).rejects.toMatchObject({ code: 429 });
    // Same proxy socket, another client behind it: its pair has not failed.
    await expect(connect(proxiedSims, charger, '198.51.100.21')).resolves.toBeDefined();
  });
});

describe('without TRUST_PROXY', () => {
  it("records the socket's address and ignores X-Forwarded-For, for the limiter too", async () => {
    const { charger, history } = await aChargerIn(direct);
    for (let i = 0; i < 5; i++) {
      await expect(
        connect(directSims, { ...charger, pin: `wrong${i}` }, `198.51.100.${30 + i}`),
      ).rejects.toMatchObject({
        code: 401,
      });
    }
    // A made-up X-Forwarded-For buys no fresh tries.
    await expect(connect(directSims, charger, '198.51.100.99')).rejects.toMatchObject({ code: 429 });
    await vi.waitFor(async () => expect((await history())[0]).toEqual(['refused', '127.0.0.1']));
    expect(new Set((await history()).map(([, address]) => address))).toEqual(new Set(['127.0.0.1']));
  });
});
