import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codes, invoicePdfPath, invoiceXmlPath, type Invoice } from '@plugboard/contract';
import { consoleHeaders, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { attachmentsIn, startMailbox, type Mailbox } from '../../../test/smtp.ts';
import { aCard, aGroup } from '../cards/cards.fixtures.ts';
import { aCharger, anOperatorWithSite, callerFor } from '../chargers/chargers.fixtures.ts';
import { noticesService } from '../notices/notices.service.ts';
import { aPricedSession } from './invoices.fixtures.ts';

const call = <N extends string>(name: N) => `/cms-system/system/invoice/v2/${name}` as const;
const march = { from: '2026-03-01T00:00:00Z', to: '2026-04-01T00:00:00Z' };

let t: TestApp;
let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ smtpUrl: mailbox.url });
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

/** An operator whose account has a company (the seller), a site with a charger, and a card group. */
async function anOperator({ company = true } = {}) {
  const op = await anOperatorWithSite(t.db);
  if (company)
    await t.db
      .updateTable('users')
      .set({
        company_name: 'Laadpunt BV',
        company_address: 'Kade 1\n1011 AA Amsterdam',
        vat_number: 'NL001234567B01',
      })
      .where('id', '=', op.userId)
      .execute();
  const charger = await aCharger(t.db, { stationId: op.stationId });
  const group = await aGroup(t.db, op.stationId, { name: 'Fleet' });
  const as = callerFor(t.app, op);
  const session = (o: Omit<Parameters<typeof aPricedSession>[2], 'group'> & { group?: number }) =>
    aPricedSession(t.db, { id: charger.id, station_id: op.stationId }, { group: group.id, ...o });
  const request = (extra: Record<string, unknown> = {}) => ({
    customer: { kind: 'group', groupId: group.id },
    ...march,
    billTo: {
      companyName: 'Fleet Co',
      email: 'billing@fleet.test',
      address: 'Weg 2, Utrecht',
      vatNumber: '',
    },
    ...extra,
  });
  const draft = async (extra: Record<string, unknown> = {}) => {
    const answer = await as(call('add'), request(extra));
    expect(answer.status).toBe(200);
    return answer.data;
  };
  return { ...op, as, group, session, request, draft };
}

async function file(op: { token: string; stationId: number }, path: string, id: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: path,
    headers: {
      ...consoleHeaders(path, op.token, t.clock.now().getTime()),
      'content-type': 'application/json',
    },
    payload: JSON.stringify({ stationId: op.stationId, id }),
  });
  return response;
}

async function pdfText(content: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(content) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe('invoice preview', () => {
  it('sums the stored costs exactly, one line per VAT rate, leaving out ongoing, unpriced and other periods', async () => {
    const op = await anOperator();
    await op.session({ start: '2026-03-02T10:00:00Z', energyWh: 12_345, netMinor: 333 });
    await op.session({ start: '2026-03-03T10:00:00Z', energyWh: 1_001, netMinor: 167 });
    await op.session({ start: '2026-03-04T10:00:00Z', energyWh: 5_000, netMinor: 1000, vatRateBp: 900 });
    await op.session({ start: '2026-03-05T10:00:00Z', unpriced: true });
    await op.session({ start: '2026-03-06T10:00:00Z', ongoing: true });
    await op.session({ start: '2026-04-01T00:00:00Z', netMinor: 999 });
    await op.session({ start: '2026-03-07T10:00:00Z', group: (await aGroup(t.db, op.stationId)).id });
    const { status, data } = await op.as(call('preview'), op.request());
    expect(status).toBe(200);
    expect(data).toMatchObject({
      currency: 'EUR',
      currencyDigits: 2,
      customerLabel: 'Fleet',
      seller: { companyName: 'Laadpunt BV', vatNumber: 'NL001234567B01' },
      lines: [
        // 333 -> 69.93 -> 70; 167 -> 35.07 -> 35 (each session rounded as stored, then summed).
        { kind: 'charging', vatRate: 21, energyWh: 13_346, sessions: 2, netMinor: 500, vatMinor: 105 },
        { kind: 'charging', vatRate: 9, energyWh: 5_000, sessions: 1, netMinor: 1000, vatMinor: 90 },
      ],
      netMinor: 1500,
      vatMinor: 195,
      grossMinor: 1695,
      sessionCount: 3,
      unpriced: 1,
      alreadyBilled: [],
    });
  });

  it('adds a service fee per session or as a percentage, rounded once', async () => {
    const op = await anOperator();
    for (let i = 0; i < 3; i++) await op.session({ start: `2026-03-1${i}T10:00:00Z`, netMinor: 333 });
    const perSession = await op.as(
      call('preview'),
      op.request({ fee: { kind: 'perSession', perSession: 0.255 } }),
    );
    expect(perSession.data.lines.at(-1)).toEqual({
      kind: 'serviceFee',
      vatRate: 21,
      energyWh: 0,
      sessions: 3,
      netMinor: 77,
      vatMinor: 16,
    });
    const percent = await op.as(
      call('preview'),
      op.request({ fee: { kind: 'percent', percent: 10, vatRate: 0 } }),
    );
    const data = percent.data;
    expect(data.lines.at(-1)).toMatchObject({ kind: 'serviceFee', vatRate: 0, netMinor: 100, vatMinor: 0 });
    expect(data.netMinor).toBe(999 + 100);
  });

  it('bills the cards named, whatever their group', async () => {
    const op = await anOperator();
    const card = await aCard(t.db, op.stationId);
    await op.session({ start: '2026-03-02T10:00:00Z', card: card.id, netMinor: 200 });
    await op.session({ start: '2026-03-02T11:00:00Z', netMinor: 300 });
    const { data } = await op.as(
      call('preview'),
      op.request({ customer: { kind: 'cards', cardIds: [card.id] } }),
    );
    expect(data).toMatchObject({ customerLabel: card.cardId, netMinor: 200, sessionCount: 1 });
  });
});

describe('invoice requests refused', () => {
  it('answer 16001 for a period without sessions, and store nothing', async () => {
    const op = await anOperator();
    const answer = await op.as(call('add'), op.request());
    expect(answer).toMatchObject({
      status: codes.nothingToBill,
      msg: expect.stringMatching(/no sessions/) as string,
    });
    expect((await op.as(call('list'), {})).data).toMatchObject({ total: 0 });
  });

  it('answer 4129 for a description over 150 characters', async () => {
    const op = await anOperator();
    await op.session({ start: '2026-03-02T10:00:00Z' });
    expect((await op.as(call('add'), op.request({ description: 'x'.repeat(150) }))).status).toBe(200);
    const answer = await op.as(call('add'), op.request({ description: 'x'.repeat(151) }));
    expect(answer).toMatchObject({ status: codes.invalidInput, msg: expect.stringMatching(/150/) as string });
  });

  it("answer a customer of another site like a missing one (1039), and the other site's invoice too", async () => {
    const op = await anOperator();
    const other = await anOperator();
    await other.session({ start: '2026-03-02T10:00:00Z' });
    const card = await aCard(t.db, other.stationId);
    const group = await op.as(call('preview'), {
      ...op.request(),
      customer: { kind: 'group', groupId: other.group.id },
    });
    expect(group).toMatchObject({
      status: codes.operationFailed,
      msg: expect.stringMatching(/group/i) as string,
    });
    const cards = await op.as(call('add'), {
      ...op.request(),
      customer: { kind: 'cards', cardIds: [card.id] },
    });
    expect(cards).toMatchObject({
      status: codes.operationFailed,
      msg: expect.stringMatching(/card/i) as string,
    });
    const theirs = await other.draft();
    expect((await op.as(call('detail'), { id: theirs.id })).status).toBe(codes.operationFailed);
    expect((await op.as(call('issue'), { id: theirs.id })).status).toBe(codes.operationFailed);
    expect((await op.as(call('delete'), { id: theirs.id })).status).toBe(codes.operationFailed);
    expect((await file(op, invoicePdfPath, theirs.id)).json()).toMatchObject({
      status: codes.operationFailed,
    });
  });

  it('refuse to issue without the seller company (16004)', async () => {
    const op = await anOperator({ company: false });
    await op.session({ start: '2026-03-02T10:00:00Z' });
    const draft = await op.draft();
    expect((await op.as(call('issue'), { id: draft.id })).status).toBe(codes.sellerIncomplete);
  });
});

describe('issuing', () => {
  it('numbers a draft with the prefix and fixes it; only drafts are deleted', async () => {
    const op = await anOperator();
    await op.session({ start: '2026-03-02T10:00:00Z' });
    const draft = await op.draft({ description: 'Fleet charging March' });
    expect(draft).toMatchObject({ status: 'draft', number: null, kind: 'invoice' });
    const year = new Date().getUTCFullYear();
    const issued = await op.as(call('issue'), { id: draft.id });
    expect(issued.data).toMatchObject({ status: 'issued', number: `PB-${year}-000001` });
    expect((await op.as(call('issue'), { id: draft.id })).status).toBe(codes.invoiceIssued);
    expect((await op.as(call('delete'), { id: draft.id })).status).toBe(codes.invoiceIssued);
    // The database refuses a change to an issued invoice, whatever path writes it.
    await expect(
      t.db.updateTable('invoices').set({ net_minor: 1 }).where('id', '=', draft.id).execute(),
    ).rejects.toThrow(/cannot change/);

    const other = await op.as(
      call('add'),
      op.request({ ...march, from: '2026-02-01T00:00:00Z', to: '2026-03-01T00:00:00Z' }),
    );
    expect(other.status).toBe(codes.nothingToBill);
    await op.session({ start: '2026-03-20T10:00:00Z' });
    const second = await op.draft();
    expect((await op.as(call('delete'), { id: second.id })).status).toBe(200);
    expect((await op.as(call('detail'), { id: second.id })).status).toBe(codes.operationFailed);
  });

  it('gives 50 invoices issued at once 50 consecutive numbers, with a changed prefix', async () => {
    const op = await anOperator();
    expect((await op.as(call('settings/update'), { prefix: 'INV/{YYYY}/' })).data).toMatchObject({
      prefix: 'INV/{YYYY}/',
      lastNumber: 0,
    });
    const cards = await Promise.all(Array.from({ length: 50 }, () => aCard(t.db, op.stationId)));
    for (const [i, card] of cards.entries())
      await op.session({ start: new Date(Date.parse(march.from) + i * 3_600_000), card: card.id });
    const drafts: Invoice[] = [];
    for (const card of cards)
      drafts.push(await op.draft({ customer: { kind: 'cards', cardIds: [card.id] } }));
    const answers = await Promise.all(drafts.map((d) => op.as(call('issue'), { id: d.id })));
    expect(answers.map((a) => a.status)).toEqual(drafts.map(() => 200));
    const year = new Date().getUTCFullYear();
    const numbers = answers.map((a) => a.data.number!).sort();
    expect(numbers).toEqual(
      Array.from({ length: 50 }, (_, i) => `INV/${year}/${String(i + 1).padStart(6, '0')}`),
    );
    expect((await op.as(call('settings/detail'), {})).data).toMatchObject({
      prefix: 'INV/{YYYY}/',
      lastNumber: 50,
      currency: 'EUR',
      timeZone: expect.any(String) as string,
    });
  });

  it('never bills a session twice: the second request says which invoice bills them', async () => {
    const op = await anOperator();
    await op.session({ start: '2026-03-02T10:00:00Z' });
    await op.session({ start: '2026-03-03T10:00:00Z' });
    const first = await op.draft();
    const twin = await op.draft();
    const issued = (await op.as(call('issue'), { id: first.id })).data;
    // A draft of the same sessions can no longer be issued, and takes no number.
    expect((await op.as(call('issue'), { id: twin.id })).status).toBe(codes.dataChanged);
    const preview = await op.as(call('preview'), op.request());
    expect(preview.data).toMatchObject({
      sessionCount: 0,
      alreadyBilled: [{ number: issued.number, sessions: 2 }],
    });
    expect((await op.as(call('add'), op.request())).status).toBe(codes.nothingToBill);
    await op.session({ start: '2026-03-04T10:00:00Z', netMinor: 50 });
    const next = await op.draft();
    const numbered = (await op.as(call('issue'), { id: next.id })).data;
    expect(numbered).toMatchObject({ sessionCount: 1, netMinor: 50 });
    expect(numbered.number).toMatch(/000002$/);
  });

  it('credits an issued invoice with a numbered credit note; its sessions can be billed again', async () => {
    const op = await anOperator();
    await op.session({ start: '2026-03-02T10:00:00Z' });
    const draft = await op.draft();
    expect((await op.as(call('credit'), { id: draft.id })).status).toBe(codes.invoiceIssued);
    const invoice = (await op.as(call('issue'), { id: draft.id })).data;
    const note = (await op.as(call('credit'), { id: invoice.id })).data;
    expect(note).toMatchObject({
      kind: 'creditNote',
      status: 'issued',
      creditOf: { id: invoice.id, number: invoice.number },
      netMinor: invoice.netMinor,
      lines: invoice.lines,
    });
    expect(note.number).toMatch(/000002$/);
    expect((await op.as(call('detail'), { id: invoice.id })).data).toMatchObject({
      status: 'credited',
      creditedBy: { id: note.id, number: note.number },
    });
    expect((await op.as(call('credit'), { id: invoice.id })).status).toBe(codes.invoiceIssued);
    expect((await op.as(call('preview'), op.request())).data).toMatchObject({
      sessionCount: 1,
      alreadyBilled: [],
    });
    const list = await op.as(call('list'), { status: 'credited' });
    expect(list.data).toMatchObject({ total: 1, list: [{ id: invoice.id }] });
    const byGroup = await op.as(call('list'), { groupId: op.group.id });
    expect(byGroup.data).toMatchObject({ total: 2 });
  });
});

describe('invoice files and e-mail', () => {
  it('renders the PDF in the invoice language and the UBL XML with the EN 16931 fields', async () => {
    const op = await anOperator();
    await op.session({ start: '2026-03-02T10:00:00Z', energyWh: 12_345, netMinor: 1234 });
    const draft = await op.draft({ language: 'de_DE', description: 'Laden März, Flotte Süd' });
    const invoice = (await op.as(call('issue'), { id: draft.id })).data;
    const pdf = await file(op, invoicePdfPath, invoice.id);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`${invoice.number}.pdf`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Rechnung');
    expect(text).toContain(invoice.number!);
    expect(text).toContain('Laden März, Flotte Süd');
    expect(text).toContain('12,345 kWh');
    expect(text).toMatch(/14,93\s?€/);

    const xml = (await file(op, invoiceXmlPath, invoice.id)).body;
    for (const field of [
      '<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>',
      '<cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>',
      `<cbc:ID>${invoice.number}</cbc:ID>`,
      '<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>',
      '<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>',
      '<cbc:CompanyID>NL001234567B01</cbc:CompanyID>',
      '<cbc:IdentificationCode>NL</cbc:IdentificationCode>',
      '<cbc:TaxAmount currencyID="EUR">2.59</cbc:TaxAmount>',
      '<cbc:PayableAmount currencyID="EUR">14.93</cbc:PayableAmount>',
      '<cbc:InvoicedQuantity unitCode="KWH">12.345</cbc:InvoicedQuantity>',
      '<cbc:LineExtensionAmount currencyID="EUR">12.34</cbc:LineExtensionAmount>',
    ])
      expect(xml).toContain(field);
    // The buyer has no VAT number: its country is the seller's (BR-11 wants one).
    expect(xml.match(/<cbc:IdentificationCode>NL<\/cbc:IdentificationCode>/g)).toHaveLength(2);
    expect(xml).toContain('<cbc:EndpointID schemeID="EM">billing@fleet.test</cbc:EndpointID>');
    const note = (await op.as(call('credit'), { id: invoice.id })).data;
    const noteXml = (await file(op, invoiceXmlPath, note.id)).body;
    expect(noteXml).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
    expect(noteXml).toContain(`<cac:InvoiceDocumentReference><cbc:ID>${invoice.number}</cbc:ID>`);
  });

  // What each language's invoice must say, written out here (not read from the locale files the PDF is made from).
  // Amounts as CLDR writes them: Italian, Spanish and Portuguese group digits from 5 on.
  const written = {
    en_US: {
      title: 'Invoice',
      number: 'Number: ',
      total: 'Total incl. VAT',
      vat: 'VAT 21%',
      what: 'Charging (1 session)',
      gross: '€1,493.82',
      net: '€1,234.56',
      period: 'Billed from Mar 1, 2026 to Mar 31, 2026',
    },
    de_DE: {
      title: 'Rechnung',
      number: 'Nummer: ',
      total: 'Summe inkl. USt',
      vat: 'USt 21 %',
      what: 'Laden (1 Ladevorgang)',
      gross: '1.493,82 €',
      net: '1.234,56 €',
      period: 'Abgerechnet vom 01.03.2026 bis 31.03.2026',
    },
    nl_NL: {
      title: 'Factuur',
      number: 'Nummer: ',
      total: 'Totaal incl. btw',
      vat: 'Btw 21%',
      what: 'Laden (1 sessie)',
      gross: '€ 1.493,82',
      net: '€ 1.234,56',
      period: 'Gefactureerd van 1 mrt 2026 tot en met 31 mrt 2026',
    },
    fr_FR: {
      title: 'Facture',
      number: 'Numéro : ',
      total: 'Total TTC',
      vat: 'TVA 21 %',
      what: 'Recharge (1 session)',
      gross: '1 493,82 €',
      net: '1 234,56 €',
      period: 'Facturé du 1 mars 2026 au 31 mars 2026',
    },
    it_IT: {
      title: 'Fattura',
      number: 'Numero: ',
      total: 'Totale IVA inclusa',
      vat: 'IVA 21%',
      what: 'Ricarica (1 sessione)',
      gross: '1493,82 €',
      net: '1234,56 €',
      period: 'Fatturato dal 1 mar 2026 al 31 mar 2026',
    },
    es_ES: {
      title: 'Factura',
      number: 'Número: ',
      total: 'Total con IVA',
      vat: 'IVA 21 %',
      what: 'Carga (1 sesión)',
      gross: '1493,82 €',
      net: '1234,56 €',
      period: 'Facturado del 1 mar 2026 al 31 mar 2026',
    },
    pt_PT: {
      title: 'Fatura',
      number: 'Número: ',
      total: 'Total com IVA',
      vat: 'IVA 21%',
      what: 'Carregamento (1 sessão)',
      gross: '1493,82 €',
      net: '1234,56 €',
      period: 'Faturado de 01/03/2026 a 31/03/2026',
    },
  } as const;

  it("renders the PDF in each language: its headings, one session in the singular, the language's amounts and percent, the period in the site's zone", async () => {
    // One text space: the French narrow no-break spaces and the no-break spaces read as spaces.
    const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
    // Rendered one after another in this process, as a server does: each must read right.
    for (const [language, words] of Object.entries(written)) {
      const op = await anOperator();
      // The site's zone is 9 h ahead of UTC: March there is 28 Feb 15:00 to 31 Mar 15:00 UTC.
      await t.db
        .updateTable('sites')
        .set({ time_zone: 'Asia/Tokyo' })
        .where('id', '=', op.stationId)
        .execute();
      await op.session({ start: '2026-03-02T10:00:00Z', energyWh: 1_234_567, netMinor: 123_456 });
      const period = { from: '2026-02-28T15:00:00Z', to: '2026-03-31T15:00:00Z' };
      // An Ü drawn in one PDF (its U a part of its glyph) and no U must not make the next PDF's U read wrong.
      const billTo = {
        companyName: 'Fleet Co',
        email: 'billing@fleet.test',
        address: 'Weg 2, Zwolle',
        vatNumber: '',
      };
      const draft = await op.draft({ ...period, language, billTo, description: 'Übersicht März' });
      const invoice = (await op.as(call('issue'), { id: draft.id })).data;
      expect(invoice.grossMinor).toBe(149_382);
      const text = spaced(await pdfText((await file(op, invoicePdfPath, invoice.id)).rawPayload));
      expect(text, language).toContain(words.title);
      expect(text, language).toContain(`${words.number}${invoice.number}`);
      expect(text, language).toContain(words.period);
      expect(text, language).toContain(words.what);
      expect(text, language).toContain(words.vat);
      expect(text, language).toContain(`${words.total} ${words.gross}`);
      expect(text, language).toContain(words.net);
    }
  });

  it("prints the site's invoice footer as text, fixed when the invoice is issued", async () => {
    const op = await anOperator();
    await op.session({ start: '2026-03-02T10:00:00Z' });
    const notices = noticesService({ db: t.db, now: () => new Date() });
    await notices.save(op.stationId, {
      invoiceFooter:
        '<p>IBAN <strong>NL91 ABNA 0417 1643 00</strong> &amp; BIC ABNANL2A</p><ul><li>Pay in 14 days</li></ul>',
    });
    const footer = 'IBAN NL91 ABNA 0417 1643 00 & BIC ABNANL2A\n• Pay in 14 days';
    expect((await op.as(call('preview'), op.request())).data).toMatchObject({ footer });
    const invoice = (await op.as(call('issue'), { id: (await op.draft()).id })).data;
    expect(invoice.footer).toBe(footer);
    await notices.save(op.stationId, { invoiceFooter: '<p>Another footer</p>' });
    expect((await op.as(call('detail'), { id: invoice.id })).data).toMatchObject({ footer });
    const text = await pdfText((await file(op, invoicePdfPath, invoice.id)).rawPayload);
    expect(text).toContain('IBAN NL91 ABNA 0417 1643 00 & BIC ABNANL2A');
    expect(text).toContain('• Pay in 14 days');
  });

  it('mails an issued invoice with its PDF and XML attached, through the outbox, and marks it sent', async () => {
    const op = await anOperator();
    await op.session({ start: '2026-03-02T10:00:00Z' });
    const draft = await op.draft();
    expect((await op.as(call('send'), { id: draft.id })).status).toBe(codes.operationFailed);
    const invoice = (await op.as(call('issue'), { id: draft.id })).data;
    const sent = await op.as(call('send'), { id: invoice.id });
    expect(sent.data).toMatchObject({ status: 'sent', sentAt: expect.any(String) as string });
    const mail = mailbox.lastTo('billing@fleet.test');
    expect(mail.subject).toContain(invoice.number);
    const files = attachmentsIn(mail.raw);
    expect(files.map((f) => f.filename)).toEqual([`${invoice.number}.pdf`, `${invoice.number}.xml`]);
    expect(await pdfText(files[0]!.content)).toContain(invoice.number!);
    const outbox = await t.db
      .selectFrom('outbox')
      .select(['sent_at'])
      .where('to_email', '=', 'billing@fleet.test')
      .execute();
    expect(outbox.at(-1)?.sent_at).not.toBeNull();
    const list = await op.as(call('list'), { status: 'sent' });
    expect(list.data).toMatchObject({ total: 1 });
  });
});
