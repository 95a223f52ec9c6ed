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

/** The x-axis labels a chart shows, left to right: their text and box. */
async function xLabels(chart: Locator) {
  const labels = chart.locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel');
  const shown: { text: string; left: number; right: number; top: number; bottom: number }[] = [];
  for (const label of await labels.all()) {
    const box = await label.boundingBox();
    const text = (await label.textContent()) ?? '';
    if (box && text && box.width > 0)
      shown.push({ text, left: box.x, right: box.x + box.width, top: box.y, bottom: box.y + box.height });
  }
  return shown.sort((a, b) => a.left - b.left);
}

for (const language of ['en_US', 'de_DE']) {
  for (const [width, height] of [
    [1440, 900],
    [1024, 768],
    [390, 844],
  ] as const) {
    test(`the overview's chart labels stand apart and whole at ${width}x${height} in ${language}`, async ({
      page,
      baseURL,
    }, testInfo) => {
      await page.setViewportSize({ width, height });
      await aSiteWithCharger(page, baseURL);
      await page.evaluate((lang) => localStorage.setItem('installer-language', lang), language);
      // Today: 24 hours; this month: a bar a day.
      for (const period of ['today', 'thisMonth']) {
        await page.goto(`/overview?period=${period}`);
        for (const name of ['energy', 'revenue']) {
          const chart = page.getByTestId(`overview-chart-${name}`);
          await chart.scrollIntoViewIfNeeded();
          await expect(
            chart.locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel').first(),
          ).toBeVisible();
          const svg = await chart.locator('svg').first().boundingBox();
          const labels = await xLabels(chart);
          expect(labels.length, `${period} ${name}: labels shown`).toBeGreaterThanOrEqual(4);
          for (const [i, label] of labels.entries()) {
            expect(label.text, `${period} ${name}: a label cut short`).not.toContain('…');
            // Whole inside the chart, and at least a word's space from the one before.
            expect(label.left, `${period} ${name} ${label.text}`).toBeGreaterThanOrEqual((svg?.x ?? 0) - 0.5);
            expect(label.right, `${period} ${name} ${label.text}`).toBeLessThanOrEqual(
              (svg?.x ?? 0) + (svg?.width ?? 0) + 0.5,
            );
            expect(label.bottom, `${period} ${name} ${label.text}`).toBeLessThanOrEqual(
              (svg?.y ?? 0) + (svg?.height ?? 0) + 0.5,
            );
            const before = labels[i - 1];
            if (before)
              expect(
                label.left - before.right,
                `${period} ${name} ${before.text}|${label.text}`,
              ).toBeGreaterThanOrEqual(12);
          }
        }
        await snapshot(page, testInfo, `overview-${period}`);
      }
    });
  }
}
