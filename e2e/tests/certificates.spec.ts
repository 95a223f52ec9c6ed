import { expect, test } from '@playwright/test';
import { selfSignedCertificate } from '@plugboard/charger-sim/test-certificates';
import { aSiteWithCharger, stopChargers } from '../support/charger.ts';
import { confirmWith, snapshot } from '../support/page.ts';

// A charger's certificates (OCPP 1.6 security whitepaper), as an operator handles them in Chromium: a root
// certificate made here by openssl is installed, read back by its hash data, deleted; a renewal the server cannot
// sign (this server has no charger CA) shows in the history as refused.

test.afterEach(async () => {
  await stopChargers();
});

/** A root certificate made by openssl for this run (EC P-256, 30 days; never committed). */
const aRootCertificate = (cn: string): string =>
  `${selfSignedCertificate({ subject: cn, key: 'ec', days: 30 }).certificate}\n`;

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`an operator installs, reads and deletes a root certificate, and renews the charger's (${viewport.name})`, async ({
    page,
    baseURL,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    const { chargerId, productCode, sim } = await aSiteWithCharger(page, baseURL, 'Depot');

    await page.goto(`/chargeList/${chargerId}/tools?tab=certificates`);
    const tab = page.getByTestId('charger-certificates');
    await expect(tab).toBeVisible();

    await page.getByTestId('certificate-install-pem').fill(aRootCertificate('Depot Operator Root'));
    await page.getByTestId('certificate-install-send').click();
    await confirmWith(page, 'Install a root certificate');
    await expect(page.getByTestId('certificate-install-answer')).toHaveText('The charger answered: Accepted');
    expect(sim.certificates.installed('CentralSystemRootCertificate')).toHaveLength(1);

    await page.getByTestId('certificate-list-read').click();
    const row = page.getByTestId('certificate-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('CN=Depot Operator Root');
    await expect(row).toContainText('SHA256');

    await page.getByTestId('certificate-renew').click();
    await confirmWith(page, "Renew the charger's certificate");
    await expect(page.getByTestId('certificate-renew-answer')).toHaveText('The charger answered: Accepted');
    await expect(page.getByTestId('signing-row').first()).toContainText('Refused: no charger CA configured');
    await expect(page.getByTestId('signing-row').first()).toContainText(`CN=${productCode}`);
    await snapshot(page, testInfo, `certificates-${viewport.name}`);
    // The whole tab, for a person to look at.
    await page.screenshot({
      path: testInfo.outputPath(`certificates-${viewport.name}-full.png`),
      fullPage: true,
    });
    // Nothing wider than the screen: the tables scroll inside their cards.
    // A script run in the page (this project's types have no DOM).
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);

    await row.getByTestId('certificate-delete').click();
    await confirmWith(page, 'Delete certificate');
    await expect(page.getByTestId('certificate-delete-answer')).toHaveText('The charger answered: Accepted');
    await expect(page.getByTestId('certificate-list-none')).toBeVisible();
    expect(sim.certificates.installed('CentralSystemRootCertificate')).toEqual([]);
  });
}
