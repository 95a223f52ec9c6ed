import { expect, test } from '@playwright/test';
import { periodIn } from '@plugboard/pricing';
import { addSite, registerAccount, signInWithToken } from '../support/api.ts';
import { selectSite } from '../support/charger.ts';

// A browser far from the site (issue 19): the console's filters and times follow the site's zone, not the browser's.
test.use({ timezoneId: 'America/New_York' });

test("the sessions filter sends the site's midnights and names its zone, whatever the browser's zone", async ({
  page,
}) => {
  const account = await registerAccount(page.request);
  const site = await addSite(page.request, account.token, {
    name: 'Amsterdam Depot',
    timeZone: 'Europe/Amsterdam',
  });
  await signInWithToken(page, account.token);
  await selectSite(page, site);
  await page.goto('/sessionList');
  await expect(page.getByTestId('session-time-zone')).toHaveAttribute('data-zone', 'Europe/Amsterdam');

  const listed = page.waitForRequest(
    (request) =>
      request.url().endsWith('/cms-system/system/session/v2/list') &&
      (request.postDataJSON() as { startFrom?: string }).startFrom !== undefined,
  );
  await page.getByTestId('session-period-thisMonth').click();
  const body = (await listed).postDataJSON() as { startFrom: string; startTo: string };
  const month = periodIn('thisMonth', 'Europe/Amsterdam');
  expect(body.startFrom).toBe(month.from);
  expect(Date.parse(body.startTo)).toBe(Date.parse(month.to) - 1);
});
