import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call } from '../../../test/helpers.ts';
import { listeningApp, simulators, type OcppTestApp } from '../../ocpp/ocpp.fixtures.ts';
import { aProductCode, anOperatorWithSite, callerFor, chargerCall } from './chargers.fixtures.ts';

// BootNotification's firmwareVersion is optional: a charger that never sends it can still be updated.
let t: OcppTestApp;
const sims = simulators(() => t.url);

beforeAll(async () => {
  t = await listeningApp();
});
afterEach(() => sims.stopAll());
afterAll(() => t.close());

async function aChargerWithoutVersion() {
  const op = await anOperatorWithSite(t.db);
  const as = callerFor(t.app, op);
  const productCode = aProductCode();
  const added = await as(chargerCall('add'), { productCode, pin: '1234' });
  const chargerId = added.data.id;
  const received: string[] = [];
  const sim = sims.make(
    { product_code: productCode, pin: '1234' },
    {
      reportsFirmwareVersion: false,
      log: (line) => {
        if (line.startsWith('⇐ ')) received.push(line.slice(2));
      },
    },
  );
  await sim.boot();
  const add = (version: string) =>
    call(
      t.app,
      '/cms-system/system/charger/v2/firmware/add',
      { model: 'Simulator', version, url: `https://firmware.example/charger-${version}.bin` },
      { token: op.token },
    );
  const detail = async () => (await as(chargerCall('detail'), { chargerId })).data;
  return { as, chargerId, received, add, detail };
}

describe('firmware update of a charger that never reported its version', () => {
  it('is offered the newest version known for its model, and installs the one the operator confirmed', async () => {
    const c = await aChargerWithoutVersion();
    expect(await c.detail()).toMatchObject({ firmwareVersion: null, newFirmwareVersion: null });
    await c.add('1.4.0');
    await c.add('2.0.0');
    expect(await c.detail()).toMatchObject({ firmwareVersion: null, newFirmwareVersion: '2.0.0' });

    const answer = await c.as(chargerCall('firmware/update'), { chargerId: c.chargerId, version: '1.4.0' });
    expect(answer).toMatchObject({ status: 200, data: { version: '1.4.0' } });
    expect(c.received).toContainEqual(expect.stringMatching(/^UpdateFirmware .*charger-1\.4\.0\.bin/));
    await vi.waitFor(async () => expect((await c.detail()).firmwareStatus).toBe('Installed'), {
      timeout: 5000,
    });
  });

  it('refuses a version the catalogue does not know for its model (1039), sending nothing', async () => {
    const c = await aChargerWithoutVersion();
    await c.add('2.0.0');
    const answer = await c.as(chargerCall('firmware/update'), { chargerId: c.chargerId, version: '9.9.9' });
    expect(answer).toMatchObject({ status: 1039, msg: 'No newer firmware is known for this model' });
    expect(c.received.some((l) => l.startsWith('UpdateFirmware'))).toBe(false);
  });
});
