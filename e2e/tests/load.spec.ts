import { expect, test, type Page } from '@playwright/test';
import type { Site } from '@plugboard/contract';
import { addSite, apiData, registerAccount, signInWithToken } from '../support/api.ts';
import {
  selectSite,
  simulateCharger,
  stopChargers,
  uniqueProductCode,
  type LoggedCharger,
} from '../support/charger.ts';
import { snapshot } from '../support/page.ts';

// Load management end to end: simulated chargers on a real socket get charging profiles, their meters follow them,
// and the load screen shows it.
test.use({ viewport: { width: 1600, height: 1000 }, locale: 'en-US' });

test.afterEach(async () => {
  await stopChargers();
});

/** A car that would draw 32 A on each of three phases. */
const car32 = 32 * 3 * 230;

type Profile = {
  connectorId: number;
  csChargingProfiles: {
    chargingProfilePurpose: string;
    transactionId?: number;
    chargingSchedule: {
      chargingRateUnit: string;
      chargingSchedulePeriod: { limit: number; numberPhases?: number }[];
    };
  };
};

/** The limit of the newest TxProfile the charger received, null before any. */
const txLimit = (c: LoggedCharger) => {
  const tx = (c.received('SetChargingProfile') as Profile[]).filter(
    (p) => p.csChargingProfiles.chargingProfilePurpose === 'TxProfile',
  );
  return tx.at(-1)?.csChargingProfiles.chargingSchedule.chargingSchedulePeriod[0]?.limit ?? null;
};

async function aChargerOf(page: Page, baseURL: string | undefined, token: string, site: Site) {
  const productCode = uniqueProductCode('LOAD');
  const pin = 'load-Pin-1';
  const added = await apiData<{ id: number }>(
    page.request,
    '/cms-system/system/charger/v2/add',
    { stationId: site.id, productCode, pin, capacityL1: 32, capacityL2: 32, capacityL3: 32 },
    token,
  );
  const sim = simulateCharger({ baseURL, productCode, pin, sim: { carPowerW: car32 } });
  await sim.boot();
  return { id: added.id, sim };
}

test('two cars share a 32 A site, one unplugs, a low band pauses one, and off clears the profiles', async ({
  page,
  baseURL,
}, testInfo) => {
  const account = await registerAccount(page.request);
  const site = await addSite(page.request, account.token, {
    name: 'Load Depot',
    phases: 3,
    capacityL1: 32,
    capacityL2: 32,
    capacityL3: 32,
  });
  const a = await aChargerOf(page, baseURL, account.token, site);
  const b = await aChargerOf(page, baseURL, account.token, site);
  const card = await apiData<{ cardId: string }>(
    page.request,
    '/cms-system/system/card/v2/add',
    { stationId: site.id, cardId: 'LOADCARD', holder: 'Depot driver' },
    account.token,
  );
  await signInWithToken(page, account.token);
  await selectSite(page, site);
  await page.goto('/load');
  await expect(page.getByTestId('load')).toHaveAttribute('data-on', '0');

  // Turned on from the screen.
  await page.getByTestId('load-switch').getByRole('switch').click();
  await expect(page.getByTestId('load')).toHaveAttribute('data-on', '1');

  // Both cars charging at 32 A: each gets a 16 A TxProfile within 2 s, and draws 16 A.
  await a.sim.plugIn(1);
  await a.sim.presentCard(card.cardId, 1);
  await expect.poll(() => txLimit(a.sim), { timeout: 2000 }).toBe(32);
  await b.sim.plugIn(1);
  const started = Date.now();
  await b.sim.presentCard(card.cardId, 1);
  await expect.poll(() => [txLimit(a.sim), txLimit(b.sim)], { timeout: 2000 }).toEqual([16, 16]);
  testInfo.annotations.push({ type: 'profile latency', description: `${Date.now() - started} ms` });
  const tx = (b.sim.received('SetChargingProfile') as Profile[]).at(-1)!;
  expect(tx).toMatchObject({
    connectorId: 1,
    csChargingProfiles: {
      chargingProfilePurpose: 'TxProfile',
      transactionId: b.sim.connector(1).transactionId,
      chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ limit: 16, numberPhases: 3 }] },
    },
  });
  await expect(page.getByTestId(`load-charger-${a.id}`)).toHaveAttribute('data-limit', '16');
  await expect(page.getByTestId(`load-charger-${b.id}`)).toHaveAttribute('data-limit', '16');
  await expect(page.getByTestId(`load-charger-${a.id}`)).toContainText('Fair share');
  await expect(page.getByTestId('load-chart')).toHaveAttribute('data-allocated', '32,32,32');
  // The meters follow the limit: the chart's measured current comes to 2 x 16 A per phase.
  await expect(page.getByTestId('load-chart')).toHaveAttribute('data-measured', '32,32,32');
  await snapshot(page, testInfo, 'load-two-cars');

  // One unplugs: the other gets the whole 32 A.
  await b.sim.stopTransaction(1);
  await b.sim.unplug(1);
  await expect.poll(() => txLimit(a.sim), { timeout: 3000 }).toBe(32);
  await expect(page.getByTestId(`load-charger-${a.id}`)).toHaveAttribute('data-limit', '32');
  await expect(page.getByTestId(`load-charger-${b.id}`)).toHaveAttribute('data-reason', 'idle');

  // A band of the schedule lowers the site to 10 A, below two minimums of 6 A: one car waits, the other charges.
  await b.sim.plugIn(1);
  await b.sim.presentCard(card.cardId, 1);
  await expect.poll(() => txLimit(b.sim), { timeout: 3000 }).toBe(16);
  for (const day of ['Sat', 'Sun']) await page.getByRole('button', { name: day, exact: true }).click();
  await page.getByTestId('load-band-from').fill('00:00');
  await page.getByTestId('load-band-to').fill('24:00');
  await page.getByTestId('load-band-limit').fill('10');
  await page.getByTestId('load-band-add').click();
  await page.getByTestId('load-schedule-save').click();
  await expect.poll(() => [txLimit(a.sim), txLimit(b.sim)].sort(), { timeout: 3000 }).toEqual([0, 10]);
  await expect(page.getByTestId('load-paused')).toContainText(
    '1 car is waiting for grid capacity restored; waiting cars take turns every 15 minutes. Next turn at',
  );
  const paused = txLimit(a.sim) === 0 ? a : b;
  await expect(page.getByTestId(`load-charger-${paused.id}`)).toHaveAttribute('data-reason', 'paused');
  await expect(page.getByTestId(`load-charger-${paused.id}`)).toContainText(
    'Waiting for grid capacity restored',
  );
  await expect(page.getByTestId('load-chart')).toHaveAttribute('data-limit', '10,10,10');
  await expect.poll(() => paused.sim.connector(1).status).toBe('SuspendedEVSE');
  await snapshot(page, testInfo, 'load-paused');

  // On a phone, as the operator would open it there.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('load-chart')).toBeVisible();
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  const wide = await page.evaluate<string[]>(
    "[...document.querySelectorAll('[data-testid=load] *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 5).map((e) => e.tagName + '.' + String(e.className).slice(0, 60) + ' ' + (e.getAttribute('data-testid') ?? '') + ' ' + Math.round(e.getBoundingClientRect().right))",
  );
  expect(wide).toEqual([]);
  expect(overflow).toBeLessThanOrEqual(0);
  await snapshot(page, testInfo, 'load-phone');
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.reload();

  // Off: the profiles load management set are cleared from both chargers.
  await page.getByTestId('load-switch').getByRole('switch').click();
  await expect(page.getByTestId('load')).toHaveAttribute('data-on', '0');
  for (const c of [a, b]) {
    await expect.poll(() => c.sim.received('ClearChargingProfile').length).toBeGreaterThanOrEqual(2);
    expect(c.sim.connector(1).profiles.size).toBe(0);
    expect(c.sim.internals.state.chargerProfiles.size).toBe(0);
  }
});

test("the phases chart uses its card's height: no empty area below it, on a desktop, a laptop or a phone", async ({
  page,
}, testInfo) => {
  const account = await registerAccount(page.request);
  const site = await addSite(page.request, account.token, {
    name: 'Load Layout Depot',
    phases: 3,
    capacityL1: 32,
    capacityL2: 32,
    capacityL3: 32,
  });
  await signInWithToken(page, account.token);
  await selectSite(page, site);
  for (const [width, height] of [
    [1440, 900],
    [1024, 768],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/load');
    const card = page.getByTestId('load-phases');
    await expect(card.locator('svg').first()).toBeVisible();
    // What the card holds below its chart's drawing, in px: its padding (16) and the meter line, if any.
    // (Measured in the page: e2e has no DOM types.)
    const gap = await page.evaluate<number>(`(() => {
      const card = document.querySelector('[data-testid=load-phases]');
      const bottoms = [...card.querySelectorAll('[data-testid=load-chart] svg, [data-testid=load-meter]')].map(
        (e) => e.getBoundingClientRect().bottom,
      );
      return card.getBoundingClientRect().bottom - Math.max(...bottoms);
    })()`);
    expect(gap, `empty area below the chart at ${width}x${height}`).toBeLessThanOrEqual(24);
    const chart = await page.getByTestId('load-chart').boundingBox();
    expect(chart?.height ?? 0).toBeGreaterThanOrEqual(200);
    await snapshot(page, testInfo, `load-layout-${width}x${height}`);
  }
});
