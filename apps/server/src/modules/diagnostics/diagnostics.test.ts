import type { AddressInfo } from 'node:net';
import { codes, diagnosticsFilePath } from '@plugboard/contract';
import type { Ocpp16 } from '@plugboard/ocpp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { consoleHeaders, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { simulators } from '../../ocpp/ocpp.fixtures.ts';
import { aCharger, anOperatorWithSite, callerFor } from '../chargers/chargers.fixtures.ts';

let t: TestApp & { url: string; base: string };
const sims = simulators(() => t.url);
/** Everything the server logs, at every level: no upload token or PIN may be in it. */
const logLines: string[] = [];
const logStream = { write: (line: string) => void logLines.push(line) };

beforeAll(async () => {
  // The upload URL must name this very listener: PUBLIC_URL is set once the port is known.
  const first = await createTestApp();
  await first.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = first.app.server.address() as AddressInfo;
  await first.close();
  const app = await createTestApp({ publicUrl: `http://127.0.0.1:${port}/`, logLevel: 'trace', logStream });
  await app.app.listen({ port, host: '127.0.0.1' });
  t = { ...app, url: `ws://127.0.0.1:${port}/ocpp`, base: `http://127.0.0.1:${port}` };
});
afterEach(() => sims.stopAll());
afterAll(() => t.close());

const requestPath = '/cms-system/system/diagnostics/v2/request';
const listPath = '/cms-system/system/diagnostics/v2/list';

async function aChargerWithSim(upload: 'put' | 'multipart' = 'put', pin?: string) {
  const op = await anOperatorWithSite(t.db);
  const as = callerFor(t.app, op);
  const charger = await aCharger(t.db, { stationId: op.stationId, ...(pin && { pin }) });
  const sim = sims.make(charger, { diagnosticsUpload: upload });
  const locations: string[] = [];
  const getLogs: Ocpp16.GetLogRequest[] = [];
  sim.client.on('message', ({ message, outbound }: { message: string; outbound: boolean }) => {
    const frame = JSON.parse(message) as [number, string, string, { location?: string }];
    if (!outbound && frame[2] === 'GetDiagnostics' && frame[3].location) locations.push(frame[3].location);
    if (!outbound && frame[2] === 'GetLog') getLogs.push(frame[3] as Ocpp16.GetLogRequest);
  });
  await sim.boot();
  return { op, as, charger, sim, locations, getLogs };
}

const download = (op: { token: string; stationId: number }, id: number) =>
  t.app.inject({
    method: 'POST',
    url: diagnosticsFilePath,
    headers: consoleHeaders(diagnosticsFilePath, op.token),
    payload: { stationId: op.stationId, id },
  });

describe('GetDiagnostics with an upload URL of the server', () => {
  for (const upload of ['put', 'multipart'] as const) {
    it(`gets the charger's file (${upload}) and offers it for download; the URL works once`, async () => {
      const { op, as, charger, locations } = await aChargerWithSim(upload);
      const answer = (await as(requestPath, { chargerId: charger.id })) as {
        status: number;
        data: { id: number; fileName: string };
      };
      expect(answer).toMatchObject({
        status: 200,
        data: { fileName: `diagnostics-${charger.product_code}.log` },
      });
      await vi.waitFor(async () =>
        expect(await as(listPath, { chargerId: charger.id })).toMatchObject({
          data: { status: 'Uploaded', list: [{ id: answer.data.id, size: expect.any(Number) as unknown }] },
        }),
      );
      const location = locations[0] ?? '';
      expect(location.startsWith(`${t.base}/ocpp-diagnostics/`)).toBe(true);
      const file = await download(op, answer.data.id);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toBe(
        `attachment; filename="diagnostics-${charger.product_code}.log"`,
      );
      expect(file.body).toContain(`${charger.product_code} firmware 1.0.0: all well`);
      // A second upload to the same URL is refused: the token is spent.
      const again = await fetch(location, {
        method: 'PUT',
        body: 'x',
        headers: { 'content-type': 'text/plain' },
      });
      expect(again.status).toBe(404);
    });
  }

  it('refuses an unknown token, a file over the limit, and another site asking for the file', async () => {
    const { op, as, charger } = await aChargerWithSim();
    const unknown = await fetch(`${t.base}/ocpp-diagnostics/nothing`, { method: 'PUT', body: 'x' });
    expect(unknown.status).toBe(404);
    const big = await t.app.inject({
      method: 'PUT',
      url: '/ocpp-diagnostics/whatever',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(21 * 1024 * 1024),
    });
    expect(big.statusCode).toBe(413);
    const answer = (await as(requestPath, { chargerId: charger.id })) as { data: { id: number } };
    await vi.waitFor(async () =>
      expect(await as(listPath, { chargerId: charger.id })).toMatchObject({ data: { status: 'Uploaded' } }),
    );
    const other = await anOperatorWithSite(t.db);
    const refused = await download(other, answer.data.id);
    expect(JSON.parse(refused.body)).toMatchObject({ status: codes.operationFailed });
    expect((await download(op, answer.data.id)).statusCode).toBe(200);
  });
});

describe('GetLog with an upload URL of the server', () => {
  type Answer = { status: number; data: { id: number; fileName: string; answer: string; kind: string } };

  for (const [kind, upload] of [
    ['SecurityLog', 'put'],
    ['DiagnosticsLog', 'multipart'],
  ] as const) {
    it(`gets the charger's ${kind} (${upload}) within the window asked, progress by requestId`, async () => {
      const { op, as, charger, getLogs } = await aChargerWithSim(upload);
      const from = '2026-11-20T08:00:00.000Z';
      const to = '2026-11-21T08:00:00.000Z';
      const answer = (await as(requestPath, { chargerId: charger.id, kind, from, to })) as Answer;
      const fileName = `${kind === 'SecurityLog' ? 'security' : 'diagnostics'}-log-${charger.product_code}.log`;
      expect(answer).toMatchObject({ status: 200, data: { kind, answer: 'Accepted', fileName, from, to } });
      expect(getLogs[0]).toMatchObject({
        logType: kind,
        requestId: answer.data.id,
        retries: 2,
        log: { oldestTimestamp: from, latestTimestamp: to },
      });
      expect(getLogs[0]?.log.remoteLocation.startsWith(`${t.base}/ocpp-diagnostics/`)).toBe(true);
      await vi.waitFor(async () =>
        expect(await as(listPath, { chargerId: charger.id })).toMatchObject({
          data: {
            list: [{ id: answer.data.id, logStatus: 'Uploaded', size: expect.any(Number) as unknown }],
          },
        }),
      );
      const file = await download(op, answer.data.id);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
      expect(file.body).toContain(`${charger.product_code} ${kind} ${from} .. ${to}: all well`);
    });
  }

  it('shows UploadFailure when the upload is refused, for the request the charger names', async () => {
    const { as, charger, getLogs } = await aChargerWithSim();
    const first = (await as(requestPath, { chargerId: charger.id, kind: 'SecurityLog' })) as Answer;
    await vi.waitFor(async () =>
      expect(await as(listPath, { chargerId: charger.id })).toMatchObject({
        data: { list: [{ logStatus: 'Uploaded' }] },
      }),
    );
    // The charger is told to upload the same request again, to its spent URL: the server refuses it (404).
    const spent = getLogs[0]!;
    await t.app.ocpp.registry.send(charger.product_code, 'GetLog', spent);
    await vi.waitFor(async () =>
      expect(await as(listPath, { chargerId: charger.id })).toMatchObject({
        data: {
          list: [
            { id: first.data.id, logStatus: 'UploadFailure', uploadedAt: expect.any(String) as unknown },
          ],
        },
      }),
    );
  });

  it("applies a LogStatusNotification without requestId to the latest GetLog, never to another charger's", async () => {
    const one = await aChargerWithSim();
    const other = await aChargerWithSim();
    const mine = (await one.as(requestPath, { chargerId: one.charger.id, kind: 'SecurityLog' })) as Answer;
    await vi.waitFor(async () =>
      expect(await one.as(listPath, { chargerId: one.charger.id })).toMatchObject({
        data: { list: [{ logStatus: 'Uploaded' }] },
      }),
    );
    await one.sim.call('LogStatusNotification', { status: 'Idle' });
    // The other charger names this charger's request: answered, nothing changes.
    await other.sim.call('LogStatusNotification', { status: 'PermissionDenied', requestId: mine.data.id });
    expect(await one.as(listPath, { chargerId: one.charger.id })).toMatchObject({
      data: { list: [{ id: mine.data.id, logStatus: 'Idle' }] },
    });
  });

  it('keeps a GetLog the charger rejects, its URL unusable', async () => {
    const { as, charger, sim, getLogs } = await aChargerWithSim();
    sim.client.handle('GetLog', () => Promise.resolve({ status: 'Rejected' }));
    const answer = (await as(requestPath, { chargerId: charger.id, kind: 'DiagnosticsLog' })) as Answer;
    expect(answer).toMatchObject({ status: 200, data: { answer: 'Rejected', fileName: null } });
    const refused = await fetch(getLogs[0]!.log.remoteLocation, { method: 'PUT', body: 'x' });
    expect(refused.status).toBe(404);
    expect(await as(listPath, { chargerId: charger.id })).toMatchObject({
      data: { list: [{ id: answer.data.id, answer: 'Rejected', uploadedAt: null }] },
    });
  });

  it('refuses a time window that ends before it starts', async () => {
    const { as, charger } = await aChargerWithSim();
    const answer = (await as(requestPath, {
      chargerId: charger.id,
      kind: 'SecurityLog',
      from: '2026-11-21T08:00:00Z',
      to: '2026-11-20T08:00:00Z',
    })) as { status: number };
    expect(answer.status).not.toBe(200);
    expect(await as(listPath, { chargerId: charger.id })).toMatchObject({ data: { list: [] } });
  });
});

describe('the upload URL kept secret', () => {
  it("shows the URL's host and path in the message log, its one-time token in neither the log nor the server's log", async () => {
    const pin = '80417263';
    const { as, charger, locations, getLogs } = await aChargerWithSim('put', pin);
    await as(requestPath, { chargerId: charger.id });
    await as(requestPath, { chargerId: charger.id, kind: 'SecurityLog' });
    await vi.waitFor(async () =>
      expect(await as(listPath, { chargerId: charger.id })).toMatchObject({
        data: {
          list: [
            { uploadedAt: expect.any(String) as unknown },
            { uploadedAt: expect.any(String) as unknown },
          ],
        },
      }),
    );
    const tokens = [locations[0], getLogs[0]?.log.remoteLocation].map((url) => url?.split('/').pop() ?? '');
    expect(tokens.every((token) => token.length >= 32)).toBe(true);
    await t.app.ocppLog.flush();
    const page = (await as('/cms-system/system/ocpp-log/v2/messages', { chargerId: charger.id })) as {
      data: { messages: { kind: string; action: string | null; payload: Record<string, unknown> }[] };
    };
    const shown = JSON.stringify(page.data.messages);
    for (const token of tokens) expect(shown).not.toContain(token);
    const sent = (action: string) => page.data.messages.find((m) => m.action === action)?.payload;
    expect(sent('GetDiagnostics')).toMatchObject({ location: `${t.base}/ocpp-diagnostics/********` });
    expect(sent('GetLog')).toMatchObject({ log: { remoteLocation: `${t.base}/ocpp-diagnostics/********` } });
    // A wrong PIN is refused (401) without being logged either.
    const wrongPin = 'Wr0ng-5521-pin';
    await expect(sims.raw(charger.product_code, wrongPin).connect()).rejects.toBeTruthy();
    const logged = logLines.join('');
    expect(logged).toContain('OCPP handshake refused');
    expect(logged).not.toContain(wrongPin);
    expect(logged).toContain('/cms-system/system/diagnostics/v2/request');
    for (const token of tokens) expect(logged).not.toContain(token);
    // Nor any upload URL of the tests before (the refused, spent and too large uploads included).
    expect(logged).not.toMatch(/ocpp-diagnostics\/[\w-]{20,}/);
    expect(logged).not.toContain(pin);
    expect(logged).not.toContain(Buffer.from(`${charger.product_code}:${pin}`).toString('base64'));
  });
});
