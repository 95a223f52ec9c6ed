import { expect, test } from '@playwright/test';
import { apiData } from '../support/api.ts';
import { aSiteWithCharger, simulateCharger, stopChargers } from '../support/charger.ts';
import { confirmWith, snapshot } from '../support/page.ts';

// A charger's troubleshooting page: its OCPP message log and connection history, as an installer reads them.

test.afterEach(async () => {
  await stopChargers();
});

test('an installer reads what the charger said, searches it, opens a payload and sees its connections', async ({
  page,
  baseURL,
}, testInfo) => {
  const { productCode, pin, sim } = await aSiteWithCharger(page, baseURL);
  await sim.call('Heartbeat', {});
  // A charger with the wrong PIN is refused: the history says so.
  const wrong = simulateCharger({ baseURL, productCode, pin: `${pin}-old` });
  await expect(wrong.connect()).rejects.toMatchObject({ code: 401 });

  await page.goto('/chargeList');
  await page.getByTestId(`charger-row-${productCode}`).click();
  await page.getByTestId('charger-details').getByTestId('charger-tools-link').click();
  await expect(page).toHaveURL(/\/chargeList\/\d+\/tools/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(productCode.slice(-8));

  // The log is written in batches: it shows within a moment; the newest first.
  const rows = page.getByTestId('ocpp-log-row');
  await expect(rows.filter({ hasText: 'Heartbeat' }).first()).toBeVisible();
  const boot = rows.filter({ hasText: 'BootNotification' });
  await expect(boot).toHaveCount(1); // one line per exchange: the charger's request and the server's answer
  await expect(boot).toContainText('Charger → server');
  await expect(boot).toContainText('Answered');
  await expect(boot.getByTestId('ocpp-log-round-trip')).toHaveText(/^\d+ ms$/);
  await boot.click();
  await expect(page.getByTestId('ocpp-log-payload')).toContainText('"chargePointModel": "Simulator"');
  await expect(page.getByTestId('ocpp-log-answer')).toContainText('"status": "Accepted"');
  await snapshot(page, testInfo, 'ocpp-log');

  // Search by action: only StatusNotifications remain.
  await page.getByTestId('ocpp-log-action').fill('status');
  await expect(rows.filter({ hasText: 'BootNotification' })).toHaveCount(0);
  await expect(rows.first()).toHaveAttribute('data-action', 'StatusNotification');
  const actions: (string | null)[] = [];
  for (let i = 0; i < (await rows.count()); i++) actions.push(await rows.nth(i).getAttribute('data-action'));
  expect(new Set(actions)).toEqual(new Set(['StatusNotification']));

  // Export: a JSON file of what the filter shows.
  const download = page.waitForEvent('download');
  await page.getByTestId('ocpp-log-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`ocpp-log-${productCode}.json`);
  const exported = JSON.parse(
    await (await file.createReadStream()).toArray().then((c) => Buffer.concat(c).toString()),
  ) as {
    action: string;
  }[];
  expect(exported.length).toBe(actions.length);

  await page.getByTestId('charger-tools-tab-connections').click();
  const connections = page.getByTestId('connection-row');
  await expect(connections.first()).toHaveAttribute('data-event', 'refused');
  await expect(connections.first()).toContainText('Wrong PIN or unknown product code');
  await expect(connections.nth(1)).toHaveAttribute('data-event', 'connected');
  await snapshot(page, testInfo, 'connection-history');
});

test('the message log reads on a phone', async ({ page, baseURL }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { chargerId } = await aSiteWithCharger(page, baseURL);
  await page.goto(`/chargeList/${chargerId}/tools`);
  await expect(page.getByTestId('ocpp-log-row').first()).toBeVisible();
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(overflow).toBeLessThanOrEqual(0);
  await snapshot(page, testInfo, 'ocpp-log-phone');
});

test('an installer reads the configuration, sees read-only and unknown keys, and changes one key', async ({
  page,
  baseURL,
}, testInfo) => {
  const { chargerId, sim } = await aSiteWithCharger(page, baseURL);
  await page.goto(`/chargeList/${chargerId}/tools?tab=configuration`);

  // Every key first.
  await page.getByTestId('configuration-read').click();
  const rows = page.getByTestId('configuration-row');
  await expect(rows.first()).toBeVisible();
  const readOnly = page.locator('[data-testid="configuration-row"][data-key="NumberOfConnectors"]');
  await expect(readOnly).toContainText('1');
  await expect(readOnly.getByTestId('configuration-readonly')).toHaveText('Read-only');
  await expect(readOnly.getByTestId('configuration-edit')).toHaveCount(0);

  // Some keys by name: the one the charger does not know is listed.
  await page.getByTestId('configuration-keys').fill('HeartbeatInterval, WebSocketPingInterval, NoSuchKey');
  await page.getByTestId('configuration-read').click();
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('configuration-unknown')).toHaveText('Unknown to the charger: NoSuchKey');

  // A change asks first, then shows the charger's answer beside the key and the value it now reports.
  const heartbeat = page.locator('[data-testid="configuration-row"][data-key="HeartbeatInterval"]');
  await heartbeat.getByTestId('configuration-edit').click();
  await page.getByTestId('configuration-value-input').fill('90');
  await page.getByTestId('configuration-save').click();
  await confirmWith(page, 'Change configuration');
  await expect(heartbeat.getByTestId('configuration-answer')).toHaveText('Accepted');
  await expect(heartbeat).toContainText('90');
  expect(sim.received('ChangeConfiguration')).toContainEqual({ key: 'HeartbeatInterval', value: '90' });

  const ping = page.locator('[data-testid="configuration-row"][data-key="WebSocketPingInterval"]');
  await ping.getByTestId('configuration-edit').click();
  await page.getByTestId('configuration-value-input').fill('30');
  await page.getByTestId('configuration-save').click();
  await confirmWith(page, 'Change configuration');
  await expect(ping.getByTestId('configuration-answer')).toHaveText('Accepted, from the next reboot');
  await snapshot(page, testInfo, 'configuration');

  // An operation from the next tab: its answer is shown.
  await page.getByTestId('charger-tools-tab-operations').click();
  await page.getByTestId('clear-cache-send').click();
  await confirmWith(page, 'Clear authorization cache');
  await expect(page.getByTestId('operation-answer')).toHaveText(
    'Clear authorization cache: the charger answered Accepted',
  );
});

test("an installer reads the charger's security events in the site's time zone", async ({
  page,
  baseURL,
}, testInfo) => {
  const { account, site, chargerId, sim } = await aSiteWithCharger(page, baseURL);
  // The site keeps Tokyo time: the charger's UTC timestamp reads 9 hours later.
  await apiData(
    page.request,
    '/cms-system/system/station/v2/update',
    { stationId: site.id, name: 'Workshop', timeZone: 'Asia/Tokyo' },
    account.token,
  );
  await sim.call('SecurityEventNotification', {
    type: 'InvalidCentralSystemCertificate',
    timestamp: '2026-11-20T08:00:00.000Z',
    techInfo: 'CN mismatch: plugboard.example',
  });
  await page.goto(`/chargeList/${chargerId}/tools`);
  await page.getByTestId('charger-tools-tab-security').click();
  await expect(page).toHaveURL(/tab=security/);
  const row = page.getByTestId('security-event-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('2026-11-20 17:00:00.000');
  await expect(row).toContainText('InvalidCentralSystemCertificate');
  await expect(row).toContainText('CN mismatch: plugboard.example');
  await snapshot(page, testInfo, 'security-events');
});

test("an installer gets the charger's security log (GetLog) within a time window and downloads it", async ({
  page,
  baseURL,
}, testInfo) => {
  const { productCode, sim } = await aSiteWithCharger(page, baseURL);
  await page.goto('/chargeList');
  await page.getByTestId(`charger-row-${productCode}`).click();
  const details = page.getByTestId('charger-details');
  await details.getByTestId('charger-diagnostics-kind').click();
  await page.getByTestId('charger-diagnostics-kind-SecurityLog').click();
  await details.getByTestId('charger-diagnostics-from').fill('2026-11-20T08:00');
  await details.getByTestId('charger-diagnostics-to').fill('2026-11-21T08:00');
  await details.getByTestId('charger-diagnostics-request').click();
  await expect(details.getByTestId('charger-diagnostics-request')).toHaveText('Get log');
  await confirmWith(page, "Get the charger's log?");
  const fileName = `security-log-${productCode}.log`;
  await expect(page.getByText(`The charger will upload ${fileName}`)).toBeVisible();

  // The charger uploads to the server's one-time URL and reports its progress by the GetLog's requestId.
  const [getLog] = sim.received('GetLog') as { requestId: number; log: { oldestTimestamp: string } }[];
  expect(getLog?.log.oldestTimestamp).toMatch(/^2026-11-2\dT\d{2}:00:00\.000Z$/);
  await expect(details.getByTestId('charger-diagnostics-log')).toHaveText(
    `Security log (GetLog) · request ${getLog?.requestId} · uploaded`,
  );
  await expect(details.getByTestId('charger-diagnostics-file')).toContainText(fileName);
  await snapshot(page, testInfo, 'security-log');
  const download = page.waitForEvent('download');
  await details.getByTestId('charger-diagnostics-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(fileName);
  const content = await (await file.createReadStream()).toArray().then((c) => Buffer.concat(c).toString());
  expect(content).toContain(`${productCode} SecurityLog`);
});

test('the diagnostics and logs card fits a phone', async ({ page, baseURL }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { productCode } = await aSiteWithCharger(page, baseURL);
  await page.goto('/chargeList');
  await page.getByText(productCode).first().click();
  const details = page.getByTestId('charger-details');
  await details.getByTestId('charger-diagnostics-request').scrollIntoViewIfNeeded();
  await expect(details.getByTestId('charger-diagnostics-from')).toBeVisible();
  const overflow = await page.evaluate<number>(
    `(() => { const e = document.querySelector('[data-testid="charger-details"]'); return e.scrollWidth - e.clientWidth; })()`,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await snapshot(page, testInfo, 'diagnostics-phone');
});
