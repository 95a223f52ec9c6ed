import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  aProductCode,
  anOperatorWithSite,
  callerFor,
  chargerCall,
} from '../modules/chargers/chargers.fixtures.ts';
import { listeningApp, simulators, type OcppTestApp } from './ocpp.fixtures.ts';

// DataTransfer both ways for the vendor ids the operator names (OCPP_DATA_TRANSFER_VENDORS).
let t: OcppTestApp;
const sims = simulators(() => t.url);

beforeAll(async () => {
  t = await listeningApp({ dataTransferVendors: ['com.acme', 'org.plugboard.sim'] });
});
afterEach(() => sims.stopAll());
afterAll(() => t.close());

async function aBootedCharger() {
  const op = await anOperatorWithSite(t.db);
  const as = callerFor(t.app, op);
  const productCode = aProductCode();
  const added = await as(chargerCall('add'), { productCode, pin: '1234' });
  const sim = sims.make({ product_code: productCode, pin: '1234' });
  await sim.boot();
  return { as, chargerId: added.data.id, sim };
}

describe('DataTransfer from a charger', () => {
  it('is Accepted for a vendor id the operator named, UnknownVendorId for another', async () => {
    const { sim } = await aBootedCharger();
    const data = JSON.stringify({ temperature: 41 });
    expect(await sim.call('DataTransfer', { vendorId: 'com.acme', messageId: 'Diag', data })).toEqual({
      status: 'Accepted',
    });
    expect(await sim.call('DataTransfer', { vendorId: 'com.other', data })).toEqual({
      status: 'UnknownVendorId',
    });
  });
});

describe('DataTransfer from the console', () => {
  it("sends the vendor's message and answers the charger's status and data raw", async () => {
    const c = await aBootedCharger();
    const send = (body: Record<string, unknown>) =>
      c.as(chargerCall('data-transfer'), { chargerId: c.chargerId, ...body });
    expect((await send({ vendorId: 'org.plugboard.sim', messageId: 'echo', data: '{"a":1}' })).data).toEqual({
      status: 'Accepted',
      data: 'echo:{"a":1}',
    });
    expect((await send({ vendorId: 'org.plugboard.sim', messageId: 'other' })).data).toEqual({
      status: 'UnknownMessageId',
      data: null,
    });
    expect((await send({ vendorId: 'com.acme' })).data).toEqual({ status: 'UnknownVendorId', data: null });
    expect((await send({ vendorId: '' })).status).toBe(4129);
  });
});
