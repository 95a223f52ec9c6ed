import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Notices, Site } from '@plugboard/contract';
import { addSite, apiData, registerAccount, signInWithToken } from '../support/api.ts';
import { selectSite, simulateCharger, stopChargers, uniqueProductCode } from '../support/charger.ts';
import { confirmWith, snapshot } from '../support/page.ts';
import { startNode } from '../support/server.ts';

test.afterEach(async () => {
  await stopChargers();
});

type Operator = { token: string; site: Site };

/** A fresh account with a 22 kW site, signed in on `page`. */
async function anOperator(page: Page, name: string): Promise<Operator> {
  const account = await registerAccount(page.request);
  const site = await addSite(page.request, account.token, { name, powerCapacity: 22 });
  await signInWithToken(page, account.token);
  await selectSite(page, site);
  return { token: account.token, site };
}

/** Makes a display link on the display route and answers the URL the operator copies (shown this once). */
async function makeDisplayLink(page: Page, name: string): Promise<string> {
  await page.goto('/display');
  await page.getByTestId('display-link-name').fill(name);
  await page.getByTestId('display-link-create').click();
  const url = (await page.getByTestId('display-link-url').textContent()) ?? '';
  expect(url).toMatch(/\/kiosk#dsp_[\w-]{43}$/);
  return url;
}

/** The display link opened as a TV would: a browser context of its own, no storage, no login. */
async function openDisplay(browser: Browser, url: string, size = { width: 1920, height: 1080 }) {
  const context = await browser.newContext({ viewport: size });
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(url);
  return { context, page, dialogs };
}

async function noScrollBars(page: Page) {
  // Scripts run in the page (this project's types have no DOM): the document's size against the window's.
  const sizes = await page.evaluate<{
    scrollWidth: number;
    scrollHeight: number;
    width: number;
    height: number;
  }>(
    `({
      scrollWidth: document.documentElement.scrollWidth,
      scrollHeight: document.documentElement.scrollHeight,
      width: window.innerWidth,
      height: window.innerHeight,
    })`,
  );
  expect(sizes.scrollWidth).toBeLessThanOrEqual(sizes.width);
  expect(sizes.scrollHeight).toBeLessThanOrEqual(sizes.height);
}

test('a display link opens the board without a login, follows sessions live with three notifications at once, and is refused once revoked', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const { token, site } = await anOperator(page, 'Depot Display');
  const cardId = `D${Date.now().toString(36).slice(-7).toUpperCase()}`;
  await apiData(page.request, '/cms-system/system/card/v2/add', { stationId: site.id, cardId }, token);
  const pin = 'e2e-Pin-1';
  const chargers = [];
  for (const alias of ['Bay 1', 'Bay 2', 'Bay 3']) {
    const productCode = uniqueProductCode('DSP');
    const added = await apiData<{ id: number }>(
      page.request,
      '/cms-system/system/charger/v2/add',
      { stationId: site.id, productCode, pin, alias },
      token,
    );
    const sim = simulateCharger({ baseURL, productCode, pin });
    await sim.boot();
    chargers.push({ id: added.id, sim });
  }

  const url = await makeDisplayLink(page, 'Lobby TV');
  const display = await openDisplay(browser, url);
  const board = display.page.getByTestId('display-board');
  await expect(board).toHaveAttribute('data-state', 'live');
  await expect(display.page.getByTestId('display-site-name')).toHaveText('Depot Display');
  // Nothing of a login: the fresh context holds no session token, and no console shell is drawn.
  expect(await display.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect(display.page.getByTestId('side-menu')).toHaveCount(0);
  for (const { id } of chargers) {
    await expect(display.page.getByTestId(`display-tile-${id}`)).toHaveAttribute('data-status', 'available');
  }

  // A session started at the charger shows on the board within a second: the tile and a notification.
  const [first, second, third] = chargers as [
    (typeof chargers)[0],
    (typeof chargers)[0],
    (typeof chargers)[0],
  ];
  await first.sim.plugIn(1);
  await first.sim.presentCard(cardId, 1);
  await expect(display.page.getByTestId(`display-tile-${first.id}`)).toHaveAttribute(
    'data-status',
    'charging',
    {
      timeout: 1000,
    },
  );
  const notifications = display.page.getByTestId('display-notification');
  await expect(notifications.filter({ hasText: 'Charging started at Bay 1' })).toBeVisible({ timeout: 1000 });

  // Two more starts: three notifications side by side at the top centre.
  await second.sim.plugIn(1);
  await second.sim.presentCard(cardId, 1);
  await third.sim.plugIn(1);
  await third.sim.presentCard(cardId, 1);
  await expect(notifications).toHaveCount(3);
  await expect(notifications.nth(2)).toContainText('Bay 3');
  // Once the last one has slid in: one row.
  const boxes = async () =>
    Promise.all([0, 1, 2].map(async (i) => (await notifications.nth(i).boundingBox())!));
  await expect.poll(async () => new Set((await boxes()).map((box) => Math.round(box.y))).size).toBe(1);
  const [a, b, c] = await boxes();
  expect(a!.x + a!.width).toBeLessThanOrEqual(b!.x);
  expect(b!.x + b!.width).toBeLessThanOrEqual(c!.x);
  const centre = (a!.x + c!.x + c!.width) / 2;
  expect(Math.abs(centre - 960)).toBeLessThan(4);
  expect(a!.y).toBeLessThan(60);
  await expect(display.page.getByTestId(`display-tile-power-${first.id}`)).toHaveText(/^\d+\.\d\s*kW$/);
  await expect(display.page.getByTestId(`display-tile-elapsed-${first.id}`)).toHaveText(/^0:00:0\d$/);
  await noScrollBars(display.page);
  await snapshot(display.page, testInfo, 'display-1920x1080');
  // Three cars at 11 kW on a 22 kW site: the site at its capacity is told too, once a place is free; each
  // notification hides after a few seconds.
  await expect(notifications.filter({ hasText: 'The site is at its power capacity' })).toBeVisible({
    timeout: 10_000,
  });
  await expect(display.page.getByTestId('display-site-power')).toHaveAttribute('data-capacity', '22000');
  await expect(notifications).toHaveCount(0, { timeout: 15_000 });

  await display.page.setViewportSize({ width: 1280, height: 720 });
  await noScrollBars(display.page);
  await first.sim.stopTransaction(1, 'Local');
  await expect(notifications.filter({ hasText: 'Charging complete at Bay 1' })).toBeVisible();
  await snapshot(display.page, testInfo, 'display-1280x720');

  // The operator revokes the link (here on a phone): opened again, the board refuses it.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/display');
  await expect(page.getByTestId('console-shell')).toHaveAttribute('data-phone', 'true');
  await expect(page.getByTestId('display-links-page')).toContainText('Lobby TV');
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await snapshot(page, testInfo, 'display-links-phone');
  await page.getByRole('button', { name: 'Revoke' }).click();
  await confirmWith(page, 'Revoke the display link');
  await expect(page.getByTestId('display-links-empty')).toBeVisible();
  // The open board is told at once (its socket closes on the revocation, not at its next ping in 30 s).
  await expect(display.page.getByTestId('display-refused')).toBeVisible();
  await display.page.reload();
  await expect(display.page.getByTestId('display-refused')).toBeVisible();
  await expect(display.page.getByTestId('display-board')).toHaveCount(0);
  expect(display.dialogs).toEqual([]);
  await display.context.close();
});

test('a notice written in the editor shows on the display, and pasted markup that runs is harmless', async ({
  page,
  browser,
}, testInfo) => {
  const { token, site } = await anOperator(page, 'Notice Depot');
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto('/rich-text-editor');
  const editor = page.getByTestId('notice-editor-content').locator('.tiptap');
  await editor.click();
  await page.getByTestId('notice-tool-h2').click();
  await page.keyboard.type('Welcome to the depot');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Charging is ');
  const bold = page.getByTestId('notice-tool-bold');
  await bold.click();
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('free');
  await bold.click();
  await expect(bold).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.type(' on Sundays.');
  await page.keyboard.press('Enter');
  await page.getByTestId('notice-tool-bullet-list').click();
  await page.keyboard.type('Park nose-in');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Unplug when full');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');

  // Pasted as HTML and as text: the image with its handler does not survive, the text stays text.
  const attack = '<img src=x onerror=alert(1)>';
  await page.evaluate(`(() => {
    const target = document.querySelector('.tiptap');
    for (const [type, data] of [
      ['text/html', ${JSON.stringify(`<p>Pasted ${attack} markup</p>`)}],
      ['text/plain', ${JSON.stringify(attack)}],
    ]) {
      const transfer = new DataTransfer();
      transfer.setData(type, data);
      target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
    }
  })()`);
  await expect(editor).toContainText('Pasted');
  await expect(editor).toContainText(attack);
  await expect(editor.locator('img')).toHaveCount(0);
  await expect(page.getByTestId('notice-length')).toContainText('/ 5,000 characters');
  await page.getByTestId('notice-save').click();
  await expect(page.getByTestId('toast')).toHaveText('Saved');
  const stored = await apiData<Notices>(
    page.request,
    '/cms-system/system/notice/v2/detail',
    { stationId: site.id },
    token,
  );
  expect(stored.display).toContain('<h2>Welcome to the depot</h2>');
  expect(stored.display).toContain('<strong>free</strong>');
  expect(stored.display).not.toMatch(/<img|<[^>]*onerror/i);
  expect(stored.display).toContain('&lt;img src=x onerror=alert(1)&gt;');
  await snapshot(page, testInfo, 'editor');
  // On a phone: the stored notice opens again, the toolbar wraps, nothing overflows sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('console-shell')).toHaveAttribute('data-phone', 'true');
  await expect(editor.locator('h2')).toHaveText('Welcome to the depot');
  await expect(page.getByTestId('notice-tool-redo')).toBeVisible();
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await snapshot(page, testInfo, 'editor-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  const url = await makeDisplayLink(page, 'Entrance');
  const display = await openDisplay(browser, url, { width: 1280, height: 720 });
  const notice = display.page.getByTestId('display-notice');
  await expect(notice.locator('h2')).toHaveText('Welcome to the depot');
  await expect(notice.locator('strong')).toHaveText('free');
  await expect(notice.locator('li')).toHaveText(['Park nose-in', 'Unplug when full']);
  await expect(notice).toContainText(attack);
  await expect(notice.locator('img')).toHaveCount(0);
  await noScrollBars(display.page);
  await snapshot(display.page, testInfo, 'display-notice');
  expect(dialogs).toEqual([]);
  expect(display.dialogs).toEqual([]);
  await display.context.close();
});

test('the board survives a server restart: it keeps showing, says it is reconnecting, and comes back live', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const { token, site } = await anOperator(page, 'Restart Depot');
  const cardId = `R${Date.now().toString(36).slice(-7).toUpperCase()}`;
  await apiData(page.request, '/cms-system/system/card/v2/add', { stationId: site.id, cardId }, token);
  const productCode = uniqueProductCode('RST');
  const pin = 'e2e-Pin-1';
  const charger = await apiData<{ id: number }>(
    page.request,
    '/cms-system/system/charger/v2/add',
    { stationId: site.id, productCode, pin, alias: 'Bay 1' },
    token,
  );
  const sim = simulateCharger({ baseURL, productCode, pin });
  await sim.boot();
  const link = await apiData<{ token: string }>(
    page.request,
    '/cms-system/system/display/v2/link/create',
    { stationId: site.id, name: 'Car park' },
    token,
  );

  // The screen is served by a node of its own (same database), which is then stopped and started again.
  let node = await startNode('display-restart');
  const port = Number(new URL(node.url).port);
  const display = await openDisplay(browser, `${node.url}/kiosk#${link.token}`, { width: 1280, height: 720 });
  const board = display.page.getByTestId('display-board');
  await expect(board).toHaveAttribute('data-state', 'live');
  await node.stop();
  await expect(board).toHaveAttribute('data-state', 'reconnecting');
  await expect(display.page.getByTestId('display-connection')).toHaveText('Reconnecting…');
  await expect(display.page.getByTestId(`display-tile-${charger.id}`)).toBeVisible();
  await snapshot(display.page, testInfo, 'display-reconnecting');

  node = await startNode('display-restart', { port });
  try {
    await expect(board).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
    // Live again: a session started at the charger (on the other node) shows on the board.
    await sim.plugIn(1);
    await sim.presentCard(cardId, 1);
    await expect(display.page.getByTestId(`display-tile-${charger.id}`)).toHaveAttribute(
      'data-status',
      'charging',
    );
  } finally {
    await display.context.close();
    await node.stop();
  }
});

test('a charger that goes offline during a session shows offline with its energy and no power, on the board and the overview', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const { token, site } = await anOperator(page, 'Depot Offline');
  const cardId = `O${Date.now().toString(36).slice(-7).toUpperCase()}`;
  await apiData(page.request, '/cms-system/system/card/v2/add', { stationId: site.id, cardId }, token);
  const productCode = uniqueProductCode('DSO');
  const pin = 'e2e-Pin-1';
  const { id } = await apiData<{ id: number }>(
    page.request,
    '/cms-system/system/charger/v2/add',
    { stationId: site.id, productCode, pin, alias: 'Bay 9' },
    token,
  );
  const sim = simulateCharger({ baseURL, productCode, pin });
  await sim.boot();
  const display = await openDisplay(browser, await makeDisplayLink(page, 'Lobby TV'));
  await expect(display.page.getByTestId('display-board')).toHaveAttribute('data-state', 'live');
  await sim.plugIn(1);
  await sim.presentCard(cardId, 1);
  const power = display.page.getByTestId(`display-tile-power-${id}`);
  await expect(power).toHaveText(/^\d+\.\d\s*kW$/);
  await expect(display.page.getByTestId('display-site-power')).not.toHaveAttribute('data-power', '0');
  await page.goto('/');
  await expect(page.getByTestId('overview-power-now')).not.toHaveText('0 kW', { timeout: 5000 });

  // Its socket goes: the session is still under way, but what it last said of power is history.
  await sim.stop();
  await expect(display.page.getByTestId(`display-tile-${id}`)).toHaveAttribute('data-status', 'offline');
  await expect(display.page.getByTestId(`display-tile-status-${id}`)).toHaveText('Offline');
  await expect(power).toHaveAttribute('data-power', '');
  await expect(power).not.toContainText(/\d/);
  await expect(display.page.getByTestId(`display-tile-energy-${id}`)).toHaveText(/^\d+\.\d\d\s*kWh$/);
  await expect(display.page.getByTestId('display-site-power')).toHaveAttribute('data-power', '0');
  await snapshot(display.page, testInfo, 'display-offline-tile');
  // The same on a fresh read of the board, and on the console's overview.
  await display.page.reload();
  await expect(display.page.getByTestId(`display-tile-${id}`)).toHaveAttribute('data-status', 'offline');
  await expect(power).toHaveAttribute('data-power', '');
  await expect(display.page.getByTestId('display-site-power')).toHaveAttribute('data-power', '0');
  await page.reload();
  await expect(page.getByTestId('overview-ongoing')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('overview-power-now')).toHaveText('0 kW');
  await display.context.close();
});
