import type { Page } from '@playwright/test';
import { asServiceRole, expect, test, unique, workerSession } from './fixtures.ts';

const STAFF = '/acme/admin/staff';
const SUPPLIERS = '/acme/admin/suppliers';
const DOGPATCH = 'a5000000-0000-4000-8000-000000000002';

const admin = workerSession('admin@acme.test', '/acme/admin');

/** Leaves the field first: its blur validation may move the button before a click lands. */
async function submit(page: Page, name: RegExp) {
  await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { blur?: () => void } | null } }).document.activeElement?.blur?.());
  await page.getByRole('button', { name }).click();
}

async function pick(page: Page, label: string, term: string, option: RegExp) {
  await page.getByRole('combobox', { name: label }).fill(term);
  await page.getByRole('option', { name: option }).first().click();
}

test.beforeEach(({ page }) => {
  // Long journeys through several screens on a shared, busy machine.
  test.slow();
  return admin.open(page);
});

test('staff: the roster with its filters, and a real form with validation', async ({ page, request }) => {
  // Grace Kim works at Bayview only, as seeded: a retry starts there again, whatever an earlier attempt added.
  const [grace] = (await asServiceRole(request, 'GET', '/rest/v1/profiles?select=id&email=eq.grace.kim%40acmelogistics.example')) as { id: string }[];
  await asServiceRole(request, 'DELETE', `/rest/v1/warehouse_staff?warehouse_id=eq.${DOGPATCH}&user_id=eq.${grace!.id}`);
  const nav = page.getByRole('navigation').filter({ hasText: 'Warehousing' });
  await nav.getByRole('link', { name: 'Staff' }).click();
  await expect(page).toHaveURL(new RegExp(`${STAFF}$`));
  await expect(page.getByRole('row').filter({ hasText: 'Maya Chen' }).first()).toContainText('Manager');
  await page.goto(`${STAFF}?warehouse=${DOGPATCH}&role=packer`);
  const packer = page.getByRole('row').filter({ hasText: 'Sofia Rossi' });
  await expect(packer).toContainText('Dogpatch Cross-dock');
  await expect(packer).toContainText('Inactive');
  await expect(page.getByRole('row')).toHaveCount(2);

  await page.goto(`${STAFF}/create`);
  await submit(page, /^Add staff$/);
  for (const message of ['Warehouse is required', 'User is required', 'Role is required']) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await pick(page, 'Warehouse', 'Dogpatch', /Dogpatch Cross-dock/);
  await pick(page, 'Person', 'Grace', /Grace Kim/);
  await page.getByLabel('Role').selectOption('receiver');
  await submit(page, /^Add staff$/);
  await expect(page.getByText('Staff member added successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${STAFF}$`));

  // The same person twice at one warehouse: the database says so on the person's field.
  await page.goto(`${STAFF}/create`);
  await pick(page, 'Warehouse', 'Dogpatch', /Dogpatch Cross-dock/);
  await pick(page, 'Person', 'Grace', /Grace Kim/);
  await page.getByLabel('Role').selectOption('picker');
  await submit(page, /^Add staff$/);
  await expect(page.getByText('This person already works at this warehouse')).toBeVisible();
  await expect(page.getByText('Validation failed')).toBeVisible();

  // Edit: the stored row loads by its labels; the role changes.
  await page.goto(`${STAFF}?warehouse=${DOGPATCH}&q=Grace`);
  const row = page.getByRole('row').filter({ hasText: 'Grace Kim' });
  await row.getByRole('button', { name: /actions/i }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByRole('combobox', { name: 'Person' })).toHaveValue('Grace Kim');
  await expect(page.getByRole('combobox', { name: 'Warehouse' })).toHaveValue('Dogpatch Cross-dock');
  await page.getByLabel('Role').selectOption('supervisor');
  await submit(page, /^Save changes$/);
  await expect(page.getByText('Staff member updated successfully')).toBeVisible();

  // Remove, after a confirmation.
  await page.goto(`${STAFF}?warehouse=${DOGPATCH}&q=Grace`);
  await expect(page.getByRole('row').filter({ hasText: 'Grace Kim' })).toContainText('Supervisor');
  await page.getByRole('row').filter({ hasText: 'Grace Kim' }).getByRole('button', { name: /actions/i }).click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  await page.getByRole('alertdialog', { name: 'Remove from the warehouse?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Staff member removed')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Grace Kim' })).toHaveCount(0);
});

test('staff: an unknown id shows Staff member not found', async ({ page }) => {
  await page.goto(`${STAFF}/00000000-0000-4000-8000-000000000000/edit`);
  await expect(page.getByText('Staff member not found')).toBeVisible();
});

test('suppliers: list, create with validation, edit', async ({ page }) => {
  const nav = page.getByRole('navigation').filter({ hasText: 'Warehousing' });
  await nav.getByRole('link', { name: 'Suppliers' }).click();
  await expect(page).toHaveURL(new RegExp(`${SUPPLIERS}$`));
  await expect(page.getByRole('row').filter({ hasText: 'SUP-GGP' })).toContainText('Golden Gate Packaging Co.');
  await expect(page.getByRole('row').filter({ hasText: 'SUP-MFW' })).toContainText('Inactive');
  await expect(page.getByText('SUP-TVP')).toHaveCount(0);

  await page.getByRole('button', { name: 'Add supplier' }).click();
  await page.getByLabel('Email').fill('not an email');
  await page.getByLabel('Phone').fill('12345');
  await page.getByLabel('Lead time').fill('400');
  await submit(page, /^Create supplier$/);
  for (const message of [
    'Name is required',
    'Code is required',
    'Valid email is required',
    'Please enter a valid phone number with at least 10 digits',
    'Lead time must be between 0 and 365 days',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  const name = unique('Presidio Pallets');
  const code = unique('SUP');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByLabel('Contact name').fill('Nora Diaz');
  await page.getByLabel('Email').fill('nora@presidiopallets.example');
  await page.getByLabel('Phone').fill('+1 415 555 0399');
  await page.getByLabel('Lead time').fill('6');
  await page.getByLabel('Payment terms').selectOption('net_15');
  await submit(page, /^Create supplier$/);
  await expect(page.getByText('Supplier created successfully')).toBeVisible();
  await page.getByRole('searchbox').fill(code);
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('Net 15');
  await expect(row).toContainText('6 days');

  await row.getByRole('button', { name: /actions/i }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByLabel('Contact name')).toHaveValue('Nora Diaz');
  await page.getByLabel('Code', { exact: true }).fill('SUP-GGP');
  await submit(page, /^Save changes$/);
  await expect(page.getByText('Supplier code already exists')).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('switch', { name: 'Active' }).click();
  await submit(page, /^Save changes$/);
  await expect(page.getByText('Supplier updated successfully')).toBeVisible();
  await page.getByRole('searchbox').fill(code);
  await expect(page.getByRole('row').filter({ hasText: code })).toContainText('Inactive');
});
