import { expect, test, type Page } from '@playwright/test';
import type { Site } from '@plugboard/contract';
import { addSite, apiData, registerAccount, signInWithToken } from '../support/api.ts';
import { selectSite, simulateCharger, stopChargers, uniqueProductCode } from '../support/charger.ts';
import { confirmWith, snapshot } from '../support/page.ts';

// Wide enough for the whole list beside the details panel, as on an operator's desktop.
test.use({ viewport: { width: 1600, height: 1000 } });

test.afterEach(async () => {
  await stopChargers();
});

function setLoadManagement(page: Page, token: string, site: Site, on: boolean) {
  return apiData(
    page.request,
    '/cms-system/system/station/v2/update',
    { stationId: site.id, isOpenLoad: on ? 1 : 0 },
    token,
  );
}

/** The paths of the charger calls the page makes from now on. */
function chargerCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/cms-system/system/charger/v2/'))
      calls.push(path.slice('/cms-system/system/charger/v2/'.length));
  });
  return calls;
}

test('an operator adds a charger, sees it live, charges, reboots, resets its PIN and deletes it', async ({
  page,
  baseURL,
}, testInfo) => {
  const account = await registerAccount(page.request);
  const site = await addSite(page.request, account.token, { name: 'Charger Depot' });
  await signInWithToken(page, account.token);
  await selectSite(page, site);
  await page.goto('/chargeList');
  await expect(page.getByTestId('charger-live')).toHaveAttribute('data-state', 'live');

  // Add through the dialog: product code and PIN; the alias defaults to the end of the product code.
  const productCode = uniqueProductCode();
  const alias = productCode.slice(-8);
  const pin = 'e2e-Pin-1';
  await page.getByTestId('charger-add').click();
  await page.getByTestId('charger-add-product-code').fill(productCode);
  await page.getByTestId('charger-add-pin').fill(pin);
  await page.getByTestId('charger-add-type').selectOption('socketWithShutter');
  await page.getByTestId('charger-add-rated-power').fill('11');
  await page.getByTestId('charger-add-connectivity').selectOption('WiFi');
  await page.getByTestId('charger-add-submit').click();
  await expect(page.getByTestId('toast')).toHaveText(`Charger ${productCode} added`);
  await expect(page.getByTestId('charger-add-dialog')).toHaveCount(0);
  const row = page.getByTestId(`charger-row-${productCode}`);
  const status = page.getByTestId(`charger-status-${productCode}`);
  await expect(row).toContainText(alias);
  await expect(status).toHaveText('Offline');

  // The charger boots: the row follows within a second, without a reload.
  await page.evaluate(() => Object.assign(globalThis, { beforeBoot: true }));
  const charger = simulateCharger({ baseURL, productCode, pin });
  await charger.boot();
  await expect(status).toHaveText('Available', { timeout: 1000 });
  expect(await page.evaluate(() => 'beforeBoot' in globalThis)).toBe(true);

  // Start charging from the details panel.
  await row.click();
  const details = page.getByTestId('charger-details');
  await expect(details).toHaveAttribute('data-charger', productCode);
  await details.getByTestId('charger-action-start').click();
  await confirmWith(page, 'Start charging');
  await expect(page.getByTestId('toast')).toHaveText(/^Charging started: session \d+$/);
  const sessionId = /session (\d+)/.exec((await page.getByTestId('toast').textContent()) ?? '')?.[1];
  await expect(status).toHaveText('Charging');
  await expect(details.getByTestId('charger-detail-session-id')).toHaveText(sessionId ?? 'no session id');
  await expect(page.getByTestId(`charger-session-${productCode}`)).toContainText(`#${sessionId}`);
  await expect(details.getByTestId('charger-detail-total-current')).not.toHaveText('—');
  await details.getByTestId('charger-detail-product-code').hover();
  await page.mouse.wheel(0, -5000);
  await snapshot(page, testInfo, 'details-charging');
  await details.getByTestId('charger-details-close').click();
  await expect(details).toHaveCount(0);
  await snapshot(page, testInfo, 'list-charging');

  // Stop: the session ends and the cable is still in; the driver then unplugs.
  await row.click();
  await details.getByTestId('charger-action-stop').click();
  await confirmWith(page, 'Stop charging');
  await expect(page.getByTestId('toast')).toHaveText(new RegExp(`^Charging stopped: session ${sessionId}, `));
  await expect(status).toHaveText('Charging complete');
  await expect(details.getByTestId('charger-detail-no-session')).toBeVisible();
  await charger.unplug(1);
  await expect(status).toHaveText('Available');

  // Reboot: the charger receives Reset, goes away and boots again.
  await details.getByTestId('charger-action-reboot').click();
  await confirmWith(page, 'Reboot the charger');
  await expect(page.getByTestId('toast')).toHaveText(`${alias} is rebooting`);
  await expect.poll(() => charger.received('Reset')).toEqual([{ type: 'Soft' }]);
  await expect.poll(() => charger.boots()).toBe(2);
  await expect(status).toHaveText('Available');

  // Reset the PIN: a 16-byte key, hex-encoded (OCPP 1.6 security whitepaper), shown once and grouped to type by
  // hand; the charger accepts it and reconnects presenting its bytes; the old PIN no longer gets in.
  await details.getByTestId('charger-action-reset-pin').click();
  await confirmWith(page, 'Reset the PIN');
  const newPin = (await page.getByTestId('charger-new-pin').textContent()) ?? '';
  expect(newPin).toMatch(/^[0-9a-f]{32}$/);
  await expect(page.getByTestId('charger-new-pin-groups')).toHaveText(
    newPin.toUpperCase().replace(/(.{4})(?!$)/g, '$1 '),
  );
  await expect(page.getByTestId('charger-new-pin-delivered')).toHaveAttribute('data-delivery', 'accepted');
  await snapshot(page, testInfo, 'new-key');
  expect(charger.received('ChangeConfiguration')).toEqual([{ key: 'AuthorizationKey', value: newPin }]);
  expect(charger.password).toBe(newPin);
  await page.getByTestId('charger-new-pin-close').click();
  await expect(page.getByTestId('charger-new-pin-dialog')).toHaveCount(0);
  await charger.stop();
  await expect(status).toHaveText('Offline');
  await charger.boot();
  await expect(status).toHaveText('Available');
  const withOldPin = simulateCharger({ baseURL, productCode, pin });
  await expect(withOldPin.connect()).rejects.toMatchObject({ code: 401 });
  await withOldPin.stop();

  // With load management on, adding and deleting are blocked by the reminder, without a call.
  await setLoadManagement(page, account.token, site, true);
  const calls = chargerCalls(page);
  await details.getByTestId('charger-action-delete').click();
  const reminder = page.getByTestId('confirm-dialog');
  await expect(reminder.getByTestId('confirm-dialog-title')).toHaveText('Reminder');
  await expect(reminder.getByTestId('confirm-dialog-content')).toHaveText(
    'Load management is active: deactivate it before adding or deleting chargers',
  );
  await expect(reminder.getByTestId('confirm-dialog-cancel')).toHaveCount(0);
  await reminder.getByTestId('confirm-dialog-ok').click();
  await details.getByTestId('charger-details-close').click();
  await page.getByTestId('charger-add').click();
  await expect(reminder.getByTestId('confirm-dialog-title')).toHaveText('Reminder');
  await reminder.getByTestId('confirm-dialog-ok').click();
  await expect(page.getByTestId('charger-add-dialog')).toHaveCount(0);
  expect(calls.filter((call) => call === 'delete' || call === 'add')).toEqual([]);

  // Off again: the charger is deleted, disconnected, and its row goes.
  await setLoadManagement(page, account.token, site, false);
  // The server closes the deleted charger's socket; a real charger would keep knocking, the simulator stops.
  charger.client.reconfigure({ reconnect: false } as never);
  await row.click();
  await details.getByTestId('charger-action-delete').click();
  await confirmWith(page, 'Delete the charger');
  await expect(page.getByTestId('toast')).toHaveText(`${alias} deleted`);
  await expect(row).toHaveCount(0);
  await expect(details).toHaveCount(0);
  await expect(page.getByTestId('charger-list-empty')).toBeVisible();
  expect(calls.filter((call) => call === 'delete')).toEqual(['delete']);
});
