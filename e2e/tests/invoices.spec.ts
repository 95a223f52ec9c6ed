import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { replaySession } from '@plugboard/charger-sim';
import { groupMissingMessage, type CardGroup, type Invoice, type SessionList } from '@plugboard/contract';
import { addSite, apiCall, apiData, registerAccount, signInWithToken } from '../support/api.ts';
import { selectSite, simulateCharger, stopChargers, uniqueProductCode } from '../support/charger.ts';
import { attachmentsIn, mailCount, waitForMail } from '../support/mail.ts';
import { confirmWith, snapshot } from '../support/page.ts';

const timeZone = 'Europe/Amsterdam';
test.use({ viewport: { width: 1400, height: 1000 }, timezoneId: timeZone, locale: 'en-US' });

test.afterEach(async () => {
  await stopChargers();
});

async function pdfText(content: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(content) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const euros = (minor: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(minor / 100);

/** Fills the request dialog for the group over the last 3 months (which hold the sessions of the last hours). */
async function requestFor(page: Page, group: string, { description = 'Fleet charging' } = {}) {
  await page.getByTestId('invoice-request').click();
  const dialog = page.getByTestId('invoice-request-dialog');
  await dialog.getByTestId('invoice-request-group').selectOption({ label: group });
  await dialog.getByTestId('invoice-period-last3Months').click();
  await dialog.getByTestId('invoice-request-companyName').fill('Fleet Co');
  await dialog.getByTestId('invoice-request-address').fill('Weg 2\n3511 AA Utrecht');
  await dialog.getByTestId('invoice-request-email').fill(billingEmail);
  await dialog.getByTestId('invoice-request-description').fill(description);
  return dialog;
}

const billingEmail = `billing-${Date.now()}@fleet.test`;

test('an invoice for a card group: request, preview, issue, print, PDF, e-mail, credit note; nothing billed twice', async ({
  page,
  baseURL,
}, testInfo) => {
  const { token } = await registerAccount(page.request);
  const site = await addSite(page.request, token, { name: 'Invoice Depot', currency: 'EUR', timeZone });
  await apiData(
    page.request,
    '/cms-system/system/tariff/v2/save',
    {
      stationId: site.id,
      priceModel: 'static',
      energyPrice: 0.4,
      timePrice: 0,
      idlePrice: 0,
      startFee: 0.5,
      pricesIncludeVat: true,
      vatRate: 21,
      paymentMethods: ['rfid'],
    },
    token,
  );
  const group = await apiData<CardGroup>(
    page.request,
    '/cms-system/system/cardGroup/v2/add',
    { stationId: site.id, name: 'Fleet', multiplier: 100 },
    token,
  );
  const cards = [
    `F${Date.now().toString(36).slice(-6).toUpperCase()}A`,
    `F${Date.now().toString(36).slice(-6).toUpperCase()}B`,
  ];
  for (const cardId of cards)
    await apiData(
      page.request,
      '/cms-system/system/card/v2/add',
      { stationId: site.id, cardId, groupId: group.id },
      token,
    );
  const productCode = uniqueProductCode('INV');
  const pin = 'e2e-Pin-1';
  await apiData(
    page.request,
    '/cms-system/system/charger/v2/add',
    { stationId: site.id, productCode, pin },
    token,
  );
  const charger = simulateCharger({ baseURL, productCode, pin });
  await charger.boot();
  // Two sessions of the group's cards in the last hours: 5 kWh and 7.5 kWh.
  const start = Date.now() - 3 * 3_600_000;
  for (const [i, cardId] of cards.entries()) {
    const at = start + i * 3_600_000;
    await replaySession(charger, {
      idTag: cardId,
      readings: Array.from({ length: 7 }, (_, r) => ({
        at: new Date(at + r * 5 * 60_000),
        meterWh: 10_000 + Math.round((r * (5000 + i * 2500)) / 6),
        powerW: 11_000,
      })),
    });
  }
  // What the invoice must total: the sessions' stored costs, as the history answers them.
  const sessions = await apiData<SessionList>(
    page.request,
    '/cms-system/system/session/v2/list',
    { stationId: site.id, pageNum: 1, pageSize: 10 },
    token,
  );
  expect(sessions.list).toHaveLength(2);
  const grossMinor = sessions.list.reduce((sum, s) => sum + Math.round((s.cost ?? 0) * 100), 0);
  expect(grossMinor).toBeGreaterThan(0);

  await signInWithToken(page, token);
  await selectSite(page, site);
  await page.goto('/sessionList');
  await page.getByTestId('session-invoices').click();
  await expect(page).toHaveURL(/\/invoice\/list$/);
  await expect(page.getByTestId('invoice-list-empty')).toBeVisible();

  // Bad input first: a description over 150 characters is refused before any call, and says why.
  let dialog = await requestFor(page, 'Fleet', { description: 'x'.repeat(151) });
  await expect(dialog.getByTestId('invoice-request-description-message')).toHaveText(
    'The description may have at most 150 characters',
  );
  await expect(dialog.getByTestId('invoice-request-preview')).toBeDisabled();
  // A period without sessions: the catalogue's message, and nothing to issue.
  await dialog.getByTestId('invoice-request-description').fill('Fleet charging');
  await dialog.getByTestId('invoice-period-custom').click();
  await dialog.getByTestId('invoice-request-firstDay').fill('2020-01-01');
  await dialog.getByTestId('invoice-request-lastDay').fill('2020-01-31');
  await dialog.getByTestId('invoice-request-preview').click();
  await expect(dialog.getByTestId('invoice-preview-empty')).toHaveText(
    'There are no sessions to invoice in this period',
  );
  await expect(dialog.getByTestId('invoice-request-issue')).toHaveCount(0);

  // The request over the last 3 months: the preview shows both sessions on one line, totals as stored.
  await dialog.getByTestId('invoice-period-last3Months').click();
  await dialog.getByTestId('invoice-request-preview').click();
  const preview = dialog.getByTestId('invoice-preview');
  await expect(preview.getByTestId('invoice-document-title')).toHaveText('Invoice (Preview)');
  const lines = preview.getByTestId('invoice-document-line');
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText('Charging (2 sessions)');
  await expect(lines.first()).toContainText('12.500 kWh');
  await expect(lines.first()).toContainText('21%');
  await expect(preview.getByTestId('invoice-total-gross')).toHaveText(euros(grossMinor));
  await expect(preview.getByTestId('invoice-document-bill-to')).toContainText('Fleet Co');
  await snapshot(page, testInfo, 'invoice-preview');

  // The same preview in German.
  await dialog.getByTestId('invoice-request-language').selectOption('de_DE');
  await dialog.getByTestId('invoice-request-preview').click();
  await expect(preview.getByTestId('invoice-document-title')).toHaveText('Rechnung (Vorschau)');
  await expect(lines.first()).toContainText('Laden (2 Ladevorgänge)');
  await dialog.getByTestId('invoice-request-language').selectOption('en_US');
  await dialog.getByTestId('invoice-request-preview').click();
  await expect(preview.getByTestId('invoice-document-title')).toHaveText('Invoice (Preview)');

  // Issue: number 1 of the site.
  await dialog.getByTestId('invoice-request-issue').click();
  const view = page.getByTestId('invoice-dialog');
  const year = new Date().getFullYear();
  const number = `PB-${year}-000001`;
  await expect(view.getByTestId('invoice-document-number')).toHaveText(`Number: ${number}`);
  await expect(view.getByTestId('invoice-document-title')).toHaveText('Invoice');
  await expect(view.getByTestId('invoice-total-gross')).toHaveText(euros(grossMinor));

  // The print view: the A4 sheet alone, no console chrome.
  await page.emulateMedia({ media: 'print' });
  await expect(view.getByTestId('invoice-document')).toBeVisible();
  await expect(view.getByTestId('invoice-pdf')).toBeHidden();
  await expect(page.getByRole('navigation').first()).toBeHidden();
  await snapshot(page, testInfo, 'invoice-print');
  await page.emulateMedia({ media: 'screen' });

  // The PDF, rendered by the server, says the same.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    view.getByTestId('invoice-pdf').click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const text = await pdfText(fs.readFileSync(await download.path()));
  expect(text).toContain('Invoice');
  expect(text).toContain(number);
  expect(text).toContain('Fleet Co');
  expect(text).toContain('12.500 kWh');
  expect(text).toContain(euros(grossMinor));

  // Sent by e-mail to the bill-to address, the PDF and the XML attached.
  const before = mailCount();
  await view.getByTestId('invoice-send').click();
  await expect(view.getByTestId('invoice-send-email')).toHaveValue(billingEmail);
  await view.getByTestId('invoice-send-confirm').click();
  await expect(page.getByTestId('toast')).toHaveText(`Invoice sent to ${billingEmail}`);
  const mail = await waitForMail(billingEmail, { after: before });
  const files = attachmentsIn(mail);
  expect(files.map((f) => f.filename)).toEqual([`${number}.pdf`, `${number}.xml`]);
  expect(await pdfText(files[0]!.content)).toContain(number);
  expect(files[1]!.content.toString('utf8')).toContain(`<cbc:ID>${number}</cbc:ID>`);
  await view.getByTestId('invoice-close').click();
  await expect(page.getByTestId('invoice-row')).toHaveCount(1);
  await expect(page.getByTestId('invoice-status').first()).toHaveText('Sent');

  // A second request over the same period offers no session twice.
  dialog = await requestFor(page, 'Fleet');
  await dialog.getByTestId('invoice-request-preview').click();
  await expect(dialog.getByTestId('invoice-already-billed')).toHaveText(
    `2 sessions of this period are already billed on invoice ${number} and are left out.`,
  );
  await expect(dialog.getByTestId('invoice-preview-empty')).toBeVisible();
  await expect(dialog.getByTestId('invoice-request-issue')).toHaveCount(0);
  await dialog.getByTestId('invoice-request-cancel').click();

  // A customer of another site: the catalogue's message, nothing stored.
  const other = await registerAccount(page.request);
  const otherSite = await addSite(page.request, other.token, {
    name: 'Other Depot',
    currency: 'EUR',
    timeZone,
  });
  const otherGroup = await apiData<CardGroup>(
    page.request,
    '/cms-system/system/cardGroup/v2/add',
    { stationId: otherSite.id, name: 'Theirs', multiplier: 100 },
    other.token,
  );
  const refused = await apiCall(
    page.request,
    '/cms-system/system/invoice/v2/add',
    {
      stationId: site.id,
      customer: { kind: 'group', groupId: otherGroup.id },
      from: new Date(start - 86_400_000).toISOString(),
      to: new Date().toISOString(),
    },
    token,
  );
  expect(refused).toMatchObject({ status: 1039, msg: groupMissingMessage });

  // The credit note cancels the invoice, numbered next.
  await page.getByTestId('invoice-row').first().click();
  await page.getByTestId('invoice-credit').click();
  await confirmWith(page, 'Issue a credit note');
  await expect(page.getByTestId('invoice-document-title')).toHaveText('Credit note');
  await expect(page.getByTestId('invoice-document-number')).toHaveText(`Number: PB-${year}-000002`);
  await expect(page.getByTestId('invoice-dialog')).toContainText(`Credits invoice ${number}`);
  await page.getByTestId('invoice-close').click();
  await expect(page.getByTestId('invoice-row')).toHaveCount(2);
  const list = await apiData<{ list: Invoice[] }>(
    page.request,
    '/cms-system/system/invoice/v2/list',
    { stationId: site.id },
    token,
  );
  expect(list.list.map((i) => [i.number, i.kind, i.status])).toEqual([
    [`PB-${year}-000002`, 'creditNote', 'issued'],
    [number, 'invoice', 'credited'],
  ]);
  await snapshot(page, testInfo, 'invoice-list');

  // On a phone: the list and the request dialog fit the screen (no side menu, nothing scrolls sideways).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/invoice/list');
  await expect(page.getByTestId('invoice-row')).toHaveCount(2);
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await snapshot(page, testInfo, 'invoice-list-phone');
  dialog = await requestFor(page, 'Fleet');
  await dialog.getByTestId('invoice-request-preview').click();
  await expect(dialog.getByTestId('invoice-preview')).toBeVisible();
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await snapshot(page, testInfo, 'invoice-request-phone');
  await dialog.getByTestId('invoice-preview').scrollIntoViewIfNeeded();
  await snapshot(page, testInfo, 'invoice-preview-phone');
});
