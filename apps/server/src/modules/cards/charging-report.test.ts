import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Language } from '@plugboard/contract';
import { startMailbox, type Mailbox } from '../../../test/smtp.ts';
import { listeningApp, simulators, storedRows, type OcppTestApp } from '../../ocpp/ocpp.fixtures.ts';
import { aCharger, anOperatorWithSite } from '../chargers/chargers.fixtures.ts';
import { saveTariff } from '../tariffs/tariffs.fixtures.ts';
import { aCard, aCardId } from './cards.fixtures.ts';

// The charging report, from the charger's StopTransaction to a real SMTP mailbox.
let t: OcppTestApp;
let mailbox: Mailbox;
const sims = simulators(() => t.url);
const { sessionsOf } = storedRows(() => t.db);

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await listeningApp({ smtpUrl: mailbox.url });
});
afterEach(() => sims.stopAll());
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

/** A booted charger on a site whose owner reads `language` and whose clock is `timeZone`. */
async function aSite({
  language = 'en_US',
  timeZone = 'UTC',
}: { language?: Language; timeZone?: string } = {}) {
  const op = await anOperatorWithSite(t.db);
  await t.db.updateTable('users').set({ language }).where('id', '=', op.userId).execute();
  await t.db.updateTable('sites').set({ time_zone: timeZone }).where('id', '=', op.stationId).execute();
  const charger = await aCharger(t.db, { stationId: op.stationId });
  const sim = sims.make(charger);
  await sim.boot();
  return { ...op, charger, sim };
}

const anAddress = () => `driver-${aCardId().toLowerCase()}@example.com`;
const mailsTo = (address: string) => mailbox.messages.filter((m) => m.to === address);
/** Time for a report that should not come to have come. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

/** A session of an hour, 7.5 kWh, from 09:00 UTC on 1 March 2026. */
async function aSession(
  sim: Awaited<ReturnType<typeof aSite>>['sim'],
  idTag: string,
  transactionId?: number,
) {
  const started =
    transactionId ??
    (
      await sim.call('StartTransaction', {
        connectorId: 1,
        idTag,
        meterStart: 1000,
        timestamp: '2026-03-01T09:00:00.000Z',
      })
    ).transactionId;
  const stop = {
    transactionId: started,
    idTag,
    meterStop: 8500,
    timestamp: '2026-03-01T10:00:00.000Z',
    reason: 'EVDisconnected' as const,
  };
  await sim.call('StopTransaction', stop);
  return { transactionId: started, stop };
}

describe('the charging report', () => {
  it("mails a subscribed card's report in the owner's language and the site's time zone, with the cost", async () => {
    const s = await aSite({ language: 'de_DE', timeZone: 'Europe/Berlin' });
    await saveTariff(t.app, s);
    const email = anAddress();
    const card = await aCard(t.db, s.stationId, { email, subscribeReport: true });
    await aSession(s.sim, card.cardId);

    await vi.waitFor(() => expect(mailsTo(email)).toHaveLength(1));
    const [session] = await sessionsOf(s.charger.id);
    expect(session!.cost_gross_minor).not.toBeNull();
    const mail = mailbox.lastTo(email);
    expect(mail.subject).toBe(`Ihr Ladebericht – ${s.charger.alias}`);
    expect(mail.text).toContain(`Ladestation: ${s.charger.alias}\nKarte: ${card.cardId}\n`);
    expect(mail.text).toContain('Beginn: 01.03.2026, 10:00\nEnde: 01.03.2026, 11:00\nEnergie: 7,5 kWh\n');
    const euros = (session!.cost_gross_minor! / 100).toFixed(2).replace('.', ',');
    expect(mail.text).toContain(`Kosten: ${euros}\u00a0€\n`);
    expect(session!.report_sent_at).not.toBeNull();
  });

  it('leaves the cost out when the site has no tariff', async () => {
    const s = await aSite({ timeZone: 'America/New_York' });
    const email = anAddress();
    const card = await aCard(t.db, s.stationId, { email, subscribeReport: true });
    await aSession(s.sim, card.cardId);
    await vi.waitFor(() => expect(mailsTo(email)).toHaveLength(1));
    const mail = mailbox.lastTo(email);
    expect(mail.subject).toBe(`Your charging report – ${s.charger.alias}`);
    expect(mail.text).toMatch(
      /\nStart: Mar 1, 2026, 4:00\sAM\nEnd: Mar 1, 2026, 5:00\sAM\nEnergy: 7\.5 kWh\n\n/,
    );
    expect(mail.text).not.toContain('Cost');
  });

  it('goes out once per session: not again for a replayed stop, nor for a late stop correcting it', async () => {
    const s = await aSite();
    const email = anAddress();
    const card = await aCard(t.db, s.stationId, { email, subscribeReport: true });
    const first = await s.sim.call('StartTransaction', {
      connectorId: 1,
      idTag: card.cardId,
      meterStart: 0,
      timestamp: '2026-03-01T08:00:00.000Z',
    });
    // A new transaction on the connector closes the first one (replaced): its report goes out then.
    const second = await aSession(s.sim, 'NOT-A-CARD');
    await vi.waitFor(() => expect(mailsTo(email)).toHaveLength(1));

    // The charger's own stop of the first transaction arrives late, then again.
    const { stop } = await aSession(s.sim, card.cardId, first.transactionId);
    await s.sim.call('StopTransaction', stop);
    await settle();
    expect(mailsTo(email)).toHaveLength(1);
    expect(second.transactionId).not.toBe(first.transactionId);
  });

  it('is not sent for a card that is not subscribed', async () => {
    const s = await aSite();
    const email = anAddress();
    const card = await aCard(t.db, s.stationId, { email, subscribeReport: false });
    await aSession(s.sim, card.cardId);
    await settle();
    expect(mailsTo(email)).toEqual([]);
    expect((await sessionsOf(s.charger.id))[0]?.report_sent_at).toBeNull();
  });
});
