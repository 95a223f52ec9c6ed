import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '@plugboard/contract';
import { createTestApp, testClock, type TestApp } from '../../../test/helpers.ts';
import { attachmentsIn, startMailbox, type Mailbox } from '../../../test/smtp.ts';
import { createMailer } from '../../lib/mailer.ts';
import { aGroup } from '../cards/cards.fixtures.ts';
import { aCharger, anOperatorWithSite, callerFor } from '../chargers/chargers.fixtures.ts';
import { aPricedSession } from './invoices.fixtures.ts';
import { invoicesModule } from './invoices.module.ts';

let t: TestApp;
let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

describe('an invoice mail', () => {
  it('is retried with its PDF and XML while the SMTP server refuses it, and goes out once', async () => {
    const op = await anOperatorWithSite(t.db);
    await t.db
      .updateTable('users')
      .set({ company_name: 'Laadpunt BV', company_address: 'Kade 1, Amsterdam' })
      .where('id', '=', op.userId)
      .execute();
    const charger = await aCharger(t.db, { stationId: op.stationId });
    const group = await aGroup(t.db, op.stationId);
    await aPricedSession(
      t.db,
      { id: charger.id, station_id: op.stationId },
      { group: group.id, start: '2026-03-02T10:00:00Z' },
    );
    const as = callerFor(t.app, op);
    const draft = (await as('/cms-system/system/invoice/v2/add', {
      customer: { kind: 'group', groupId: group.id },
      from: '2026-03-01T00:00:00Z',
      to: '2026-04-01T00:00:00Z',
      billTo: { email: 'retry@fleet.test' },
    })) as { data: Invoice };
    const invoice = (await as('/cms-system/system/invoice/v2/issue', { id: draft.data.id })) as {
      data: Invoice;
    };
    const number = invoice.data.number!;

    const clock = testClock();
    mailbox.refuse(true);
    const mailer = createMailer({
      db: t.db,
      smtpUrl: mailbox.url,
      from: 'test@plugboard.local',
      log: pino({ level: 'silent' }),
      now: clock.now,
    });
    const { sender } = invoicesModule({ db: t.db, now: clock.now, mailer });
    // Recorded with the invoice marked sent; the refused delivery is left to the retry.
    expect(await sender.send(op.stationId, invoice.data.id)).toMatchObject({ status: 'sent' });
    const row = () =>
      t.db
        .selectFrom('outbox')
        .select(['sent_at', 'attempts', 'retry'])
        .where('to_email', '=', 'retry@fleet.test')
        .executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({ sent_at: null, attempts: 1, retry: true });
    expect(mailbox.messages.filter((m) => m.to === 'retry@fleet.test')).toHaveLength(0);

    mailbox.refuse(false);
    clock.advance(2 * 60_000);
    expect(await mailer.retryDue()).toBe(1);
    expect(await mailer.retryDue()).toBe(0);
    const mails = mailbox.messages.filter((m) => m.to === 'retry@fleet.test');
    expect(mails).toHaveLength(1);
    const files = attachmentsIn(mails[0]!.raw);
    expect(files.map((f) => f.filename)).toEqual([`${number}.pdf`, `${number}.xml`]);
    expect(files[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(files[1]!.content.toString()).toContain(`<cbc:ID>${number}</cbc:ID>`);
    await mailer.close();
  });
});
