import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { firmwareSigner } from '@plugboard/charger-sim/test-certificates';
import { extendedTriggerableMessages } from '@plugboard/contract';
import { call } from '../../../test/helpers.ts';
import { listeningApp, simulators, type OcppTestApp } from '../../ocpp/ocpp.fixtures.ts';
import { aCard } from '../cards/cards.fixtures.ts';
import { aProductCode, anOperatorWithSite, callerFor, chargerCall } from './chargers.fixtures.ts';

// Signed firmware update and ExtendedTriggerMessage (OCPP 1.6 security whitepaper ed. 3), over a real WebSocket
// with the charger simulator, which downloads the firmware from a local HTTP server and checks its signature.
let t: OcppTestApp;
let files: Server;
let filesUrl: string;
const sims = simulators(() => t.url);
const firmwareBytes = Buffer.from('plugboard firmware image 2.1.0\n'.repeat(200));

/** A signing certificate made with openssl for this run (RSA, self-signed, one day; never committed). */
const signer = firmwareSigner('Plugboard firmware signing (test)');
const { signatureOf } = signer;

beforeAll(async () => {
  t = await listeningApp();
  files = createServer((request, response) => {
    if (request.url === '/charger-2.1.0.bin') response.end(firmwareBytes);
    // A slow mirror: the download is under way for a second and a half.
    else if (request.url === '/slow/charger-2.1.0.bin') setTimeout(() => response.end(firmwareBytes), 1500);
    else response.writeHead(404).end();
  });
  files.listen(0, '127.0.0.1');
  await new Promise((resolve) => files.once('listening', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterEach(() => sims.stopAll());
afterAll(async () => {
  files.close();
  await t.close();
});

async function aConnectedCharger(options: { connectors?: number } = {}) {
  const op = await anOperatorWithSite(t.db);
  const as = callerFor(t.app, op);
  const productCode = aProductCode();
  const chargerId = (await as(chargerCall('add'), { productCode, pin: '1234' })).data.id;
  const received: string[] = [];
  const sent: string[] = [];
  const sim = sims.make(
    { product_code: productCode, pin: '1234' },
    {
      firmwareVersion: '1.0.0',
      connectors: options.connectors ?? 1,
      log: (line) => {
        if (line.startsWith('⇐ ')) received.push(line.slice(2));
        if (line.startsWith('→ ')) sent.push(line.slice(2));
      },
    },
  );
  await sim.boot();
  const detail = async () => (await as(chargerCall('detail'), { chargerId })).data;
  const addFirmware = async (entry: Record<string, string>) =>
    (await call(t.app, '/cms-system/system/charger/v2/firmware/add', entry, { token: op.token })).body;
  return { ...op, as, chargerId, sim, received, sent, detail, addFirmware };
}

const signedStatuses = (sent: string[]) =>
  sent
    .filter((l) => l.startsWith('SignedFirmwareStatusNotification '))
    .map((l) => JSON.parse(l.slice('SignedFirmwareStatusNotification '.length)) as object);

describe('signed firmware update', () => {
  it('offers a signed catalogue entry with SignedUpdateFirmware; the charger verifies it, installs, and every step shows with its requestId', async () => {
    const c = await aConnectedCharger();
    const signature = signatureOf(firmwareBytes);
    const added = await c.addFirmware({
      model: 'Simulator',
      version: '2.1.0',
      url: `${filesUrl}/charger-2.1.0.bin`,
      signingCertificate: signer.certificate,
      signature,
    });
    expect(added).toMatchObject({ status: 200, data: { version: '2.1.0', signed: true } });

    const answer = await c.as(chargerCall('firmware/update'), { chargerId: c.chargerId });
    expect(answer).toMatchObject({
      status: 200,
      data: { version: '2.1.0', message: 'SignedUpdateFirmware', status: 'Accepted' },
    });
    const requestId = answer.data.requestId;
    expect(requestId).toEqual(expect.any(Number));
    const [offer] = c.received.filter((l) => l.startsWith('SignedUpdateFirmware '));
    expect(JSON.parse(offer!.slice('SignedUpdateFirmware '.length))).toEqual({
      requestId,
      firmware: {
        location: `${filesUrl}/charger-2.1.0.bin`,
        retrieveDateTime: expect.any(String) as unknown,
        signingCertificate: signer.certificate,
        signature,
      },
    });
    expect(c.received.some((l) => l.startsWith('UpdateFirmware'))).toBe(false);

    await vi.waitFor(
      async () =>
        expect(await c.detail()).toMatchObject({
          firmwareVersion: '2.1.0',
          firmwareStatus: 'Installed',
          firmwareRequestId: requestId,
        }),
      { timeout: 5000 },
    );
    expect(signedStatuses(c.sent)).toEqual(
      ['Downloading', 'Downloaded', 'SignatureVerified', 'Installing', 'Installed'].map((status) => ({
        status,
        requestId,
      })),
    );
  });

  it('shows InvalidSignature when the signature does not verify, and the charger keeps its version', async () => {
    const c = await aConnectedCharger();
    await c.addFirmware({
      model: 'Simulator',
      version: '2.1.0',
      url: `${filesUrl}/charger-2.1.0.bin`,
      signingCertificate: signer.certificate,
      signature: signatureOf(Buffer.from('some other image')),
    });
    const answer = await c.as(chargerCall('firmware/update'), { chargerId: c.chargerId });
    expect(answer.data).toMatchObject({ message: 'SignedUpdateFirmware', status: 'Accepted' });
    await vi.waitFor(async () => expect((await c.detail()).firmwareStatus).toBe('InvalidSignature'), {
      timeout: 5000,
    });
    expect(await c.detail()).toMatchObject({
      firmwareVersion: '1.0.0',
      firmwareRequestId: answer.data.requestId,
    });
    expect(signedStatuses(c.sent).map((s) => (s as { status: string }).status)).toEqual([
      'Downloading',
      'Downloaded',
      'InvalidSignature',
    ]);
    await vi.waitFor(() =>
      expect(c.sent).toContainEqual(
        expect.stringMatching(/^SecurityEventNotification .*InvalidFirmwareSignature/),
      ),
    );
  });

  it("answers the charger's refusal and keeps the former firmware status", async () => {
    const c = await aConnectedCharger();
    await c.sim.call('FirmwareStatusNotification', { status: 'Idle' });
    await c.addFirmware({
      model: 'Simulator',
      version: '2.1.0',
      url: `${filesUrl}/charger-2.1.0.bin`,
      signingCertificate: signer.certificate,
      signature: signatureOf(firmwareBytes),
    });
    // A charger whose certificate revocation list names the signing certificate.
    c.sim.client.handle('SignedUpdateFirmware', () => Promise.resolve({ status: 'RevokedCertificate' }));
    const answer = await c.as(chargerCall('firmware/update'), { chargerId: c.chargerId });
    expect(answer).toMatchObject({
      status: 200,
      data: { message: 'SignedUpdateFirmware', status: 'RevokedCertificate' },
    });
    expect(await c.detail()).toMatchObject({
      firmwareVersion: '1.0.0',
      firmwareStatus: 'Idle',
      firmwareRequestId: null,
    });
  });

  it('a second offer while the first downloads cancels it (AcceptedCanceled) and installs with the new request', async () => {
    const c = await aConnectedCharger();
    const signature = signatureOf(firmwareBytes);
    await c.addFirmware({
      model: 'Simulator',
      version: '2.1.0',
      url: `${filesUrl}/slow/charger-2.1.0.bin`,
      signingCertificate: signer.certificate,
      signature,
    });
    const first = await c.as(chargerCall('firmware/update'), { chargerId: c.chargerId });
    expect(first.data).toMatchObject({ status: 'Accepted' });
    await vi.waitFor(async () => expect((await c.detail()).firmwareStatus).toBe('Downloading'));
    const second = await c.as(chargerCall('firmware/update'), { chargerId: c.chargerId });
    expect(second.data).toMatchObject({ message: 'SignedUpdateFirmware', status: 'AcceptedCanceled' });
    expect(second.data.requestId).not.toBe(first.data.requestId);
    await vi.waitFor(
      async () =>
        expect(await c.detail()).toMatchObject({
          firmwareStatus: 'Installed',
          firmwareVersion: '2.1.0',
          firmwareRequestId: second.data.requestId,
        }),
      { timeout: 8000 },
    );
    // The cancelled request stopped at Downloading.
    expect(
      signedStatuses(c.sent).filter((s) => (s as { requestId: number }).requestId === first.data.requestId),
    ).toEqual([{ status: 'Downloading', requestId: first.data.requestId }]);
  });

  it('waits for the transaction to end before installing (InstallScheduled), and a trigger reports where it is', async () => {
    const c = await aConnectedCharger();
    await c.addFirmware({
      model: 'Simulator',
      version: '2.1.0',
      url: `${filesUrl}/charger-2.1.0.bin`,
      signingCertificate: signer.certificate,
      signature: signatureOf(firmwareBytes),
    });
    await c.sim.plugIn(1);
    await c.sim.presentCard((await aCard(t.db, c.stationId)).cardId, 1);
    const { requestId } = (await c.as(chargerCall('firmware/update'), { chargerId: c.chargerId })).data;
    await vi.waitFor(async () => expect((await c.detail()).firmwareStatus).toBe('InstallScheduled'), {
      timeout: 5000,
    });
    const trigger = await c.as(chargerCall('extended-trigger'), {
      chargerId: c.chargerId,
      requestedMessage: 'FirmwareStatusNotification',
    });
    expect(trigger.data).toEqual({ status: 'Accepted' });
    await vi.waitFor(() =>
      expect(
        signedStatuses(c.sent).filter((s) => (s as { status: string }).status === 'InstallScheduled'),
      ).toEqual([
        { status: 'InstallScheduled', requestId },
        { status: 'InstallScheduled', requestId },
      ]),
    );
    expect((await c.detail()).firmwareVersion).toBe('1.0.0');
    await c.sim.stopTransaction(1);
    await vi.waitFor(async () => expect((await c.detail()).firmwareVersion).toBe('2.1.0'), { timeout: 5000 });
  });

  it('shows DownloadFailed when the location cannot be downloaded', async () => {
    const c = await aConnectedCharger();
    await c.addFirmware({
      model: 'Simulator',
      version: '2.1.0',
      url: `${filesUrl}/missing-2.1.0.bin`,
      signingCertificate: signer.certificate,
      signature: signatureOf(firmwareBytes),
    });
    await c.as(chargerCall('firmware/update'), { chargerId: c.chargerId });
    await vi.waitFor(async () => expect((await c.detail()).firmwareStatus).toBe('DownloadFailed'), {
      timeout: 5000,
    });
  });

  it('offers an entry without certificate and signature with plain UpdateFirmware, as before', async () => {
    const c = await aConnectedCharger();
    const added = await c.addFirmware({
      model: 'Simulator',
      version: '2.1.0',
      url: `${filesUrl}/charger-2.1.0.bin`,
    });
    expect(added.data).toMatchObject({ signed: false });
    const answer = await c.as(chargerCall('firmware/update'), { chargerId: c.chargerId });
    expect(answer.data).toEqual({
      version: '2.1.0',
      message: 'UpdateFirmware',
      status: null,
      requestId: null,
    });
    expect(c.received).toContainEqual(expect.stringMatching(/^UpdateFirmware .*charger-2\.1\.0\.bin/));
  });

  it('refuses a catalogue entry with a certificate but no signature, or a certificate that is not one (4129)', async () => {
    const c = await aConnectedCharger();
    const base = { model: 'Simulator', version: '3.0.0', url: `${filesUrl}/charger-3.0.0.bin` };
    expect((await c.addFirmware({ ...base, signingCertificate: signer.certificate })).status).toBe(4129);
    expect((await c.addFirmware({ ...base, signature: 'c2ln' })).status).toBe(4129);
    const garbled = '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----';
    expect((await c.addFirmware({ ...base, signingCertificate: garbled, signature: 'c2ln' })).status).toBe(
      4129,
    );
    expect(
      (await c.addFirmware({ ...base, signingCertificate: signer.certificate, signature: 'not base64!' }))
        .status,
    ).toBe(4129);
  });
});

describe('SignedFirmwareStatusNotification', () => {
  it('is answered and stored with its requestId, each status the whitepaper has', async () => {
    const c = await aConnectedCharger();
    for (const status of [
      'DownloadScheduled',
      'DownloadPaused',
      'InstallScheduled',
      'InstallRebooting',
    ] as const) {
      await expect(
        c.sim.call('SignedFirmwareStatusNotification', { status, requestId: 77 }),
      ).resolves.toEqual({});
      expect(await c.detail()).toMatchObject({ firmwareStatus: status, firmwareRequestId: 77 });
    }
    await c.sim.call('SignedFirmwareStatusNotification', { status: 'Idle' });
    expect(await c.detail()).toMatchObject({ firmwareStatus: 'Idle', firmwareRequestId: null });
  });
});

describe('ExtendedTriggerMessage', () => {
  const follows: Record<(typeof extendedTriggerableMessages)[number], RegExp | null> = {
    BootNotification: /^BootNotification /,
    LogStatusNotification: /^LogStatusNotification \{"status":"Idle"\}/,
    FirmwareStatusNotification: /^SignedFirmwareStatusNotification \{"status":"Idle"\}/,
    Heartbeat: /^Heartbeat /,
    MeterValues: /^MeterValues /,
    // A02: a new key's CSR (the server refuses it here, with no charger CA configured; the request went).
    SignChargePointCertificate: /^SignCertificate \{"csr":"-----BEGIN CERTIFICATE REQUEST-----/,
    StatusNotification: /^StatusNotification /,
  };

  it.each(extendedTriggerableMessages)('%s: the charger accepts and sends it', async (requestedMessage) => {
    const c = await aConnectedCharger();
    const before = c.sent.length;
    const answer = await c.as(chargerCall('extended-trigger'), { chargerId: c.chargerId, requestedMessage });
    expect(answer).toMatchObject({ status: 200, data: { status: 'Accepted' } });
    expect(c.received).toContainEqual(`ExtendedTriggerMessage ${JSON.stringify({ requestedMessage })}`);
    const expected = follows[requestedMessage];
    if (expected)
      await vi.waitFor(() => expect(c.sent.slice(before)).toContainEqual(expect.stringMatching(expected)));
  });

  it('names one connector, and is Rejected for a connector the charger does not have', async () => {
    const c = await aConnectedCharger({ connectors: 2 });
    const one = await c.as(chargerCall('extended-trigger'), {
      chargerId: c.chargerId,
      requestedMessage: 'StatusNotification',
      connectorId: 2,
    });
    expect(one.data).toEqual({ status: 'Accepted' });
    await vi.waitFor(() =>
      expect(c.sent).toContainEqual(expect.stringMatching(/^StatusNotification \{"connectorId":2/)),
    );
    const missing = await c.as(chargerCall('extended-trigger'), {
      chargerId: c.chargerId,
      requestedMessage: 'MeterValues',
      connectorId: 3,
    });
    expect(missing.data).toEqual({ status: 'Rejected' });
  });

  it('refuses connector 0 in the contract (4129), sending nothing', async () => {
    const c = await aConnectedCharger();
    const answer = await c.as(chargerCall('extended-trigger'), {
      chargerId: c.chargerId,
      requestedMessage: 'StatusNotification',
      connectorId: 0,
    });
    expect(answer.status).toBe(4129);
    expect(c.received.some((l) => l.startsWith('ExtendedTriggerMessage'))).toBe(false);
  });
});
