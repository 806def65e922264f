import type { Page } from '@playwright/test';
import { expect, test, unique, workerSession } from './fixtures.ts';

const LIST = '/acme/admin/delivery-services';
const admin = workerSession('admin@acme.test', '/acme/admin');

test.beforeEach(({ page }) => admin.enter(page));

const table = (page: Page) => page.getByRole('table', { name: 'Delivery services' });

test('the list shows acme services with their kind, transit window and vehicle features, filtered by kind', async ({ page }) => {
  await admin.home(page);
  await page.getByRole('link', { name: 'Delivery services' }).first().click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  const cold = table(page).getByRole('row', { name: /COLD/ });
  await expect(cold).toContainText('Cold Chain Scheduled');
  await expect(cold).toContainText('Scheduled');
  await expect(cold).toContainText('4–48 h');
  await expect(cold).toContainText('Refrigeration, Temperature control');
  await expect(table(page).getByText('PALLET')).toHaveCount(0);

  await page.getByRole('button', { name: /filters/i }).click();
  await page.getByLabel('Kind').selectOption('next_day');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/kind=next_day/);
  await expect(table(page).locator('tbody tr')).toHaveCount(1);
  await expect(table(page).getByRole('cell', { name: 'NEXTDAY' })).toBeVisible();
});

test('the form: every message, min above max, a duplicate code from the server, then create and edit', async ({ page }) => {
  await page.goto(LIST);
  await page.getByRole('button', { name: 'Add service' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}/create$`));
  await page.getByRole('button', { name: 'Create service' }).click();
  for (const message of ['Name is required', 'Code is required', 'Kind is required', 'Min transit hours is required', 'Max transit hours is required']) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel('Name', { exact: true }).fill('Late Night');
  await page.getByLabel('Code', { exact: true }).fill('bad code!');
  await expect(page.getByText('Code must be up to 32 letters, digits, - or _, starting with a letter or digit')).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill('SAMEDAY');
  await page.getByLabel('Kind').selectOption('same_day');
  await page.getByLabel('Min transit hours').fill('6');
  await page.getByLabel('Max transit hours').fill('2');
  await expect(page.getByText('Max transit hours must not be less than min transit hours')).toBeVisible();
  await page.getByLabel('Max transit hours').fill('10');
  await page.getByRole('checkbox', { name: 'GPS tracking' }).check();
  await page.getByRole('button', { name: 'Create service' }).click();
  await expect(page.getByText('Code already exists')).toBeVisible();

  const code = unique('NIGHT');
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Create service' }).click();
  await expect(page.getByText('Delivery service created successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await page.getByRole('searchbox').fill(code);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(code)}`));
  const row = table(page).getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('6–10 h');
  await expect(row).toContainText('GPS tracking');

  await row.getByRole('button', { name: /actions/i }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/delivery-services\/[0-9a-f-]{36}\/edit$/);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Late Night');
  await expect(page.getByRole('checkbox', { name: 'GPS tracking' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Lift gate' }).check();
  await page.getByRole('switch', { name: 'Active' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Delivery service updated successfully')).toBeVisible();
  await page.getByRole('searchbox').fill(code);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(code)}`));
  await expect(table(page).getByRole('row', { name: new RegExp(code) })).toContainText('Lift gate');
  await expect(table(page).getByRole('row', { name: new RegExp(code) })).toContainText('GPS tracking');
  await expect(table(page).getByRole('row', { name: new RegExp(code) })).toContainText('Inactive');
});

test('an unknown service shows not found', async ({ page }) => {
  await page.goto(`${LIST}/not-a-uuid/edit`);
  await expect(page.getByText('Delivery service not found')).toBeVisible();
});
