import { expect, test, workerSession } from './fixtures.ts';

const LIST = '/acme/admin/package-handoff';

const admin = workerSession('admin@acme.test', '/acme/admin');

test.beforeEach(({ page }) => {
  test.setTimeout(90_000);
  return admin.open(page);
});

test('package handoffs: the list from the Warehousing nav, live, and the create modal with its messages and dependent fields', async ({ page }) => {
  // From the Warehousing nav: the seeded handoffs, live on the warehouses' topics.
  const nav = page.getByRole('navigation').filter({ hasText: 'Warehousing' });
  await nav.getByRole('link', { name: 'Package Handoff' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Package handoffs' });
  await expect(table.getByRole('row').filter({ hasText: 'Sofia Rossi' }).first()).toBeVisible();

  // Add opens the modal at package-handoff/create.
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}/create$`));
  const modal = page.getByRole('dialog', { name: 'Add package handoff' });

  // Staff (and the pick orders) wait for a warehouse; every message when nothing is filled.
  await expect(modal.getByRole('combobox', { name: 'Warehouse staff' })).toBeDisabled();
  await expect(modal.getByRole('combobox', { name: 'Picking order' })).toBeDisabled();
  await modal.getByRole('button', { name: 'Submit' }).click();
  for (const message of ['Warehouse is required', 'Delivery is required', 'Picking order is required', 'Warehouse staff is required', 'Signature URL is required']) {
    await expect(modal.getByText(message, { exact: true })).toBeVisible();
  }
  await modal.getByRole('combobox', { name: 'Warehouse*', exact: true }).fill('Bayview');
  await page.getByRole('option', { name: /Bayview Distribution Center/ }).first().click();
  await expect(modal.getByRole('combobox', { name: 'Warehouse staff' })).toBeEnabled();
  await expect(modal.getByRole('combobox', { name: 'Picking order' })).toBeEnabled();

  // Cancel closes back to the list.
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await expect(modal).toHaveCount(0);
});
