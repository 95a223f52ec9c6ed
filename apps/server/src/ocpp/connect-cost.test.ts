import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aCharger, aStation } from '../modules/chargers/chargers.fixtures.ts';
import { listeningApp, simulators, storedRows, type OcppTestApp } from './ocpp.fixtures.ts';

// What a charger's connection costs PostgreSQL, counted over a real WebSocket: the statements of the connection's
// own path (handshake, connect, boot, statuses, the boot's status check; BEGIN and COMMIT included) while chargers
// connect, boot and report their connectors. Before issue 15's work that path took at least 31 statements a charger:
// the handshake read the charger twice, connect 6, boot 7, two statuses 7 each, the status check 2.

let t: OcppTestApp;
const sims = simulators(() => t.url);
const { chargerRow } = storedRows(() => t.db);

/** The statements recorded while `statementsOf` runs. */
let recording: string[] | undefined;

beforeAll(async () => {
  // The boot's status check runs 2 s after it (a status arrives well before).
  t = await listeningApp({ ocppHeartbeatInterval: 2, onQuery: (sql) => recording?.push(sql) });
});
afterEach(() => sims.stopAll());
afterAll(() => t.close());

/**
 * What other modules read or write when a charger connects (the site for live views and load management, its local
 * list, the PIN secret once, the message log and connection history written behind), or every few seconds (load
 * management's due sites), left out of the count.
 */
const otherModules =
  /"sites"|\b(local_list_sites|local_list_chargers|server_secrets|ocpp_messages|charger_connections|load_sites)\b|^\s*(LISTEN|UNLISTEN)/i;

/** The statements the app's pool runs while `work` runs: the connection's own, and other modules'. */
async function statementsOf(work: () => Promise<unknown>) {
  recording = [];
  await work();
  const texts = recording;
  recording = undefined;
  return {
    own: texts.filter((text) => !otherModules.test(text)),
    others: texts.filter((text) => otherModules.test(text)),
  };
}

/** Connects and boots the chargers at once (BootNotification, then 2 statuses each), past the status check. */
async function connectAll(chargers: { id: number; product_code: string; pin: string }[]) {
  const made = chargers.map((c) => sims.make(c));
  const statements = await statementsOf(async () => {
    await Promise.all(made.map((sim) => sim.boot()));
    await new Promise((resolve) => setTimeout(resolve, 2300));
  });
  for (const c of chargers)
    expect(await chargerRow(c.id)).toMatchObject({ connected: true, status: 'available' });
  return statements;
}

/** The connection's own statements, as `connectAll` counts them. */
const ownOf = async (chargers: Parameters<typeof connectAll>[0]) => (await connectAll(chargers)).own;

const handshakeReads = (statements: string[]) =>
  statements.filter((s) => /from "chargers" where lower\(product_code\)/i.test(s));
const statusChecks = (statements: string[]) => statements.filter((s) => /not exists/i.test(s));

describe('a connection', () => {
  it('of one charger takes at most 27 statements: one read in the handshake, no status check', async () => {
    const statements = await ownOf([await aCharger(t.db)]);
    // handshake 1, connect 6, boot 6, two statuses 7 each.
    expect(statements.length).toBeLessThanOrEqual(27);
    expect(handshakeReads(statements)).toHaveLength(1);
    expect(statusChecks(statements)).toHaveLength(0);
  });

  it('of 20 chargers at once takes fewer a charger (5 here, 27 before): their writes share transactions', async () => {
    const stationId = await aStation(t.db);
    const chargers = await Promise.all(Array.from({ length: 20 }, () => aCharger(t.db, { stationId })));
    const { own: statements, others } = await connectAll(chargers);
    expect(statements.length / chargers.length).toBeLessThanOrEqual(15);
    expect(handshakeReads(statements).length).toBeLessThanOrEqual(20); // those of one turn share a read
    expect(statusChecks(statements)).toHaveLength(0);
    // Whether their local lists concern them: asked together, where each asked in a statement of its own.
    expect(others.filter((s) => /local_list_sites/.test(s)).length).toBeLessThan(chargers.length / 2);
  });

  it('sends the same statements whether one charger connects or 20 at once: each parsed and planned once', async () => {
    const one = await connectAll([await aCharger(t.db)]);
    const stationId = await aStation(t.db);
    const many = await connectAll(
      await Promise.all(Array.from({ length: 20 }, () => aCharger(t.db, { stationId }))),
    );
    // A text that grew with the batch (a list of values) would be parsed and planned by PostgreSQL at each run.
    expect([...new Set(many.own)].filter((text) => !one.own.includes(text))).toEqual([]);
    // The connection history, written behind in batches, too.
    const history = (texts: string[]) => new Set(texts.filter((text) => /charger_connections/.test(text)));
    expect(history(many.others)).toEqual(history(one.others));
    expect(history(one.others).size).toBe(1);
  });
});
