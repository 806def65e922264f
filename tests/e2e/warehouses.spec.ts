import type { Page } from '@playwright/test';
import { expect, test, unique, workerSession } from './fixtures.ts';

const LIST = '/acme/admin/warehouses';
const BAYVIEW = 'a5000000-0000-4000-8000-000000000001';

const admin = workerSession('admin@acme.test', '/acme/admin');

/** Leaves the field first: its blur validation may move the button before a click lands. */
async function submit(page: Page) {
  await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { blur?: () => void } | null } }).document.activeElement?.blur?.());
  await page.getByRole('button', { name: /^(Create warehouse|Save changes)$/ }).click();
}

async function pickAddress(page: Page, term: string, option: string) {
  const box = page.getByRole('combobox', { name: 'Address' });
  await box.fill(term);
  await page.getByRole('option', { name: new RegExp(option) }).first().click();
}

async function fillValidForm(page: Page, name: string, code: string) {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Code', { exact: true }).fill(code);
  await pickAddress(page, 'Dogpatch', 'Dogpatch Cross-dock');
  await page.getByLabel('Total capacity').fill('500');
  await page.getByLabel('Available capacity').fill('125');
}

test.beforeEach(({ page }) => {
  // Long journeys through several screens on a shared, busy machine.
  test.slow();
  return admin.open(page);
});

test('the Warehousing nav leads to the list: the seed sites, Full Capacity, nothing of globex', async ({ page }) => {
  const nav = page.getByRole('navigation').filter({ hasText: 'Warehousing' });
  await nav.getByRole('link', { name: 'Warehouses' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await expect(page.getByRole('cell', { name: 'SF-BAY' })).toBeVisible();
  const dogpatch = page.getByRole('row').filter({ hasText: 'SF-DOG' });
  await expect(dogpatch).toContainText('Full Capacity');
  await expect(dogpatch).toContainText('Selected Users');
  await expect(page.getByText('LDN-PRK')).toHaveCount(0);
});

test('every validation message of the warehouse form, verbatim', async ({ page }) => {
  await page.goto(`${LIST}/create`);
  await page.getByLabel('Status').selectOption('');
  await page.getByLabel('Access mode').selectOption('');
  await page.getByLabel('Total capacity').fill('-1');
  await page.getByLabel('Available capacity').fill('-2');
  await page.getByLabel('Dock doors').fill('-1');
  await submit(page);
  for (const message of [
    'Warehouse name is required!',
    'Warehouse code is required!',
    'Address is required!',
    'Status is required!',
    'Access mode is required!',
    'Total capacity must be at least 0',
    'Available capacity must be at least 0',
    'Dock doors must be at least 0',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel('Access mode').selectOption('select_users');
  await page.getByLabel('Total capacity').fill('10');
  await page.getByLabel('Available capacity').fill('20');
  await submit(page);
  await expect(page.getByText('Users are required when access mode is not "All Users"', { exact: true })).toBeVisible();
  await expect(page.getByText('Available capacity cannot exceed total capacity', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}/create$`));
});

test('create: the server names what it did, and the new warehouse opens on its detail view', async ({ page }) => {
  await page.goto(LIST);
  await page.getByRole('button', { name: 'Add warehouse' }).click();
  const name = unique('Annex');
  const code = unique('SF');
  await fillValidForm(page, name, code);
  await page.getByLabel('Access mode').selectOption('select_users');
  const users = page.getByRole('combobox', { name: 'Users with access' });
  await users.fill('Maya');
  await page.getByRole('option', { name: 'Maya Chen - Manager' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('switch', { name: 'Cross docking' }).click();
  await submit(page);
  await expect(page.getByText('Warehouse created successfully')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(code)).toBeVisible();
  await expect(page.getByRole('meter', { name: 'Capacity used' })).toHaveAttribute('aria-valuenow', '75');
  await expect(page.getByText('Selected Users (1)')).toBeVisible();
  await expect(page.getByText('No locations in this warehouse yet.')).toBeVisible();
});

test('notices: the server message wins; the spec fallback texts show only without one', async ({ page }) => {
  await page.goto(`${LIST}/create`);
  await fillValidForm(page, unique('Notice'), unique('NT'));
  // A server that answers without a message: the spec's fallback success notice.
  await page.route('**/rest/v1/rpc/save_warehouse', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { warehouse: unknown };
    await route.fulfill({ response, json: { warehouse: body.warehouse } });
  });
  await submit(page);
  await expect(page.getByText('Exception added successfully')).toBeVisible();
  await page.unroute('**/rest/v1/rpc/save_warehouse');

  // A failure without field details: the server's words, else the spec's fallback failure notice.
  await page.goto(`${LIST}/create`);
  await fillValidForm(page, unique('Notice'), unique('NT'));
  await page.route('**/rest/v1/rpc/save_warehouse', (route) => route.fulfill({ status: 500, json: {} }));
  await submit(page);
  await expect(page.getByText('Failed to update exception')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}/create$`));
});

test('edit: the stored values load, a duplicate code lands on its field, a save answers Warehouse updated successfully', async ({ page }) => {
  await page.goto(`${LIST}/create`);
  const name = unique('Editable');
  await fillValidForm(page, name, unique('ED'));
  await submit(page);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(page.getByRole('combobox', { name: 'Address' })).toHaveValue('Dogpatch Cross-dock');
  await page.getByLabel('Code', { exact: true }).fill('SF-BAY');
  await submit(page);
  await expect(page.getByText('Warehouse code already exists')).toBeVisible();
  await expect(page.getByText('Failed to update exception')).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(unique('ED2'));
  await page.getByLabel('Status').selectOption('maintenance');
  await submit(page);
  await expect(page.getByText('Warehouse updated successfully')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Maintenance', { exact: true })).toBeVisible();
  // The audit trail under the detail: the create and this update.
  await expect(page.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem')).toHaveCount(2);
});

test('detail: the address on the map, capacity use, staff as name - role, and the location tree', async ({ page }) => {
  await page.goto(`${LIST}/${BAYVIEW}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bayview Distribution Center' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Address' })).toContainText('Bayview Warehouse');
  await expect(page.getByRole('region', { name: 'Address' }).getByText(/Bayview Distribution Center|37\.74/).first()).toBeVisible();
  // (12000 - 4350) / 12000 used.
  await expect(page.getByRole('meter', { name: 'Capacity used' })).toHaveAttribute('aria-valuenow', '64');
  const staff = page.getByRole('list', { name: 'Staff' });
  await expect(staff.getByText('Maya Chen - Manager')).toBeVisible();
  await expect(staff.getByText('Ben Okafor - Dispatcher liaison')).toBeVisible();
  const tree = page.getByRole('tree', { name: 'Locations of Bayview Distribution Center' });
  await expect(tree.getByRole('treeitem', { name: /^Z1 / })).toHaveAttribute('aria-expanded', 'true');
  await tree.getByRole('button', { name: 'Expand Z1-A01' }).click();
  await expect(tree.getByRole('treeitem', { name: /^Z1-A01-S1 / })).toBeVisible();
  await tree.getByRole('link', { name: /Z1-A01-S1 Shelf 1/ }).click();
  await expect(page).toHaveURL(/\/acme\/admin\/locations\/[0-9a-f-]+\/edit$/);
});

test('not found: an unknown or malformed id shows Warehouse not found', async ({ page }) => {
  await page.goto(`${LIST}/00000000-0000-4000-8000-000000000000`);
  await expect(page.getByText('Warehouse not found')).toBeVisible();
  await page.goto(`${LIST}/not-a-uuid/edit`);
  await expect(page.getByText('Warehouse not found')).toBeVisible();
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
});
