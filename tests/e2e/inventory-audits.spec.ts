import type { Page } from '@playwright/test';
import { asServiceRole, asUser, expect, test, tokenOf, unique, workerSession } from './fixtures.ts';

const AUDITS = '/acme/admin/inventory-audits';
const STOCK = '/acme/admin/inventory-stock';
const TRANSACTIONS = '/acme/admin/inventory-transaction';
const BAYVIEW = 'a5000000-0000-4000-8000-000000000001';
const BIN = 'Z2-A03-S2-B03';

const admin = workerSession('admin@acme.test', '/acme/admin');

/** Leaves the field first: its blur validation may move the button before a click lands. */
async function submit(page: Page, name: string) {
  await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { blur?: () => void } | null } }).document.activeElement?.blur?.());
  await page.getByRole('button', { name, exact: true }).click();
}

test.beforeEach(({ page }) => {
  // One journey: plan, start, count, review, complete, then two lists, on a shared busy machine: a bound, not a target.
  test.setTimeout(120_000);
  return admin.open(page);
});

test('inventory audits: a blind count with a variance becomes an adjustment in the transactions list', async ({ page, request }) => {
  // An item of its own with 5 units in one Bayview bin, received through the ledger as the admin.
  const sku = unique('E2E-AUDIT').toUpperCase();
  const token = await tokenOf(request, 'admin@acme.test');
  const [item] = await asUser<{ id: string }[]>(request, token, '/rest/v1/inventory_items', {
    tenant_id: 'a0000000-0000-4000-8000-000000000001',
    name: 'E2E Audit Test Desk',
    sku,
  });
  const [bin] = (await asServiceRole(request, 'GET', `/rest/v1/warehouse_locations?select=id&warehouse_id=eq.${BAYVIEW}&code=eq.${BIN}`)) as { id: string }[];
  await asUser(request, token, '/rest/v1/rpc/record_inventory_transaction', { transaction_type: 'receive', item_id: item?.id, warehouse_id: BAYVIEW, quantity: 5, to_bin_id: bin?.id });

  // The list from the Warehousing nav; Add plans a spot check of the item.
  const nav = page.getByRole('navigation').filter({ hasText: 'Warehousing' });
  await nav.getByRole('link', { name: 'Inventory Audits' }).click();
  await expect(page).toHaveURL(new RegExp(`${AUDITS}$`));
  await page.getByRole('button', { name: 'Add Audit' }).click();
  await expect(page).toHaveURL(new RegExp(`${AUDITS}/create$`));
  await submit(page, 'Create audit');
  await expect(page.getByText('Warehouse is required')).toBeVisible();
  await page.getByRole('combobox', { name: 'Warehouse' }).fill('Bayview');
  await page.getByRole('option', { name: /Bayview/ }).first().click();
  await page.getByLabel('Audit type').selectOption('spot_check');
  await page.getByRole('combobox', { name: 'Item' }).fill(sku);
  await page.getByRole('option', { name: /E2E Audit Test Desk/ }).first().click();
  await submit(page, 'Create audit');
  await expect(page).toHaveURL(new RegExp(`${AUDITS}/[0-9a-f-]{36}$`));

  // Start, then count blind: the line names the bin and the item, never how many are expected.
  await page.getByRole('button', { name: 'Start counting' }).click();
  const lines = page.getByRole('region', { name: 'Lines' });
  await expect(lines.getByRole('listitem')).toHaveText([new RegExp(`^${BIN} · E2E Audit Test Desk \\(${sku}\\)\\s*Not counted$`)]);
  const count = page.getByRole('form', { name: 'Count a line' });
  // A keyboard-wedge scanner types the code and ends it with Enter.
  await count.getByLabel('Bin').fill(BIN);
  await count.getByLabel('Bin').press('Enter');
  await count.getByLabel('Item').fill(sku);
  await count.getByLabel('Item').press('Enter');
  await count.getByLabel('Counted quantity').fill('3');
  await submit(page, 'Save line');
  await expect(lines.getByRole('listitem').filter({ hasText: sku })).toContainText('Counted 3');

  // The review shows the variance; completing takes its reason.
  const review = page.getByRole('region', { name: 'Review of variances' });
  const row = review.getByRole('row').filter({ hasText: BIN });
  await expect(row.getByRole('cell', { name: '-2', exact: true })).toBeVisible();
  await row.getByRole('textbox').fill('Two desks damaged in storage');
  await review.getByRole('button', { name: 'Complete audit' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Complete audit' }).click();
  await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible();

  // Stock is what was counted, and the adjustment is in the ledger.
  await page.goto(`${STOCK}?q=${sku}`);
  await expect(page.getByRole('row').filter({ hasText: BIN }).getByRole('cell', { name: '3', exact: true })).toBeVisible();
  await page.goto(`${TRANSACTIONS}?q=${sku}&type=adjust`);
  const adjustment = page.getByRole('row').filter({ hasText: sku });
  await expect(adjustment).toHaveCount(1);
  await expect(adjustment.getByRole('cell', { name: '2', exact: true })).toBeVisible();
});
