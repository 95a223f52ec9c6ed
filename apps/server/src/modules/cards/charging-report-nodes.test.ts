import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createSharedDatabase, testClock, type SharedDatabase } from '../../../test/helpers.ts';
import { startMailbox } from '../../../test/smtp.ts';
import { createDb, type Db } from '../../db/client.ts';
import type { EventEnvelope } from '../../lib/event-bus.ts';
import { createMailer, type Mailer } from '../../lib/mailer.ts';
import { codeMail } from '../verify-code/code-mail.ts';
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
// A test's nodes stop with it, so that they do not handle the next test's stops.
const nodes: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of nodes.splice(0).reverse()) await close();
});
afterAll(() => shared.close());

type NodeOptions = {
  /** Without it the outbox is what the node sends. */
  smtpUrl?: string;
  now?: () => Date;
  /** The node dies between the commit of a report and its send. */
  diesBeforeSending?: boolean;
};

/** A node with its own pool, event bus and mailer, sending reports. */
async function aNode({ smtpUrl, now = () => new Date(), diesBeforeSending = false }: NodeOptions = {}) {
  const nodeDb = createDb(shared.url, { max: 2 });
  const events = eventsService({ db: nodeDb, now, log });
  await events.start();
  const mailer = createMailer({ db: nodeDb, smtpUrl, from: 'test@plugboard.local', log, now });
  const recordOnly: Pick<Mailer, 'record'> = {
    record: async (trx, message) => {
      await mailer.record(trx, message);
      return { deliver: () => Promise.reject(new Error('killed')) };
    },
  };
  const reports = sendReportsOnStop({
    events,
    reports: chargingReportService({
      db: nodeDb,
      mailer: diesBeforeSending ? recordOnly : mailer,
      events,
      now,
    }),
    log,
  });
  const stops: EventEnvelope<'session.stopped'>[] = [];
  events.subscribe('session.stopped', (_payload, event) => stops.push(event));
  nodes.push(async () => {
    await events.close();
    await reports.drain();
    await mailer.close();
    await nodeDb.destroy();
  });
  return { events, reports, stops, mailer };
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
  const outboxRow = () =>
    db.selectFrom('outbox').selectAll().where('to_email', '=', email).executeTakeFirst();
  return { email, session, stop, mailsSent, outboxRow };
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

const minutes = 60 * 1000;

/** A real SMTP server until the database closes; one that refuses every mail until told otherwise, if asked. */
async function aMailbox({ refusing = false } = {}) {
  const mailbox = await startMailbox();
  shared.closeLater(() => mailbox.close());
  mailbox.refuse(refusing);
  return mailbox;
}

describe('the delivery of a charging report', () => {
  it('is retried while the SMTP server refuses it, and goes out once when it takes it', async () => {
    const mailbox = await aMailbox({ refusing: true });
    const clock = testClock();
    const node = await aNode({ smtpUrl: mailbox.url, now: clock.now });
    const { email, stop, outboxRow } = await aStoppedSession();
    await stop();
    await node.events.caughtUp();
    await node.reports.drain();
    expect(await outboxRow()).toMatchObject({ sent_at: null, retry: true, attempts: 1, error: /try again/ });

    mailbox.refuse(false);
    // Not before its backoff; then once.
    expect(await node.mailer.retryDue()).toBe(0);
    clock.advance(2 * minutes);
    expect(await node.mailer.retryDue()).toBe(1);
    clock.advance(10 * minutes);
    expect(await node.mailer.retryDue()).toBe(0);
    expect(mailbox.messages.filter((m) => m.to === email)).toHaveLength(1);
    expect(await outboxRow()).toMatchObject({ sent_at: expect.any(Date) as Date, attempts: 2 });
  });

  it('is sent by the retry of another node when its node died before sending, and only once', async () => {
    const mailbox = await aMailbox();
    const dying = await aNode({ smtpUrl: mailbox.url, diesBeforeSending: true });
    const { email, stop, mailsSent } = await aStoppedSession();
    await stop();
    await dying.reports.caughtUp;
    await dying.events.caughtUp();
    await dying.reports.drain();
    expect(await mailsSent()).toBe(1);
    expect(mailbox.messages.filter((m) => m.to === email)).toEqual([]);

    // A fresh node does not report the stop again (its event is claimed), but its retry sends the mail.
    const fresh = await aNode({ smtpUrl: mailbox.url });
    await fresh.reports.caughtUp;
    await fresh.mailer.retryDue();
    await fresh.mailer.retryDue();
    expect(await mailsSent()).toBe(1);
    expect(mailbox.messages.filter((m) => m.to === email)).toHaveLength(1);
  });

  it('goes out once though two nodes retry it at the same time', async () => {
    const mailbox = await aMailbox();
    const dying = await aNode({ smtpUrl: mailbox.url, diesBeforeSending: true });
    const stopped = [await aStoppedSession(), await aStoppedSession(), await aStoppedSession()];
    for (const { stop } of stopped) await stop();
    await dying.events.caughtUp();
    await dying.reports.drain();

    const [a, b] = [await aNode({ smtpUrl: mailbox.url }), await aNode({ smtpUrl: mailbox.url })];
    const sent = await Promise.all([a.mailer.retryDue(), b.mailer.retryDue(), a.mailer.retryDue()]);
    expect(sent.reduce((sum, n) => sum + n, 0)).toBe(3);
    for (const { email } of stopped) expect(mailbox.messages.filter((m) => m.to === email)).toHaveLength(1);
  });
});

describe('a verification-code mail', () => {
  it('is never retried: the user asks for a new code', async () => {
    const mailbox = await aMailbox({ refusing: true });
    const clock = testClock();
    const { mailer } = await aNode({ smtpUrl: mailbox.url, now: clock.now });
    const email = `code-${aCardId().toLowerCase()}@example.com`;
    const code = '7KQ3';
    const mail = { to: email, ...codeMail('en_US', 'register', code), secret: code, retry: true };
    await expect(mailer.send(mail)).rejects.toThrow(/could not be sent/);

    mailbox.refuse(false);
    clock.advance(30 * minutes);
    expect(await mailer.retryDue()).toBe(0);
    expect(mailbox.messages).toEqual([]);
    const row = await db.selectFrom('outbox').selectAll().where('to_email', '=', email).executeTakeFirst();
    expect(row).toMatchObject({
      retry: false,
      sent_at: null,
      text: expect.stringContaining('••••') as string,
    });
  });
});
