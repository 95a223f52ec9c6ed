import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aCharger } from '../modules/chargers/chargers.fixtures.ts';
import { listeningApp, simulators, type OcppTestApp } from './ocpp.fixtures.ts';
import { callErrorLimits, classifyBadFrame, ocpp16ErrorCodes } from './v16/call-errors.ts';

let t: OcppTestApp;
const sims = simulators(() => t.url);

beforeAll(async () => {
  t = await listeningApp();
});
afterEach(() => sims.stopAll());
afterAll(() => t.close());

/** A connected bare client; `exchange` sends one raw frame and resolves with the server's next frame, parsed. */
async function rawSocket() {
  const charger = await aCharger(t.db);
  const client = sims.raw(charger.product_code, charger.pin);
  await client.connect();
  return {
    client,
    exchange: async (frame: string): Promise<unknown[]> => {
      const reply = new Promise<unknown[]>((resolve) => {
        const onMessage = ({ message, outbound }: { message: string; outbound: boolean }) => {
          if (outbound) return;
          client.off('message', onMessage);
          // id and code; the description and details are checked where they matter
          resolve((JSON.parse(message) as unknown[]).slice(0, 3));
        };
        client.on('message', onMessage);
      });
      client.sendRaw(frame);
      return reply;
    },
  };
}

describe('CALLERROR codes a 1.6 charger understands', () => {
  it('a frame that is not JSON gets FormationViolation, with its id when it can be read', async () => {
    const { exchange } = await rawSocket();
    expect(await exchange('[2,"abc-1","Heartbeat",{')).toEqual([4, 'abc-1', 'FormationViolation']);
    expect(await exchange('hello')).toEqual([4, '-1', 'FormationViolation']);
    expect(await exchange('{"not":"an array"}')).toEqual([4, '-1', 'FormationViolation']);
  });

  it('a numeric message id gets FormationViolation and is echoed as text', async () => {
    const { exchange } = await rawSocket();
    expect(await exchange('[2,42,"Heartbeat",{}]')).toEqual([4, '42', 'FormationViolation']);
  });

  it('an unknown message type gets NotSupported with its id', async () => {
    const { exchange } = await rawSocket();
    expect(await exchange('[9,"x-9","Heartbeat",{}]')).toEqual([4, 'x-9', 'NotSupported']);
  });

  it('a CALL cut short gets ProtocolError', async () => {
    const { exchange } = await rawSocket();
    expect(await exchange('[2,"short"]')).toEqual([4, 'short', 'ProtocolError']);
  });

  it('a missing field gets OccurenceConstraintViolation, as 1.6 spells it', async () => {
    const { exchange } = await rawSocket();
    const reply = await exchange('[2,"m-1","StartTransaction",{"connectorId":1,"idTag":"A"}]');
    expect(reply).toEqual([4, 'm-1', 'OccurenceConstraintViolation']);
  });

  it('every code sent is a 1.6 code, and the socket keeps working', async () => {
    const { client, exchange } = await rawSocket();
    const replies = [
      await exchange('not json'),
      await exchange('[7,"a"]'),
      await exchange('["2","a","Heartbeat",{}]'),
      await exchange('[2,"a",17,{}]'),
      await exchange('[2,"a","MakeCoffee",{}]'),
    ];
    for (const reply of replies) expect(ocpp16ErrorCodes).toContain(reply[2]);
    await expect(client.call('Heartbeat', {})).resolves.toHaveProperty('currentTime');
  });

  it('an invalid payload is not echoed back whole', async () => {
    const { client, exchange } = await rawSocket();
    const full: string[] = [];
    client.on('message', ({ message, outbound }: { message: string; outbound: boolean }) => {
      if (!outbound) full.push(message);
    });
    const vendor = 'V'.repeat(5000);
    const reply = await exchange(
      JSON.stringify([2, 'big', 'BootNotification', { chargePointVendor: vendor, chargePointModel: 'X' }]),
    );
    expect(reply).toEqual([4, 'big', 'FormationViolation']);
    const echoed = JSON.stringify(full.at(-1));
    expect(echoed).not.toContain(vendor);
    expect(echoed.length).toBeLessThan(callErrorLimits.detailsBytes + callErrorLimits.descriptionChars + 100);
  });

  it('a CALLRESULT for no CALL gets no answer', async () => {
    const { client, exchange } = await rawSocket();
    client.sendRaw('[3,"nobody-asked",{}]');
    // The next reply is the heartbeat's: nothing was sent for the stray result.
    const reply = await exchange('[2,"hb","Heartbeat",{}]');
    expect(reply).toEqual([3, 'hb', expect.anything()]);
  });
});

describe('classifyBadFrame', () => {
  it.each([
    ['[2,"id-1","Heartbeat"', 'id-1', 'FormationViolation'],
    ['[]', '-1', 'ProtocolError'],
    ['[2]', '-1', 'ProtocolError'],
    ['[4.5,"a"]', 'a', 'NotSupported'],
    ['[2,{"a":1},"Heartbeat",{}]', '-1', 'FormationViolation'],
    [`[2,"${'x'.repeat(37)}","Heartbeat",{}]`, '-1', 'FormationViolation'],
  ])('%s -> id %s, %s', (frame, id, code) => {
    expect(classifyBadFrame(frame)).toEqual({ id, code });
  });
});
