import { expect, test, type Page } from '@playwright/test';
import { addSite, apiData, registerAccount, signInWithToken } from '../support/api.ts';
import { selectSite, simulateCharger, stopChargers, uniqueProductCode } from '../support/charger.ts';
import { snapshot } from '../support/page.ts';

test.use({ viewport: { width: 1440, height: 900 } });

test.afterEach(async () => {
  await stopChargers();
});

/** A fresh account with one site, signed in with that site selected. */
async function operatorWithSite(page: Page, name: string) {
  const account = await registerAccount(page.request);
  const site = await addSite(page.request, account.token, { name });
  await signInWithToken(page, account.token);
  await selectSite(page, site);
  return { token: account.token, site };
}

test('a card of a group with a discount starts a charge until it is recycled; an unknown card is refused', async ({
  page,
  baseURL,
}, testInfo) => {
  const { token, site } = await operatorWithSite(page, 'Card Depot');

  // A group whose cards pay 80 % of the tariff: the form and the list also say "20 % off".
  await page.goto('/cardGroup');
  await expect(page.getByTestId('card-group-row-Default')).toBeVisible();
  await page.getByTestId('card-group-add').click();
  await page.getByTestId('card-group-name').fill('Staff');
  await page.getByTestId('card-group-multiplier').fill('80');
  await expect(page.getByTestId('card-group-preview')).toHaveText(
    'Cards in this group pay 80 % of the tariff (20 % off)',
  );
  await snapshot(page, testInfo, 'group-dialog');
  await page.getByTestId('card-group-submit').click();
  await expect(page.getByTestId('toast')).toHaveText('Group Staff added');
  await expect(page.getByTestId('card-group-multiplier-Staff')).toHaveText('80 %');
  await expect(page.getByTestId('card-group-discount-Staff')).toHaveText('20 % off');
  await expect(page.getByTestId('card-group-delete-Default')).toBeDisabled();
  await snapshot(page, testInfo, 'groups');

  // A card in that group, added through the dialog; the same card ID again is refused on the field (11001).
  await page.getByTestId('cards-nav-cards').click();
  await expect(page).toHaveURL(/\/card\/list$/);
  await expect(page.getByTestId('card-list-empty')).toBeVisible();
  const cardId = 'RFID0001';
  await page.getByTestId('card-add').click();
  await expect(page.getByTestId('card-form-group')).toHaveValue(/\d+/);
  await page.getByTestId('card-form-cardId').fill(cardId);
  await page.getByTestId('card-form-holder').fill('Ann Driver');
  await page.getByTestId('card-form-group').selectOption({ label: 'Staff' });
  await page.getByTestId('card-form-email').fill('ann@example.test');
  await page.getByTestId('card-form-report').check();
  await snapshot(page, testInfo, 'card-dialog');
  await page.getByTestId('card-form-submit').click();
  await expect(page.getByTestId('toast')).toHaveText(`Card ${cardId} added`);
  await expect(page.getByTestId(`card-group-${cardId}`)).toHaveText('Staff');
  await page.getByTestId('card-add').click();
  await page.getByTestId('card-form-cardId').fill(cardId.toLowerCase());
  await page.getByTestId('card-form-submit').click();
  await expect(page.locator('#card-form-cardId-helper-text')).toHaveText(
    'Another card of this site already has this card ID',
  );
  await page.getByTestId('card-form-cancel').click();
  await snapshot(page, testInfo, 'cards');

  // The charger asks about the card: Accepted, and the charge starts once the cable is in.
  const productCode = uniqueProductCode('CARD');
  const pin = 'e2e-Pin-1';
  await apiData(
    page.request,
    '/cms-system/system/charger/v2/add',
    { stationId: site.id, productCode, pin },
    token,
  );
  const charger = simulateCharger({ baseURL, productCode, pin });
  await charger.boot();
  expect(await charger.presentCard(cardId)).toMatchObject({ status: 'Accepted' });
  await charger.plugIn(1);
  const started = charger.lines.find((line) => line.startsWith('← StartTransaction '));
  expect(JSON.parse(started?.slice('← StartTransaction '.length) ?? '{}')).toMatchObject({
    idTagInfo: { status: 'Accepted' },
  });
  await page.goto('/chargeList');
  await expect(page.getByTestId(`charger-status-${productCode}`)).toHaveText('Charging');
  await charger.unplug(1);
  await expect(page.getByTestId(`charger-status-${productCode}`)).toHaveText('Available');

  // Recycled: listed apart, and the charger is told Blocked.
  await page.goto('/card/list');
  await page.getByTestId(`card-recycle-${cardId}`).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm.getByTestId('confirm-dialog-content')).toContainText(
    `Card ${cardId} can no longer start a charge.`,
  );
  await confirm.getByTestId('confirm-dialog-ok').click();
  await expect(page.getByTestId('toast')).toHaveText(`Card ${cardId} recycled`);
  await expect(page.getByTestId(`card-row-${cardId}`)).toHaveCount(0);
  await page.getByTestId('card-tab-recycled').click();
  await expect(page.getByTestId(`card-restore-${cardId}`)).toBeVisible();
  await snapshot(page, testInfo, 'cards-recycled');
  expect(await charger.presentCard(cardId)).toMatchObject({ status: 'Blocked' });
  expect(await charger.presentCard('NOSUCHCARD')).toMatchObject({ status: 'Invalid' });

  // Restored, it is accepted again.
  await page.getByTestId(`card-restore-${cardId}`).click();
  await expect(page.getByTestId('toast')).toHaveText(`Card ${cardId} restored`);
  await expect(page.getByTestId('card-list-empty')).toHaveText('No recycled cards.');
  expect(await charger.presentCard(cardId)).toMatchObject({ status: 'Accepted' });

  // The group counts its active cards.
  await page.getByTestId('cards-nav-groups').click();
  await expect(page.getByTestId('card-group-count-Staff')).toHaveText('1');
});

/** `count` valid import rows, the first of them line 2 of the file (after the header). */
function importRows(count: number): string[][] {
  return Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(5, '0');
    return [
      `IMP${n}`,
      `Holder ${n}`,
      i % 2 === 0 ? 'Staff' : '',
      i % 3 === 0 ? `holder${n}@example.test` : '',
      'no',
    ];
  });
}

const csvFile = (rows: string[][], name: string) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(
    ['cardId;holder;group;email;subscribeReport', ...rows.map((r) => r.join(';'))].join('\r\n'),
  ),
});

test('a CSV import of 1,000 cards with 3 bad rows names exactly those lines and imports nothing until fixed', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const { token, site } = await operatorWithSite(page, 'Import Depot');
  await apiData(
    page.request,
    '/cms-system/system/cardGroup/v2/add',
    { stationId: site.id, name: 'Staff', multiplier: 80 },
    token,
  );

  const good = importRows(1000);
  const bad = good.map((row) => [...row]);
  // Rows 150, 400 and 800 of the data: file lines 151, 401 and 801.
  bad[149] = ['IMP00010', 'Repeats line 11', '', '', 'no'];
  bad[399]![3] = 'not-an-email';
  bad[799]![0] = 'IMP' + '9'.repeat(18);

  await page.goto('/card/list');
  await expect(page.getByTestId('card-list-empty')).toBeVisible();
  await page.getByTestId('card-import').click();
  const dialog = page.getByTestId('card-import-dialog');
  await dialog.getByTestId('card-import-file').setInputFiles(csvFile(bad, 'cards.csv'));
  await expect(dialog.getByTestId('card-import-count')).toHaveText('1,000 cards in the file');
  await expect(dialog.getByTestId('card-import-problem')).toHaveCount(3);
  const problems = dialog.getByTestId('card-import-problem');
  const lines = await Promise.all(
    [0, 1, 2].map((index) => problems.nth(index).locator('td').allTextContents()),
  );
  expect(lines).toEqual([
    ['151', 'Card ID', 'IMP00010', 'Appears more than once in the file'],
    ['401', 'E-mail', 'not-an-email', 'Invalid format'],
    ['801', 'Card ID', 'IMP' + '9'.repeat(18), 'Too long'],
  ]);
  await expect(dialog.getByTestId('card-import-submit')).toBeDisabled();
  await snapshot(page, testInfo, 'import-report');
  // Nothing was imported by the check.
  const before = await apiData<{ total: number }>(
    page.request,
    '/cms-system/system/card/v2/list',
    { stationId: site.id },
    token,
  );
  expect(before.total).toBe(0);

  // The fixed file, chosen again: the report goes, and the import takes every card.
  await dialog.getByTestId('card-import-file').setInputFiles(csvFile(good, 'cards-fixed.csv'));
  await expect(dialog.getByTestId('card-import-status')).toHaveText('All 1,000 cards are ready to import.');
  await expect(dialog.getByTestId('card-import-problem')).toHaveCount(0);
  await snapshot(page, testInfo, 'import-ready');
  await dialog.getByTestId('card-import-submit').click();
  await expect(page.getByTestId('toast')).toHaveText('1,000 cards imported');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('card-list-pagination')).toContainText('1–10 of 1,000');
  await expect(page.getByTestId('card-row-IMP00001')).toBeVisible();
  await snapshot(page, testInfo, 'cards-imported');

  // The search and the group filter narrow the list; the export holds what is shown, as the import reads it.
  await page.getByTestId('card-search').fill('IMP0099');
  await expect(page.getByTestId('card-list-pagination')).toContainText(/ of 10(?!\d)/);
  await page.getByTestId('card-group-filter').selectOption({ label: 'Staff' });
  await expect(page.getByTestId('card-list-pagination')).toContainText(/ of 5(?!\d)/);
  const download = page.waitForEvent('download');
  await page.getByTestId('card-export').click();
  const file = await (await download).path();
  const { readFile } = await import('node:fs/promises');
  const text = await readFile(file, 'utf8');
  expect(text.split('\r\n')).toEqual([
    '\uFEFFcardId,holder,group,email,subscribeReport',
    ...['IMP00991', 'IMP00993', 'IMP00995', 'IMP00997', 'IMP00999'].map((id) => {
      const n = id.slice(3);
      const email = (Number(n) - 1) % 3 === 0 ? `holder${n}@example.test` : '';
      return `${id},Holder ${n},Staff,${email},false`;
    }),
    '',
  ]);
});
