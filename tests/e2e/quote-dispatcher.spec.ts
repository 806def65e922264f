import { expect, expectForbidden, test, workerSession } from './fixtures.ts';

const dispatcher = workerSession('dispatcher@globex.test', '/globex/dispatcher');

test.describe.configure({ timeout: 90_000 });
test.beforeEach(({ page }) => dispatcher.enter(page));

test('a dispatcher quotes a London route in pounds from the dashboard', async ({ page }) => {
  await dispatcher.home(page);
  const panel = page.getByRole('region', { name: 'Try a quote' });
  // The quote tool sits under the live board, which loads its working set and its map first.
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await panel.getByLabel('Pickup latitude').fill('51.5054');
  await panel.getByLabel('Pickup longitude').fill('-0.0235');
  await panel.getByLabel('Drop-off latitude').fill('51.515');
  await panel.getByLabel('Drop-off longitude').fill('-0.14');
  await panel.getByRole('combobox', { name: 'Service' }).fill('Courier');
  await page.getByRole('option', { name: /Courier Now/ }).click();
  await panel.getByLabel('Weight').fill('3');
  await panel.getByRole('button', { name: 'Get quote' }).click();
  await expect(panel.getByRole('definition').filter({ hasText: /^£\d+\.\d{2}$/ })).toBeVisible();
  await expect(panel.getByText('Canary Wharf & Docklands → West End & Westminster')).toBeVisible();

  // A pickup in acme's San Francisco is in no zone of globex.
  await panel.getByLabel('Pickup latitude').fill('37.7706');
  await panel.getByLabel('Pickup longitude').fill('-122.387');
  await panel.getByRole('button', { name: 'Get quote' }).click();
  await expect(panel.getByRole('alert')).toContainText('No active zone covers the pickup point');
});

test('the admin screens of the network stay closed to a dispatcher', async ({ page }) => {
  for (const path of ['zones', 'zone-pricing', 'delivery-services/create']) {
    await page.goto(`/globex/admin/${path}`);
    await expectForbidden(page);
  }
});
