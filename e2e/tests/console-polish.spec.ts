import { expect, test, type Locator, type Page } from '@playwright/test';
import { aSiteWithCharger, stopChargers } from '../support/charger.ts';
import { confirmWith, snapshot } from '../support/page.ts';

// What the console opens on demand is in view on a phone: a tools tab opened by its link, a payload, an answer.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.afterEach(async () => {
  await stopChargers();
});

/** How far `inner` sticks out of `outer` sideways, in px (0 when it is whole inside). */
async function outside(inner: Locator, outer: Locator): Promise<number> {
  const a = await inner.boundingBox();
  const b = await outer.boundingBox();
  if (!a || !b) return Number.POSITIVE_INFINITY;
  return Math.max(0, b.x - a.x) + Math.max(0, a.x + a.width - (b.x + b.width));
}

/** How far `element` sticks out of the window down or up under the top bar, in px. */
async function outOfWindow(page: Page, element: Locator): Promise<number> {
  const bar = await page.getByTestId('top-bar').boundingBox();
  const box = await element.boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  if (!box) return Number.POSITIVE_INFINITY;
  return Math.max(0, (bar ? bar.y + bar.height : 0) - box.y) + Math.max(0, box.y + box.height - height);
}

test('a tools tab opened by its link is whole in the tab strip on a phone, not under its scroll arrow', async ({
  page,
  baseURL,
}, testInfo) => {
  const { chargerId } = await aSiteWithCharger(page, baseURL);
  const strip = page.locator('[data-testid="charger-tools"] .MuiTabs-scroller');
  for (const tab of ['configuration', 'operations', 'security', 'certificates']) {
    await page.goto(`/chargeList/${chargerId}/tools?tab=${tab}`);
    const selected = page.getByTestId(`charger-tools-tab-${tab}`);
    await expect(selected).toHaveAttribute('aria-selected', 'true');
    // The arrows appear once the strip has measured itself; the tab stays whole after that.
    await expect(page.locator('[data-testid="charger-tools"] .MuiTabs-scrollButtons').first()).toBeVisible();
    await expect.poll(() => outside(selected, strip), { message: `tab ${tab}` }).toBeLessThanOrEqual(1);
    await snapshot(page, testInfo, `tools-tab-${tab}`);
  }
});

test("on a phone an operation's answer and an opened payload come into view", async ({
  page,
  baseURL,
}, testInfo) => {
  const { chargerId } = await aSiteWithCharger(page, baseURL);
  await page.goto(`/chargeList/${chargerId}/tools?tab=operations`);
  // Clear cache sits below the fold; its answer shows above the cards.
  const clear = page.getByTestId('clear-cache-send');
  await clear.scrollIntoViewIfNeeded();
  await clear.click();
  await confirmWith(page, 'Clear authorization cache');
  const answer = page.getByTestId('operation-answer');
  await expect(answer).toContainText('Accepted');
  await expect.poll(() => outOfWindow(page, answer)).toBeLessThan(1);
  await snapshot(page, testInfo, 'operation-answer');

  await page.goto(`/chargeList/${chargerId}/tools?tab=messages`);
  const rows = page.getByTestId('ocpp-log-row');
  await expect(rows.first()).toBeVisible();
  const last = rows.last();
  await last.scrollIntoViewIfNeeded();
  await last.click();
  const payload = page.getByTestId('ocpp-log-payload');
  await expect(payload).toBeVisible();
  await expect.poll(() => outOfWindow(page, payload)).toBeLessThan(1);
  await snapshot(page, testInfo, 'payload-opened');
});
