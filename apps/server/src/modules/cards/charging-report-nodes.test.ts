import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createSharedDatabase, type SharedDatabase } from '../../../test/helpers.ts';
import { createDb, type Db } from '../../db/client.ts';
import type { EventEnvelope } from '../../lib/event-bus.ts';
import { createMailer } from '../../lib/mailer.ts';
import { aCharger, anOperatorWithSite } from '../chargers/chargers.fixtures.ts';
import { eventsService, eventWriter } from '../events/events.service.ts';
import { aStoredSession } from '../sessions/sessions.fixtures.ts';
import { aCard, aCardId } from './cards.fixtures.ts';
import { chargingReportService, sendReportsOnStop } from './charging-report.service.ts';

// Every node hears a session's stop; the charging report still goes out once.
const log = pino({ level: 'silent' });
let shared: SharedDatabase;
let db: Db;

beforeAll(async () => {
  shared = await createSharedDatabase();
  db = shared.db;
});
afterAll(() => shared.close());

/** A node with its own pool, event bus and mailer (no SMTP: the outbox is what it sends), sending reports. */
async function aNode() {
  const nodeDb = createDb(shared.url, { max: 2 });
  const now = () => new Date();
  const events = eventsService({ db: nodeDb, now, log });
  await events.start();
  const mailer = createMailer({ db: nodeDb, smtpUrl: undefined, from: 'test@plugboard.local', log, now });
  const reports = sendReportsOnStop({
    events,
    reports: chargingReportService({ db: nodeDb, mailer, events, now }),
    log,
  });
  const stops: EventEnvelope<'session.stopped'>[] = [];
  events.subscribe('session.stopped', (_payload, event) => stops.push(event));
  shared.closeLater(async () => {
    await events.close();
    await reports.drain();
    await nodeDb.destroy();
  });
  return { events, reports, stops };
}

/** A complete session of a card subscribed to reports, and the stop a charger's node writes for it. */
async function aStoppedSession() {
  const op = await anOperatorWithSite(db);
  const charger = await aCharger(db, { stationId: op.stationId });
  const email = `driver-${aCardId().toLowerCase()}@example.com`;
  const card = await aCard(db, op.stationId, { email, subscribeReport: true });
  const session = await aStoredSession(db, charger, { card_id: card.id });
  const stop = () =>
    db.transaction().execute((trx) =>
      eventWriter(() => new Date()).append(trx, 'session.stopped', {
        stationId: session.station_id,
        chargerId: charger.id,
        sessionId: session.id,
        connectorId: session.connector_id,
        endTime: session.end_time!.toISOString(),
        energyWh: session.energy_wh ?? 0,
        stopReason: 'EVDisconnected',
        flags: [],
      }),
    );
  const mailsSent = async () =>
    (await db.selectFrom('outbox').select('id').where('to_email', '=', email).execute()).length;
  return { session, stop, mailsSent };
}

describe('the charging report with several nodes', () => {
  it('is sent once though two nodes hear the stop', async () => {
    const [a, b] = [await aNode(), await aNode()];
    const { session, stop, mailsSent } = await aStoppedSession();
    await stop();
    for (const node of [a, b]) await node.events.caughtUp();
    expect(a.stops.map((e) => e.payload.sessionId)).toContain(session.id);
    expect(b.stops.map((e) => e.payload.sessionId)).toContain(session.id);
    // Both handled the stop (draining waits for the reports under way): one sent the mail.
    await Promise.all([a.reports.drain(), b.reports.drain()]);
    expect(await mailsSent()).toBe(1);
  });

  it('is sent for a stop no node heard, by the first node to start, and only once', async () => {
    const { stop, mailsSent } = await aStoppedSession();
    await stop();
    const first = await aNode();
    await first.reports.caughtUp;
    expect(await mailsSent()).toBe(1);
    const second = await aNode();
    await second.reports.caughtUp;
    expect(await mailsSent()).toBe(1);
  });
});
