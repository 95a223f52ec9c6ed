import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { replaySession, type ReplayReading } from '@plugboard/charger-sim';
import { addSite, apiData, registerAccount, signInWithToken } from '../support/api.ts';
import { selectSite, simulateCharger, stopChargers, uniqueProductCode } from '../support/charger.ts';
import { snapshot } from '../support/page.ts';

const timeZone = 'Europe/Amsterdam';
test.use({ viewport: { width: 1600, height: 1000 }, timezoneId: timeZone, locale: 'en-US' });

test.afterEach(async () => {
  await stopChargers();
});

/** A day (YYYY-MM-DD) in the site's zone. */
const dayIn = (instant: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );

/** A session of `minutes` that ended a while ago: a reading every 5 minutes, `whPer5` more each time. */
function readings(start: number, minutes: number, whPer5: number): ReplayReading[] {
  return Array.from({ length: minutes / 5 + 1 }, (_, i) => ({
    at: new Date(start + i * 5 * 60_000),
    meterWh: 10_000 + i * whPer5,
    powerW: whPer5 * 12,
  }));
}

const euros = (minor: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(minor / 100);
const kwh = (wh: number) =>
  `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 }).format(wh / 1000)} kWh`;

async function fullSnapshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test('the overview after two simulated sessions: figures equal the sessions list; now follows the chargers live', async ({
  page,
  baseURL,
}, testInfo) => {
  const { token } = await registerAccount(page.request);
  const site = await addSite(page.request, token, { name: 'Overview Depot', currency: 'EUR', timeZone });
  const as = <T>(path: string, body: Record<string, unknown>) =>
    apiData<T>(page.request, path, { stationId: site.id, ...body }, token);
  await as('/cms-system/system/tariff/v2/save', {
    priceModel: 'static',
    energyPrice: 0.35,
    timePrice: 0.01,
    idlePrice: 0,
    startFee: 0.5,
    pricesIncludeVat: true,
    vatRate: 21,
    paymentMethods: ['rfid'],
    bands: [],
  });
  const cards = [
    `O${Date.now().toString(36).slice(-7).toUpperCase()}`,
    `P${Date.now().toString(36).slice(-7).toUpperCase()}`,
  ];
  for (const cardId of cards) await as('/cms-system/system/card/v2/add', { cardId });
  const pin = 'e2e-Pin-1';
  const codes = [uniqueProductCode('OVA'), uniqueProductCode('OVB'), uniqueProductCode('OVC')];
  for (const productCode of codes) await as('/cms-system/system/charger/v2/add', { productCode, pin });
  const [codeA = '', codeB = ''] = codes;
  const chargerA = simulateCharger({ baseURL, productCode: codeA, pin });
  const chargerB = simulateCharger({ baseURL, productCode: codeB, pin });
  await chargerA.boot();
  await chargerB.boot();
  // The third charger never connects: it is offline and needs attention.

  // Two sessions that ended minutes ago: 30 min of 1 kWh per 5 min on A, 25 min of 1.5 kWh per 5 min on B.
  const now = Date.now();
  const firstStart = now - 100 * 60_000;
  await replaySession(chargerA, { idTag: cards[0] ?? '', readings: readings(firstStart, 30, 1000) });
  await replaySession(chargerB, { idTag: cards[1] ?? '', readings: readings(now - 50 * 60_000, 25, 1500) });

  await signInWithToken(page, token);
  await selectSite(page, site);
  const firstDay = dayIn(firstStart);
  const lastDay = dayIn(now);
  await page.goto(`/overview?period=custom&firstDay=${firstDay}&lastDay=${lastDay}`);
  await expect(page.getByTestId('overview-shell')).toBeVisible();
  await expect(page.getByTestId('overview-figure-sessions-value')).toHaveText('2');

  // The sessions list with the same filters, through the overview's own link.
  const figures = {
    energy: await page.getByTestId('overview-figure-energyWh-value').textContent(),
    revenue: await page.getByTestId('overview-figure-grossMinor-value').textContent(),
    cards: await page.getByTestId('overview-figure-distinctCards-value').textContent(),
  };
  await expect(page.getByTestId('overview-top-chargers-row')).toHaveCount(2);
  await expect(page.getByTestId('overview-top-cards-row')).toHaveCount(2);
  await expect(page.getByTestId('overview-chart-energy-data')).toHaveAttribute('data-total', '13500');
  await fullSnapshot(page, testInfo, 'overview-desktop');

  await page.getByTestId('overview-session-list-link').click();
  await expect(page).toHaveURL(/\/sessionList\?/);
  const rows = page.locator('[data-testid^="session-row-"]');
  await expect(rows).toHaveCount(2);
  let energyWh = 0;
  let grossMinor = 0;
  for (const row of await rows.all()) {
    const id = ((await row.getAttribute('data-testid')) ?? '').slice('session-row-'.length);
    energyWh += Math.round(Number(await page.getByTestId(`session-energy-${id}`).textContent()) * 1000);
    const cost = (await page.getByTestId(`session-cost-${id}`).textContent()) ?? '';
    grossMinor += Math.round(Number(cost.replace(/[^0-9.]/g, '')) * 100);
  }
  expect(energyWh).toBe(13_500);
  expect(grossMinor).toBeGreaterThan(0);
  expect(figures).toEqual({ energy: kwh(energyWh), revenue: euros(grossMinor), cards: '2' });

  // Now: two chargers available, one offline (in the attention list); a session starts and the overview follows.
  await page.goto('/overview');
  await expect(page.getByTestId('overview-status-available')).toHaveAttribute('data-count', '2');
  await expect(page.getByTestId('overview-status-offline')).toHaveAttribute('data-count', '1');
  await expect(
    page.getByTestId('overview-attention').locator('[data-testid^="overview-attention-"]'),
  ).toHaveCount(1);
  await expect(page.getByTestId('overview-attention')).toContainText(codes[2] ?? '');
  await expect(page.getByTestId('overview-ongoing')).toHaveAttribute('data-count', '0');
  await chargerA.plugIn(1);
  await chargerA.presentCard(cards[0] ?? '', 1);
  await expect(page.getByTestId('overview-ongoing')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('overview-status-charging')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('overview-power-now')).not.toHaveText('0 kW', { timeout: 5000 });
  await fullSnapshot(page, testInfo, 'overview-charging');

  // It stops: today's figures count a third session, without a reload.
  await page.getByTestId('overview-figure-sessions-value').scrollIntoViewIfNeeded();
  const todayBefore = Number(await page.getByTestId('overview-figure-sessions-value').textContent());
  await chargerA.stopTransaction(1);
  await expect(page.getByTestId('overview-ongoing')).toHaveAttribute('data-count', '0');
  await expect(page.getByTestId('overview-figure-sessions-value')).toHaveText(String(todayBefore + 1));

  // The status link opens the chargers list filtered by that status.
  await page.getByTestId('overview-status-offline').click();
  await expect(page).toHaveURL(/\/chargeList\?status=offline$/);
  await expect(page.getByTestId('charger-list')).toContainText(codes[2] ?? '');

  // A phone: one column, no side menu, the menu in the dark top bar.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/overview?period=custom&firstDay=${firstDay}&lastDay=${lastDay}`);
  await expect(page.getByTestId('overview-figure-sessions-value')).toHaveText('3');
  // Nothing wider than the phone: no sideways scrolling.
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await snapshot(page, testInfo, 'overview-phone-top');
  await fullSnapshot(page, testInfo, 'overview-phone');
  await page.getByTestId('overview-menu-button').click();
  await expect(page.getByTestId('overview-menu')).toBeVisible();
  await fullSnapshot(page, testInfo, 'overview-phone-menu');
});
