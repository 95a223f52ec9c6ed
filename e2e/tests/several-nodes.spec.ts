import { expect, test } from '@playwright/test';
import { addSite, apiData, registerAccount, signInWithToken } from '../support/api.ts';
import { selectSite, simulateCharger, stopChargers, uniqueProductCode } from '../support/charger.ts';
import { confirmWith, snapshot } from '../support/page.ts';
import { startNode, type ServerNode } from '../support/server.ts';

// Two nodes on one database: the console is served by the first (the global setup's), the charger connects to a
// second one started here. What the charger says reaches the console through the database, live.
test.use({ viewport: { width: 1600, height: 1000 } });

let secondNode: ServerNode | undefined;
test.beforeAll(async () => {
  secondNode = await startNode('e2e-node-2');
});
test.afterEach(async () => {
  await stopChargers();
});
test.afterAll(async () => {
  await secondNode?.stop();
});

test('the console on node 1 follows a charger on node 2 as charging starts and stops', async ({
  page,
}, testInfo) => {
  const account = await registerAccount(page.request);
  const site = await addSite(page.request, account.token, { name: 'Two Nodes Depot' });
  const productCode = uniqueProductCode('NODE');
  const pin = 'e2e-Pin-2';
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
  const row = page.getByTestId(`charger-row-${productCode}`);
  const status = page.getByTestId(`charger-status-${productCode}`);
  const session = page.getByTestId(`charger-session-${productCode}`);
  await expect(status).toHaveText('Offline');

  const charger = simulateCharger({ baseURL: secondNode?.url, productCode, pin });
  await charger.boot();
  await expect(status).toHaveText('Available');

  // Node 1 asks node 2 to start; the charger's StartTransaction and its readings come back through node 2.
  await row.click();
  const details = page.getByTestId('charger-details');
  await details.getByTestId('charger-action-start').click();
  await confirmWith(page, 'Start charging');
  await expect(page.getByTestId('toast')).toHaveText(/^Charging started: session \d+$/);
  const sessionId = /session (\d+)/.exec((await page.getByTestId('toast').textContent()) ?? '')?.[1];
  await details.getByTestId('charger-details-close').click();
  await expect(status).toHaveText('Charging');
  await expect(session).toContainText(`#${sessionId}`);
  // The console does not poll: a reading that changes the energy on screen was pushed to it.
  const energyBefore = await session.textContent();
  await expect(session).not.toHaveText(energyBefore ?? '');
  await snapshot(page, testInfo, 'charging-on-node-2');

  await row.click();
  await details.getByTestId('charger-action-stop').click();
  await confirmWith(page, 'Stop charging');
  await expect(page.getByTestId('toast')).toHaveText(new RegExp(`^Charging stopped: session ${sessionId}, `));
  await expect(status).toHaveText('Charging complete');
  // The driver unplugs: only the charger, on node 2, knows.
  await charger.unplug(1);
  await expect(status).toHaveText('Available');
  await expect(session).toHaveText('—');
});
