import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Download, type Page } from '@playwright/test';
import { replaySession, type ReplayReading } from '@plugboard/charger-sim';
import { startAfterEndMessage, type CardGroup, type SessionDetail } from '@plugboard/contract';
import { minorDigitsOf, priceSession, type Tariff as EngineTariff } from '@plugboard/pricing';
import { addSite, apiData, registerAccount, signInWithToken } from '../support/api.ts';
import { selectSite, simulateCharger, stopChargers, uniqueProductCode } from '../support/charger.ts';
import { snapshot } from '../support/page.ts';
import { sheetRows } from '../support/xlsx.ts';
import { yesterdayIn, zonedInstant } from '../support/zoned-time.ts';

const timeZone = 'Europe/Amsterdam';
// The browser in the site's zone: the console shows times and takes the filter range in the browser's zone.
test.use({ viewport: { width: 1600, height: 1000 }, timezoneId: timeZone, locale: 'en-US' });

test.afterEach(async () => {
  await stopChargers();
});

const locale = (language: string) =>
  JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, `../../apps/web/src/locales/${language}.json`), 'utf8'),
  ) as { sessions: { filters: { startAfterEnd: string } } };

/** The tariff the operator types: base prices, and a cheaper band every day from 23:00 to midnight. */
const tariff = { energy: '0.40', time: '0.02', idle: '0.10', startFee: '0.50', vat: '21' };
const band = { from: '23:00', to: '24:00', energy: '0.25', time: '0.01', idle: '0.05' };
/** The same tariff as the cost engine takes it (prices in 1/10,000 of a euro). */
const engineTariff: EngineTariff = {
  priceModel: 'timeOfUse',
  energyPerKwh: 4000,
  perChargingMinute: 200,
  perIdleMinute: 1000,
  startFee: 5000,
  pricesIncludeVat: true,
  vatRateBp: 2100,
  bands: [
    {
      days: [1, 2, 3, 4, 5, 6, 7],
      from: '23:00',
      to: '24:00',
      energyPerKwh: 2500,
      perChargingMinute: 100,
      perIdleMinute: 500,
    },
  ],
  timeZone,
  minorDigits: minorDigitsOf('EUR'),
};

/**
 * Yesterday 22:30 to 23:30 in the site's zone, a reading every 5 minutes: 12 kW until 23:20 (10 kWh), then the
 * car is full and the connector stays occupied, idle, until 23:30. The band edge at 23:00 cuts it in two.
 */
function sessionReadings(): ReplayReading[] {
  const start = zonedInstant(yesterdayIn(timeZone), '22:30', timeZone).getTime();
  return Array.from({ length: 13 }, (_, i) => ({
    at: new Date(start + i * 5 * 60_000),
    meterWh: 50_000 + Math.min(i, 10) * 1000,
    powerW: i < 10 ? 12_000 : 0,
  }));
}

async function setTimeOfUseTariff(page: Page) {
  await page.getByTestId('tariff-price-model-timeOfUse').click();
  await page.getByTestId('tariff-energyPrice').fill(tariff.energy);
  await page.getByTestId('tariff-timePrice').fill(tariff.time);
  await page.getByTestId('tariff-idlePrice').fill(tariff.idle);
  await page.getByTestId('tariff-startFee').fill(tariff.startFee);
  await page.getByTestId('tariff-vat-rate').fill(tariff.vat);
  await page.getByTestId('tariff-payment-contactless').check();
  await page.getByTestId('tariff-band-add').click();
  for (const day of [6, 7]) await page.getByTestId(`tariff-band-0-day-${day}`).click();
  await page.getByTestId('tariff-band-0-from').fill(band.from);
  await page.getByTestId('tariff-band-0-to').fill(band.to);
  await page.getByTestId('tariff-band-0-energyPrice').fill(band.energy);
  await page.getByTestId('tariff-band-0-timePrice').fill(band.time);
  await page.getByTestId('tariff-band-0-idlePrice').fill(band.idle);
}

async function exportFile(page: Page, scope: 'page' | 'all', format: 'csv' | 'xlsx'): Promise<Download> {
  await page.getByTestId('session-export').click();
  const dialog = page.getByTestId('session-export-dialog');
  await dialog.getByTestId(`session-export-scope-${scope}`).check();
  await dialog.getByTestId(`session-export-format-${format}`).check();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByTestId('session-export-start').click(),
  ]);
  await expect(dialog.getByTestId('session-export-done')).toContainText(`.${format}`);
  await dialog.getByTestId('session-export-close').click();
  await expect(dialog).toHaveCount(0);
  return download;
}

const read = async (download: Download) => fs.readFileSync(await download.path());

test('a time-of-use tariff prices a discounted card charging across a band edge; list, detail, chart, export, delete', async ({
  page,
  baseURL,
}, testInfo) => {
  const account = await registerAccount(page.request);
  const { token } = account;
  const site = await addSite(page.request, token, {
    name: 'Tariff Depot',
    currency: 'EUR',
    fixedCost: 0.2,
    fixedCostIncludesVat: false,
    timeZone,
  });
  await signInWithToken(page, token);
  await selectSite(page, site);

  // No tariff yet: the screen says sessions are not priced.
  await page.goto('/tariffInfo');
  await expect(page.getByTestId('tariff-empty')).toHaveText(/^No tariff yet: sessions are not priced/);
  await expect(page.getByTestId('tariff-currency')).toHaveText('Currency: EUR');
  await expect(page.getByTestId('tariff-time-zone')).toHaveText(`Time zone: ${timeZone}`);
  await setTimeOfUseTariff(page);

  // A second band over the first one's hours is flagged on both rows, before any call; removing it clears that.
  await page.getByTestId('tariff-band-add').click();
  await page.getByTestId('tariff-band-1-from').fill('22:00');
  await page.getByTestId('tariff-band-1-to').fill('23:30');
  await expect(page.getByTestId('tariff-band-0')).toHaveAttribute('data-overlap', 'true');
  await expect(page.getByTestId('tariff-band-1-overlap')).toHaveText(
    'Overlaps another band on Mon, Tue, Wed, Thu, Fri',
  );
  await snapshot(page, testInfo, 'tariff-overlap');
  await page.getByTestId('tariff-band-1-remove').click();
  await expect(page.getByTestId('tariff-band-0')).toHaveAttribute('data-overlap', 'false');
  await expect(page.getByTestId('tariff-week-7-23:00')).toHaveAttribute('data-band', '0');
  await expect(page.getByTestId('tariff-margin-base')).toContainText('€0.1306'); // 0.40 / 1.21 - 0.20
  await page.getByTestId('tariff-save').click();
  await expect(page.getByTestId('toast')).toHaveText('Tariff saved');
  await expect(page.getByTestId('tariff-saved-note')).toContainText('sessions that start from now on');
  await expect(page.getByTestId('tariff-empty')).toHaveCount(0);
  await snapshot(page, testInfo, 'tariff');
  await page.getByTestId('tariff-week-chart').scrollIntoViewIfNeeded();
  await snapshot(page, testInfo, 'tariff-week');

  // A group paying 80 % of the tariff, a card in it, and a charger that was offline replays its session.
  const group = await apiData<CardGroup>(
    page.request,
    '/cms-system/system/cardGroup/v2/add',
    { stationId: site.id, name: 'Staff 80', multiplier: 80 },
    token,
  );
  const cardId = `S${Date.now().toString(36).slice(-7).toUpperCase()}`;
  await apiData(
    page.request,
    '/cms-system/system/card/v2/add',
    { stationId: site.id, cardId, groupId: group.id },
    token,
  );
  const productCode = uniqueProductCode('TOU');
  const pin = 'e2e-Pin-1';
  await apiData(
    page.request,
    '/cms-system/system/charger/v2/add',
    { stationId: site.id, productCode, pin },
    token,
  );
  const charger = simulateCharger({ baseURL, productCode, pin });
  await charger.boot();
  const readings = sessionReadings();
  const { transactionId: orderNo } = await replaySession(charger, { idTag: cardId, readings });

  // What the cost engine predicts for the same tariff, readings and multiplier, formatted as the console does.
  const expected = priceSession({
    tariff: engineTariff,
    readings: readings.map((r) => ({ at: r.at.getTime(), energyWh: r.meterWh })),
    multiplierBp: 8000,
  });
  const euros = (minor: number) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(minor / 100);
  expect(expected.lines.map((line) => line.band)).toContain('Mon-Sun 23:00-24:00');

  // The list: the session with the predicted cost.
  await page.goto('/sessionList');
  const row = page.getByTestId(`session-row-${orderNo}`);
  await expect(row).toBeVisible();
  await expect(page.getByTestId(`session-cost-${orderNo}`)).toHaveText(euros(expected.grossMinor));
  await expect(page.getByTestId(`session-start-by-${orderNo}`)).toContainText(cardId);
  await expect(page.getByTestId(`session-card-group-${orderNo}`)).toHaveText('Staff 80');
  await expect(page.getByTestId(`session-energy-${orderNo}`)).toHaveText('10.000');
  await expect(page.getByTestId(`session-status-${orderNo}`)).toHaveText('Complete');
  await snapshot(page, testInfo, 'session-list');

  // A period shortcut that holds yesterday shows it; the other month does not.
  const yesterday = new Date(Date.now() - 86_400_000);
  const sameMonth = yesterday.getMonth() === new Date().getMonth();
  await page.getByTestId(sameMonth ? 'session-period-lastMonth' : 'session-period-thisMonth').click();
  await expect(page.getByTestId('session-list-empty')).toBeVisible();
  await page.getByTestId(sameMonth ? 'session-period-thisMonth' : 'session-period-lastMonth').click();
  await expect(row).toBeVisible();

  // Exports: this page and all pages as CSV, all pages as XLSX; each holds the session.
  const pageCsv = (await read(await exportFile(page, 'page', 'csv'))).toString('utf8');
  const allCsv = (await read(await exportFile(page, 'all', 'csv'))).toString('utf8');
  for (const csv of [pageCsv, allCsv]) {
    const line = csv.split('\r\n').find((l) => l.startsWith(`${orderNo},`));
    expect(line, csv).toContain(cardId);
    expect(line).toContain(String(expected.grossMinor / 100));
  }
  const xlsx = await exportFile(page, 'all', 'xlsx');
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const sheet = sheetRows(await read(xlsx));
  // Texts and labels are shared strings; the sheet's cells read back as the list shows them.
  expect(sheet.find((cells) => cells[0] === String(orderNo))).toEqual(
    expect.arrayContaining([cardId, 'Staff 80', String(expected.grossMinor / 100), 'Complete', 'Accepted']),
  );

  // The detail: every field, the breakdown with the predicted figures, and the chart of the meter values.
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/session/detail/${orderNo}$`));
  await expect(page.getByTestId('session-detail-card')).toHaveText(cardId);
  await expect(page.getByTestId('session-detail-card-group')).toHaveText('Staff 80');
  await expect(page.getByTestId('session-detail-duration')).toHaveText('1 h 0 min 0 s');
  await expect(page.getByTestId('session-detail-meter-start')).toHaveText('50.000 kWh');
  await expect(page.getByTestId('session-detail-meter-stop')).toHaveText('60.000 kWh');
  await expect(page.getByTestId('session-breakdown-gross')).toHaveText(euros(expected.grossMinor));
  await expect(page.getByTestId('session-breakdown-net')).toHaveText(euros(expected.netMinor));
  await expect(page.getByTestId('session-breakdown-vat')).toHaveText(euros(expected.vatMinor));
  await expect(page.getByTestId('session-breakdown-multiplier')).toHaveText('80 %');
  await expect(page.getByTestId('session-breakdown-line')).toHaveCount(expected.lines.length);
  await expect(page.getByTestId('session-detail-breakdown')).toContainText('Mon-Sun 23:00-24:00');
  const detail = await apiData<SessionDetail>(
    page.request,
    '/cms-system/system/session/v2/detail',
    { stationId: site.id, orderNo },
    token,
  );
  const powerReadings = detail.meterValues.filter((v) => v.powerKw !== null).length;
  expect(powerReadings).toBeGreaterThanOrEqual(readings.length - 1);
  await expect(page.getByTestId('session-chart-series-power')).toHaveAttribute(
    'data-count',
    String(powerReadings),
  );
  await expect(page.getByTestId('session-chart-series-energy')).toHaveAttribute(
    'data-count',
    String(detail.meterValues.filter((v) => v.energyKwh !== null).length),
  );
  await snapshot(page, testInfo, 'session-detail');
  await page.getByTestId('session-chart').scrollIntoViewIfNeeded();
  await snapshot(page, testInfo, 'session-chart');

  // Delete: behind the confirm dialog that says it cannot be undone; back on the list, the row is gone.
  await page.getByTestId('session-delete').click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog.getByTestId('confirm-dialog-content')).toContainText('This cannot be undone.');
  await snapshot(page, testInfo, 'session-delete');
  await dialog.getByTestId('confirm-dialog-ok').click();
  await expect(page.getByTestId('toast')).toHaveText(`Session ${orderNo} deleted`);
  await expect(page).toHaveURL(/\/sessionList$/);
  await expect(page.getByTestId('session-list-empty')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('the filter refuses an end before its start in the chosen language, before any call', async ({
  page,
}, testInfo) => {
  const account = await registerAccount(page.request);
  const site = await addSite(page.request, account.token, { name: 'Filter Depot' });
  await signInWithToken(page, account.token);
  await selectSite(page, site);
  const ranges: unknown[] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith('/cms-system/system/session/v2/list')) return;
    const body = request.postDataJSON() as { startFrom?: string; startTo?: string };
    if (body.startFrom && body.startTo) ranges.push(body);
  });

  for (const language of ['en_US', 'de_DE', 'zh_CN']) {
    await page.evaluate((lang) => localStorage.setItem('installer-language', lang), language);
    await page.goto('/sessionList');
    await expect(page.getByTestId('session-list-empty')).toBeVisible();
    await page.getByTestId('session-filter-from').fill('2025-03-02T10:00');
    await page.getByTestId('session-filter-to').fill('2025-03-01T10:00');
    const message = page.getByTestId('session-filter-to-message');
    await expect(message).toHaveText(locale(language).sessions.filters.startAfterEnd);
    if (language === 'en_US') await expect(message).toHaveText(startAfterEndMessage);
    else await expect(message).not.toHaveText(startAfterEndMessage);
    await snapshot(page, testInfo, `filter-${language}`);
  }
  expect(ranges).toEqual([]);
});
