import { expect, test, type Locator, type Page } from '@playwright/test';
import { addSite, apiData, registerAccount, signInWithToken } from '../support/api.ts';
import { selectSite, simulateCharger, stopChargers, uniqueProductCode } from '../support/charger.ts';
import { snapshot } from '../support/page.ts';

// The wave-2 screens in German (the longest texts with French) on a phone: nothing wider than the screen, and no
// text cut where it once was (the kiosk's notifications and site name, the invoice periods, the site search).
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.afterEach(async () => {
  await stopChargers();
});

/**
 * Nothing is wider than the phone. With isMobile the browser zooms a wider page out (window.innerWidth grows), so the
 * document is measured against the device's 390 px, not against the window.
 */
async function expectPhoneWidth(page: Page, what: string) {
  const width = await page.evaluate<number>('document.documentElement.scrollWidth');
  expect(width, `${what}: the document's width`).toBeLessThanOrEqual(390);
}

/** The element shows all of its text: nothing cut on the right (ellipsis) or below (line clamp). */
async function expectWhole(locator: Locator, what: string) {
  type Box = { scrollWidth: number; clientWidth: number; scrollHeight: number; clientHeight: number };
  // Run in the page (this project's types have no DOM): the element's sizes.
  const sizes = await locator.evaluate((el: Box) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
    scrollHeight: el.scrollHeight,
    clientHeight: el.clientHeight,
  }));
  expect(sizes.scrollWidth, `${what}: width`).toBeLessThanOrEqual(sizes.clientWidth + 1);
  expect(sizes.scrollHeight, `${what}: height`).toBeLessThanOrEqual(sizes.clientHeight + 1);
}

const routes = [
  ['overview', '/overview', 'overview-shell'],
  ['display', '/display', 'console-shell'],
  ['rich-text-editor', '/rich-text-editor', 'console-shell'],
  ['load', '/load', 'console-shell'],
  ['invoices', '/invoice/list', 'console-shell'],
  ['chargers', '/chargeList', 'console-shell'],
  ['sessions', '/sessionList', 'console-shell'],
  ['cards', '/card/list', 'console-shell'],
  ['card-groups', '/card/group', 'console-shell'],
  ['tariff', '/tariffInfo', 'console-shell'],
] as const;
const toolTabs = ['messages', 'connections', 'configuration', 'operations', 'security', 'certificates'];

test('the wave-2 screens in German fit a phone (390x844) without cut texts', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const account = await registerAccount(page.request, { language: 'de_DE' });
  const site = await addSite(page.request, account.token, {
    name: 'Parkhaus Hauptbahnhof Nord',
    powerCapacity: 22,
    timeZone: 'Europe/Berlin',
  });
  const group = await apiData<{ id: number }>(
    page.request,
    '/cms-system/system/cardGroup/v2/add',
    { stationId: site.id, name: 'Flotte Stadtwerke', multiplier: 100 },
    account.token,
  );
  const cardId = `L${Date.now().toString(36).slice(-7).toUpperCase()}`;
  await apiData(
    page.request,
    '/cms-system/system/card/v2/add',
    { stationId: site.id, cardId, groupId: group.id },
    account.token,
  );
  const pin = 'e2e-Pin-1';
  const productCode = uniqueProductCode('LOC');
  const charger = await apiData<{ id: number }>(
    page.request,
    '/cms-system/system/charger/v2/add',
    { stationId: site.id, productCode, pin, alias: 'Platz 1' },
    account.token,
  );
  const sim = simulateCharger({ baseURL, productCode, pin });
  await sim.boot();

  await signInWithToken(page, account.token);
  await page.evaluate(() => localStorage.setItem('installer-language', 'de_DE'));
  await selectSite(page, site);
  for (const [name, path, shell] of routes) {
    await page.goto(path);
    await expect(page.getByTestId(shell)).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectPhoneWidth(page, name);
    await snapshot(page, testInfo, name);
  }
  // The console speaks German: not a key, not English.
  await page.goto('/tariffInfo');
  await expect(page.getByTestId('tariff-form')).toContainText('Preise');

  for (const tab of toolTabs) {
    await page.goto(`/chargeList/${charger.id}/tools?tab=${tab}`);
    await expect(page.getByTestId('charger-tools')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectPhoneWidth(page, `tools ${tab}`);
    await snapshot(page, testInfo, `tools-${tab}`);
  }

  // The sessions' title and its two buttons ("Rechnungen", "Exportieren"): the buttons go below the title when they
  // do not fit beside it, each whole and apart from the title and each other.
  await page.goto('/sessionList');
  const title = page.getByTestId('session-page-header').getByRole('heading', { level: 1 });
  const boxes = [];
  for (const part of [title, page.getByTestId('session-invoices'), page.getByTestId('session-export')]) {
    await expectWhole(part, 'sessions header');
    boxes.push((await part.boundingBox())!);
  }
  for (const [i, a] of boxes.entries()) {
    expect(a.x + a.width, 'sessions header').toBeLessThanOrEqual(390);
    for (const b of boxes.slice(i + 1)) {
      const apart =
        a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
      expect(apart, 'sessions header: title and buttons apart').toBe(true);
    }
  }
  await snapshot(page, testInfo, 'sessions-header');

  // The site search: a button on the phone's top bar opening a field over the whole bar.
  await page.goto('/chargeList');
  await expect(page.getByTestId('site-search')).toHaveCount(0);
  await page.getByTestId('site-search-open').click();
  const search = page.getByTestId('site-search');
  await expect(search).toBeFocused();
  expect((await page.getByTestId('site-search-box').boundingBox())?.width).toBeGreaterThanOrEqual(380);
  expect((await search.boundingBox())?.width).toBeGreaterThan(250);
  await expect(page.getByTestId(`site-search-option-${site.id}`)).toBeVisible();
  await snapshot(page, testInfo, 'site-search');
  await page.getByTestId('site-search-close').click();
  await expect(search).toHaveCount(0);
  await expect(page.getByTestId('site-search-open')).toBeVisible();

  // The invoice request's periods: two by two, each label whole ("Benutzerdefiniert").
  await page.goto('/invoice/list');
  await page.getByTestId('invoice-request').click();
  const dialog = page.getByTestId('invoice-request-dialog');
  for (const period of ['thisMonth', 'lastMonth', 'last3Months', 'custom']) {
    const button = dialog.getByTestId(`invoice-period-${period}`);
    await expectWhole(button, `period ${period}`);
    const box = (await button.boundingBox())!;
    expect(box.x + box.width, `period ${period}`).toBeLessThanOrEqual(390);
  }
  await expectPhoneWidth(page, 'invoice request');
  await snapshot(page, testInfo, 'invoice-request');

  // The kiosk, upright on a phone in German: the site's name and a notification whole, wrapped.
  await page.goto('/display');
  await page.getByTestId('display-link-name').fill('Foyer-Bildschirm Erdgeschoss');
  await page.getByTestId('display-link-create').click();
  const url = (await page.getByTestId('display-link-url').textContent()) ?? '';
  const kioskContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  await kioskContext.addInitScript(() => localStorage.setItem('installer-language', 'de_DE'));
  const kiosk = await kioskContext.newPage();
  try {
    await kiosk.goto(url);
    await expect(kiosk.getByTestId('display-board')).toHaveAttribute('data-state', 'live');
    await expect(kiosk.getByTestId('display-board')).toHaveAttribute('data-portrait', 'true');
    await expectWhole(kiosk.getByTestId('display-site-name'), 'site name');
    await sim.plugIn(1);
    await sim.presentCard(cardId, 1);
    const notification = kiosk.getByTestId('display-notification-text').first();
    await expect(notification).toHaveText('Laden gestartet an Platz 1');
    await expectWhole(notification, 'notification');
    const box = (await kiosk.getByTestId('display-notification').first().boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await expectPhoneWidth(kiosk, 'kiosk');
    await snapshot(kiosk, testInfo, 'kiosk');
  } finally {
    await kioskContext.close();
  }
});
