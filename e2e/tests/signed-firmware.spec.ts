import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { firmwareSigner } from '@plugboard/charger-sim/test-certificates';
import { addSite, apiData, registerAccount, signInWithToken } from '../support/api.ts';
import { selectSite, simulateCharger, stopChargers, uniqueProductCode } from '../support/charger.ts';
import { confirmWith, snapshot } from '../support/page.ts';

// A signed firmware (OCPP 1.6 security whitepaper): the operator lists it with its signing certificate and signature,
// offers it to a charger, and follows the charger's SignedFirmwareStatusNotifications; then asks for the firmware
// status again with ExtendedTriggerMessage.

const image = Buffer.from('plugboard e2e firmware 2.1.0\n'.repeat(100));
let files: Server;
let filesUrl: string;

/** A signing certificate made with openssl for this run (never committed) and the image's RSA-PSS signature. */
function signImage() {
  const signer = firmwareSigner('Plugboard e2e firmware signing');
  return { certificate: signer.certificate, signature: signer.signatureOf(image) };
}

test.beforeAll(async () => {
  files = createServer((request, response) => {
    if (request.url === '/charger-2.1.0.bin') response.end(image);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
test.afterAll(() => files.close());
test.afterEach(async () => {
  await stopChargers();
});

test('an operator offers a signed firmware, the charger verifies and installs it, and its status is asked again', async ({
  page,
  baseURL,
}, testInfo) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  const account = await registerAccount(page.request);
  const site = await addSite(page.request, account.token, { name: 'Depot' });
  const productCode = uniqueProductCode();
  const pin = 'e2e-Pin-9';
  const added = await apiData<{ id: number }>(
    page.request,
    '/cms-system/system/charger/v2/add',
    { stationId: site.id, productCode, pin },
    account.token,
  );
  const sim = simulateCharger({
    baseURL,
    productCode,
    pin,
    sim: { firmwareVersion: '1.0.0', firmwareStepMs: 300 },
  });
  await sim.boot();
  await signInWithToken(page, account.token);
  await selectSite(page, site);
  await page.goto('/chargeList');

  // The catalogue: a version with its certificate and signature is listed as signed.
  const { certificate, signature } = signImage();
  await page.getByTestId('firmware-catalogue-open').click();
  await page.getByTestId('firmware-add-model').fill('Simulator');
  await page.getByTestId('firmware-add-version').fill('2.1.0');
  await page.getByTestId('firmware-add-url').fill(`${filesUrl}/charger-2.1.0.bin`);
  await page.getByTestId('firmware-add-signingCertificate').fill(certificate);
  await page.getByTestId('firmware-add-signature').fill(signature);
  await page.getByTestId('firmware-add-submit').click();
  await expect(page.getByText('Firmware 2.1.0 for Simulator added')).toBeVisible();
  await expect(page.getByTestId('firmware-row-message')).toHaveText('Signed');
  await snapshot(page, testInfo, 'catalogue-signed');
  await page.getByTestId('firmware-catalogue-close').click();

  // The update says which message goes, and the charger's answer names the request.
  await page.getByTestId(`charger-row-${productCode}`).click();
  const details = page.getByTestId('charger-details');
  await expect(details.getByTestId('charger-detail-new-firmware-version')).toHaveText('2.1.0');
  await details.getByTestId('charger-action-firmware').click();
  await expect(page.getByTestId('confirm-dialog-content')).toContainText(
    'Signed firmware: sent with SignedUpdateFirmware; the charger checks the signature before installing.',
  );
  await confirmWith(page, 'Update firmware');
  await expect.poll(() => sim.received('SignedUpdateFirmware').length).toBe(1);
  const [offer] = sim.received('SignedUpdateFirmware') as { requestId: number; firmware: object }[];
  expect(offer?.firmware).toMatchObject({
    location: `${filesUrl}/charger-2.1.0.bin`,
    signingCertificate: certificate,
    signature,
  });
  await expect(
    page.getByText(`Firmware 2.1.0 (signed, request ${offer?.requestId}): the charger accepted it`),
  ).toBeVisible();

  // Its progress arrives live, with the request id, until the new version.
  await expect(details.getByTestId('charger-detail-firmware-status')).toContainText('Installed', {
    timeout: 15_000,
  });
  await expect(details.getByTestId('charger-firmware-request')).toHaveText(`request ${offer?.requestId}`);
  await expect(details.getByTestId('charger-detail-firmware-version')).toHaveText('2.1.0', {
    timeout: 15_000,
  });
  expect(
    sim.lines
      .filter((l) => l.startsWith('→ SignedFirmwareStatusNotification '))
      .map((l) => JSON.parse(l.slice(35)) as unknown),
  ).toEqual(
    ['Downloading', 'Downloaded', 'SignatureVerified', 'Installing', 'Installed'].map((status) => ({
      status,
      requestId: offer?.requestId,
    })),
  );
  await details.getByTestId('charger-detail-firmware-status').scrollIntoViewIfNeeded();
  await snapshot(page, testInfo, 'details-installed');

  // ExtendedTriggerMessage from Operations: nothing is under way any more, so the charger reports Idle.
  await page.goto(`/chargeList/${added.id}/tools?tab=operations`);
  await page.getByTestId('extended-trigger-send').click();
  await confirmWith(page, 'Extended trigger message');
  await expect(page.getByTestId('extended-trigger-answer')).toHaveText(
    'FirmwareStatusNotification: the charger answered Accepted',
  );
  await expect
    .poll(() => sim.lines.some((l) => l === '→ SignedFirmwareStatusNotification {"status":"Idle"}'))
    .toBe(true);
  await snapshot(page, testInfo, 'extended-trigger');

  // On a phone: the card and the catalogue fit the screen's width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('extended-trigger').scrollIntoViewIfNeeded();
  expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).toBe(0);
  await snapshot(page, testInfo, 'extended-trigger-phone');
  await page.goto('/chargeList');
  await page.getByTestId('firmware-catalogue-open').click();
  await expect(page.getByTestId('firmware-row-message')).toHaveText('Signed');
  const dialogOverflow = await page
    .getByTestId('firmware-catalogue-dialog')
    .locator('.MuiDialog-paper')
    .evaluate((paper: { scrollWidth: number; clientWidth: number }) => paper.scrollWidth - paper.clientWidth);
  expect(dialogOverflow).toBe(0);
  await snapshot(page, testInfo, 'catalogue-phone');
});
