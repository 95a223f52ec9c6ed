import https from 'node:https';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import { codes } from '@plugboard/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import {
  aCharger,
  anOperatorWithSite,
  callerFor,
  chargerCall,
} from '../modules/chargers/chargers.fixtures.ts';
import { listeningApp, simulators, storedRows, type OcppTestApp } from './ocpp.fixtures.ts';
import { makeTestPki, type TestPki } from './tls.fixtures.ts';

// OCPP 1.6 security whitepaper profiles 2 and 3 over a real TLS socket, with a CA made in the test.
let pki: TestPki;
let secure: TestApp & { port: number; url: string };
let plain: OcppTestApp;
const secureSims = simulators(() => secure.url);
const plainSims = simulators(() => plain.url);

beforeAll(async () => {
  pki = makeTestPki();
  const t = await createTestApp({
    tls: { cert: pki.server.certFile, key: pki.server.keyFile, clientCa: pki.ca.certFile },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  secure = { ...t, port, url: `wss://localhost:${port}/ocpp` };
  plain = await listeningApp();
});
afterEach(async () => {
  await secureSims.stopAll();
  await plainSims.stopAll();
});
afterAll(async () => {
  await secure?.close();
  await plain?.close();
  pki?.remove();
});

const trusting = () => ({ ca: pki.ca.cert });

/** A charger of an operator's site, set to a security profile through the console's charger/v2/update. */
async function aChargerOnProfile(t: TestApp, securityProfile: 1 | 2 | 3) {
  const op = await anOperatorWithSite(t.db);
  const charger = await aCharger(t.db, { stationId: op.stationId });
  const answer = await callerFor(t.app, op)(chargerCall('update'), {
    chargerId: charger.id,
    securityProfile,
  });
  expect(answer).toMatchObject({ status: 200, data: { securityProfile } });
  return charger;
}

describe("a charger's security profile in the console", () => {
  it('is 1 for a new charger and refuses anything but 1, 2 or 3 without a server error', async () => {
    const op = await anOperatorWithSite(plain.db);
    const charger = await aCharger(plain.db, { stationId: op.stationId });
    const as = callerFor(plain.app, op);
    expect(await as(chargerCall('detail'), { chargerId: charger.id })).toMatchObject({
      data: { securityProfile: 1 },
    });
    for (const securityProfile of [0, 4, '2', null]) {
      const answer = await as(chargerCall('update'), { chargerId: charger.id, securityProfile });
      expect(answer.status).toBe(codes.invalidInput);
    }
    expect(await as(chargerCall('detail'), { chargerId: charger.id })).toMatchObject({
      data: { securityProfile: 1 },
    });
  });
});

describe("raising a connected charger's profile", () => {
  it('tells it SecurityProfile first; a charger that refuses keeps its profile (1039)', async () => {
    const op = await anOperatorWithSite(secure.db);
    const as = callerFor(secure.app, op);
    const charger = await aCharger(secure.db, { stationId: op.stationId });
    const sim = secureSims.make(charger, { tls: trusting() });
    await sim.boot();
    expect(await as(chargerCall('update'), { chargerId: charger.id, securityProfile: 2 })).toMatchObject({
      status: 200,
      data: { securityProfile: 2 },
    });
    expect(sim.internals.state.securityProfile).toBe(2);
    // Lowered here: nothing is sent (chargers refuse a downgrade); the handshake asks for the lower profile only.
    expect(await as(chargerCall('update'), { chargerId: charger.id, securityProfile: 1 })).toMatchObject({
      data: { securityProfile: 1 },
    });
    expect(sim.internals.state.securityProfile).toBe(2);
    // A charger that cannot take profile 3 says so, and the profile stays.
    const stubborn = await aCharger(secure.db, { stationId: op.stationId });
    const stubbornSim = secureSims.make(stubborn, { tls: trusting(), securityProfile: 3 });
    await stubbornSim.boot();
    stubbornSim.internals.state.securityProfile = 4; // refuses any change
    expect(await as(chargerCall('update'), { chargerId: stubborn.id, securityProfile: 3 })).toMatchObject({
      status: codes.operationFailed,
    });
    expect(await as(chargerCall('detail'), { chargerId: stubborn.id })).toMatchObject({
      data: { securityProfile: 1 },
    });
  });
});

describe('security profile 2: TLS with Basic auth', () => {
  it('connects a charger with its PIN over wss, and marks it connected', async () => {
    const charger = await aChargerOnProfile(secure, 2);
    await secureSims.make(charger, { tls: trusting() }).boot();
    await vi.waitFor(async () =>
      expect(await storedRows(() => secure.db).chargerRow(charger.id)).toMatchObject({ connected: true }),
    );
  });

  it('refuses a wrong PIN over wss with 401', async () => {
    const charger = await aChargerOnProfile(secure, 2);
    await expect(
      secureSims.make({ ...charger, pin: '9999' }, { tls: trusting() }).connect(),
    ).rejects.toMatchObject({ code: 401 });
  });

  it('refuses a profile 2 charger over plain ws, right PIN or not', async () => {
    const charger = await aChargerOnProfile(plain, 2);
    await expect(plainSims.make(charger).connect()).rejects.toMatchObject({ code: 401 });
    // The same charger on profile 1 connects over ws as before.
    const other = await aChargerOnProfile(plain, 1);
    await plainSims.make(other).boot();
  });

  it('speaks TLS 1.2 or newer only', async () => {
    const handshake = (maxVersion: tls.SecureVersion) =>
      new Promise<string | null>((resolve, reject) => {
        const socket = tls.connect(
          {
            host: '127.0.0.1',
            port: secure.port,
            servername: 'localhost',
            ca: pki.ca.cert,
            maxVersion,
            minVersion: 'TLSv1',
          },
          () => {
            resolve(socket.getProtocol());
            socket.end();
          },
        );
        socket.on('error', reject);
      });
    await expect(handshake('TLSv1.1')).rejects.toThrow();
    await expect(handshake('TLSv1.2')).resolves.toBe('TLSv1.2');
    await expect(handshake('TLSv1.3')).resolves.toBe('TLSv1.3');
  });

  it('tells browsers to keep to https (HSTS) on the console over TLS, and not over plain http', async () => {
    const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
      https
        .get({ host: 'localhost', port: secure.port, path: '/healthz', ca: pki.ca.cert }, (response) => {
          response.resume();
          resolve(response.headers);
        })
        .on('error', reject);
    });
    expect(headers['strict-transport-security']).toBe('max-age=31536000');
    const overHttp = await plain.app.inject({ method: 'GET', url: '/healthz' });
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('security profile 3: TLS with a client certificate', () => {
  it('connects a charger whose certificate the CA signed for its product code, without a password', async () => {
    const charger = await aChargerOnProfile(secure, 3);
    const sim = secureSims.make(charger, {
      basicAuth: false,
      tls: { ...trusting(), ...pki.client(charger.product_code) },
    });
    await sim.boot();
    expect(secure.app.ocpp.registry.isConnected(charger.product_code)).toBe(true);
  });

  it('does not fall back to the PIN without a certificate', async () => {
    const charger = await aChargerOnProfile(secure, 3);
    await expect(secureSims.make(charger, { tls: trusting() }).connect()).rejects.toMatchObject({
      code: 401,
    });
  });

  it("refuses another charger's certificate, and one another CA signed", async () => {
    const charger = await aChargerOnProfile(secure, 3);
    const other = await aChargerOnProfile(secure, 3);
    await expect(
      secureSims.make(charger, { tls: { ...trusting(), ...pki.client(other.product_code) } }).connect(),
    ).rejects.toMatchObject({ code: 401 });
    await expect(
      secureSims
        .make(charger, { tls: { ...trusting(), ...pki.client(charger.product_code, { foreign: true }) } })
        .connect(),
    ).rejects.toMatchObject({ code: 401 });
  });

  it('a certificate alone does not let a profile 1 or 2 charger in without its PIN', async () => {
    const charger = await aChargerOnProfile(secure, 2);
    await expect(
      secureSims
        .make({ ...charger, pin: '9999' }, { tls: { ...trusting(), ...pki.client(charger.product_code) } })
        .connect(),
    ).rejects.toMatchObject({ code: 401 });
  });
});
