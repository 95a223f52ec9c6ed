import { expect, type Page, type TestInfo } from '@playwright/test';

/** A screenshot kept in the test's output folder, for a person to look at. */
export async function snapshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, animations: 'disabled' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Answers the global confirm dialog with OK, after checking its title. */
export async function confirmWith(page: Page, title: string): Promise<void> {
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog.getByTestId('confirm-dialog-title')).toHaveText(title);
  await dialog.getByTestId('confirm-dialog-ok').click();
  await expect(dialog).toHaveCount(0);
}
