import { expect, test } from '@playwright/test';
import type { SessionDetail } from '@plugboard/contract';
import { addSite, apiData, registerAccount, signInWithToken } from '../support/api.ts';
import { selectSite, simulateCharger, stopChargers, uniqueProductCode } from '../support/charger.ts';
import { confirmWith, snapshot } from '../support/page.ts';

// A charger that loses a transaction over a restart (it boots and reports Available without a StopTransaction):
// the console offers to close the session by hand while the charger is online (docs/ocpp.md, Forgotten sessions).
test.use({ viewport: { width: 1600, height: 1000 } });

test.afterEach(async () => {
  await stopChargers();
});

test('an operator closes a session the charger forgot over a restart; its late stop still corrects it', async ({
  page,
  baseURL,
}, testInfo) => {
  const account = await registerAccount(page.request);
  const site = await addSite(page.request, account.token, { name: 'Forgetful Depot' });
  const productCode = uniqueProductCode('LOST');
  const pin = 'e2e-Pin-1';
  await apiData(
    page.request,
    '/cms-system/system/charger/v2/add',
    { stationId: site.id, productCode, pin },
    account.token,
  );
  await signInWithToken(page, account.token);
  await selectSite(page, site);
  await page.goto('/chargeList');
  await expect(page.getByTestId('charger-live')).toHaveAttribute('data-state', 'live');
  const status = page.getByTestId(`charger-status-${productCode}`);
  const details = page.getByTestId('charger-details');

  // Charging, started from the console; while the charger shows Charging there is nothing to close by hand.
  const charger = simulateCharger({ baseURL, productCode, pin });
  await charger.boot();
  await expect(status).toHaveText('Available');
  await page.getByTestId(`charger-row-${productCode}`).click();
  await details.getByTestId('charger-action-start').click();
  await confirmWith(page, 'Start charging');
  await expect(page.getByTestId('toast')).toHaveText(/^Charging started: session \d+$/);
  const sessionId = Number(/session (\d+)/.exec((await page.getByTestId('toast').textContent()) ?? '')?.[1]);
  await expect(status).toHaveText('Charging');
  await expect(details.getByTestId('charger-action-close-session')).toHaveCount(0);

  // It restarts without its transaction: a fresh boot with the same product code, the connector Available.
  await charger.stop();
  await expect(status).toHaveText('Offline');
  const fresh = simulateCharger({ baseURL, productCode, pin });
  await fresh.boot();
  await expect(status).toHaveText('Available');
  await expect(page.getByTestId(`charger-session-${productCode}`)).toContainText(`#${sessionId}`);
  await expect(details.getByTestId('charger-action-close-session')).toBeVisible();

  // Stop: the charger refuses (it does not know the transaction); the close dialog opens right there.
  await details.getByTestId('charger-action-stop').click();
  await confirmWith(page, 'Stop charging');
  const dialog = page.getByTestId('charger-close-session-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('toast')).toContainText('The charger refused to stop this session');
  expect(fresh.received('RemoteStopTransaction')).toEqual([{ transactionId: sessionId }]);
  await expect(dialog.getByTestId('charger-close-session-explain')).toContainText(
    'is online but no longer runs this session',
  );
  await snapshot(page, testInfo, 'close-dialog');
  // On a phone the dialog fits the screen, its button in reach.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(dialog.getByTestId('charger-close-session-submit')).toBeInViewport();
  await snapshot(page, testInfo, 'close-dialog-phone');
  await page.setViewportSize({ width: 1600, height: 1000 });
  await dialog.getByTestId('charger-close-session-reason').fill('Charger restarted without the stop');
  await dialog.getByTestId('charger-close-session-submit').click();
  await expect(page.getByTestId('toast').last()).toHaveText(`Session ${sessionId} closed`);
  await expect(dialog).toHaveCount(0);
  await expect(details.getByTestId('charger-detail-no-session')).toBeVisible();
  await expect(details.getByTestId('charger-action-start')).toBeEnabled();
  await expect(details.getByTestId('charger-action-close-session')).toHaveCount(0);
  await snapshot(page, testInfo, 'closed');

  const session = () =>
    apiData<SessionDetail>(
      page.request,
      '/cms-system/system/session/v2/detail',
      { stationId: site.id, orderNo: sessionId },
      account.token,
    );
  expect(await session()).toMatchObject({
    status: 'complete',
    stopReason: 'Charger restarted without the stop',
  });

  // The charger finds the transaction after all: its stop updates the same session.
  const meterStartWh = Math.round((await session()).meterStartKwh * 1000);
  await fresh.call('StopTransaction', {
    transactionId: sessionId,
    meterStop: meterStartWh + 4321,
    timestamp: new Date().toISOString(),
    reason: 'PowerLoss',
  });
  await expect.poll(async () => (await session()).stopReason).toBe('PowerLoss');
  expect(await session()).toMatchObject({ status: 'complete', energyKwh: 4.321 });
});
