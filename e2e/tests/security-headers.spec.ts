import { expect, test } from '@playwright/test';
import { addSite, registerAccount } from '../support/api.ts';
import { selectSite } from '../support/charger.ts';

// The console under its Content-Security-Policy (no inline script, no eval): what the browser refuses shows up as a
// securitypolicyviolation event, collected from before the first script runs.
test('the console logs in and opens its pages under its Content-Security-Policy, with nothing refused', async ({
  page,
}) => {
  await page.addInitScript(() => {
    type Violation = { violatedDirective: string; blockedURI: string };
    const page = globalThis as unknown as {
      cspViolations: string[];
      document: { addEventListener: (type: string, listener: (e: Violation) => void) => void };
    };
    page.cspViolations = [];
    page.document.addEventListener('securitypolicyviolation', (e) =>
      page.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const violations = async () =>
    page.evaluate(() => (globalThis as unknown as { cspViolations: string[] }).cspViolations);

  const account = await registerAccount(page.request);
  const site = await addSite(page.request, account.token, { name: 'Header Yard' });

  const response = await page.goto('/login');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['x-frame-options']).toBe('DENY');
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-page')).toBeHidden();
  expect(await violations()).toEqual([]);

  await selectSite(page, site);
  for (const [path, testId] of [
    ['/cardGroup', 'card-group-page'],
    ['/card/list', 'card-page'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId(testId)).toBeVisible();
    expect(await violations(), path).toEqual([]);
  }
});

test('no page of another site can frame the console', async ({ page }) => {
  const response = await page.goto('/login');
  expect(response!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  // A page of another origin (about:blank + srcdoc here) framing the console gets nothing shown.
  const url = page.url();
  await page.setContent(`<iframe id="f" src="${url}"></iframe>`);
  const frame = page.frames().find((f) => f !== page.mainFrame());
  await expect.poll(async () => (frame ? frame.locator('[data-testid="login-page"]').count() : 0)).toBe(0);
});
