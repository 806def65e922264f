import type { Page } from '@playwright/test';
import { ANON_KEY, asServiceRole, asUser, expect, test, unique, workerSession } from './fixtures.ts';

const ITEMS = '/acme/admin/inventory-items';
const STOCK = '/acme/admin/inventory-stock';
const TRANSACTIONS = '/acme/admin/inventory-transaction';
const RECEIVE = '/acme/admin/receive-orders';
const TENANT = 'a0000000-0000-4000-8000-000000000001';

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
  // One long journey through six screens and three saves on a shared, busy machine: a bound, not a target.
  test.setTimeout(180_000);
  return admin.enter(page);
});

/** The admin panel's home, for a test that starts from its nav: a first sign-in has landed there already. */
async function home(page: Page) {
  if (!page.url().endsWith('/acme/admin')) await admin.home(page);
}

test('inventory: the three lists with their filters, the item form and its messages, stock written through the ledger', async ({ page }) => {
  await home(page);
  // Items: reached from the Warehousing nav; filters live in the URL.
  const nav = page.getByRole('navigation').filter({ hasText: 'Warehousing' });
  await nav.getByRole('link', { name: 'Inventory Items' }).click();
  await expect(page).toHaveURL(new RegExp(`${ITEMS}$`));
  await page.goto(`${ITEMS}?category=Electronics&subcategory=Laptop&q=Zenbook`);
  const zenbook = page.getByRole('row').filter({ hasText: 'Zenbook 14 OLED Laptop' });
  await expect(zenbook).toContainText('ASUS');
  await expect(zenbook).toContainText('Failed: The barcode has characters Code 128 cannot print');
  await page.goto(`${ITEMS}?category=Furniture&status=inactive`);
  await expect(page.getByRole('row').filter({ hasText: 'Reception Sofa, 3 Seats' })).toContainText('Inactive');
  await expect(page.getByRole('row')).toHaveCount(2);

  // Create: the form's messages, verbatim, then a saved item.
  await page.goto(ITEMS);
  await page.getByRole('button', { name: 'Add Item' }).click();
  await expect(page).toHaveURL(new RegExp(`${ITEMS}/create$`));
  await page.getByLabel('Unit size', { exact: true }).fill('');
  await page.getByLabel('Weight', { exact: true }).fill('-2');
  await submit(page, /^Create item$/);
  await expect(page.getByText('Name is required', { exact: true })).toBeVisible();
  await expect(page.getByText('SKU is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Must be a positive number', { exact: true })).toHaveCount(2);
  const sku = unique('E2E-DOCK').toUpperCase();
  const name = 'Thunderbolt 4 Docking Station with Dual 4K Display Output and 96W Charging';
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('SKU', { exact: true }).fill(sku);
  await page.getByLabel('Unit size', { exact: true }).fill('1');
  await page.getByLabel('Weight', { exact: true }).fill('1.4');
  await page.getByLabel('Category', { exact: true }).selectOption('Electronics');
  await page.getByLabel('Brand', { exact: true }).fill('CalDigit');
  await submit(page, /^Create item$/);
  await expect(page.getByText('Inventory item created successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${ITEMS}$`));
  await page.goto(`${ITEMS}?q=${sku}`);
  const created = page.getByRole('row').filter({ hasText: sku });
  await expect(created).toContainText(`${name.slice(0, 50)}…`);

  // The label was drawn after the save: View opens it (4 x 6 in, the SKU printed) in the viewer.
  await created.getByRole('button', { name: /^View the label of / }).click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByRole('heading', { name: `${sku}-label.pdf` })).toBeVisible();
  await expect(viewer.getByText('Page 1 of 1')).toBeVisible();
  await expect(viewer.getByText(`SKU: ${sku}`)).toBeAttached();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // Edit: the database's own rule (SKU unique per tenant) lands on the field.
  await created.getByRole('button', { name: /actions/i }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await page.getByLabel('SKU', { exact: true }).fill('ACM-LEN-1017');
  await submit(page, /^Save changes$/);
  await expect(page.getByText('SKU already exists')).toBeVisible();
  await expect(page.getByText('Failed to update inventory item')).toBeVisible();
  await page.getByLabel('SKU', { exact: true }).fill(sku);
  await page.getByLabel('Model', { exact: true }).fill('TS4');
  await submit(page, /^Save changes$/);
  await expect(page.getByText('Inventory item updated successfully')).toBeVisible();

  // Add Stock: an opening receipt through the ledger function.
  await page.goto(STOCK);
  await page.getByRole('button', { name: 'Add Stock' }).click();
  await expect(page).toHaveURL(new RegExp(`${STOCK}/create$`));
  await pick(page, 'Item', sku, new RegExp(sku));
  await pick(page, 'Warehouse', 'Bayview', /Bayview Distribution Center/);
  await pick(page, 'Bin', 'Z1-A01-S1-B01', /Z1-A01-S1-B01/);
  await page.getByLabel('Quantity', { exact: true }).fill('7');
  await page.getByLabel('Lot number', { exact: true }).fill('LOT-E2E');
  await submit(page, /^Record$/);
  await expect(page.getByText('Stock added successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${STOCK}$`));
  await page.goto(`${STOCK}?q=${sku}&status=available`);
  const balance = page.getByRole('row').filter({ hasText: 'Z1-A01-S1-B01' });
  await expect(balance).toContainText('Thunderbolt 4 Docking Station');
  await expect(balance).toContainText('LOT-E2E');
  await expect(balance).toContainText('Available');
  await expect(balance.getByRole('cell', { name: '7', exact: true })).toBeVisible();

  // A move of more than the bin holds is refused in the database's words, and changes nothing.
  await page.goto(TRANSACTIONS);
  await page.getByRole('button', { name: 'Add Transaction' }).click();
  await page.getByLabel('Type', { exact: true }).selectOption('move');
  await pick(page, 'Item', sku, new RegExp(sku));
  await pick(page, 'Warehouse', 'Bayview', /Bayview Distribution Center/);
  await pick(page, 'From bin', 'Z1-A01-S1-B01', /Z1-A01-S1-B01/);
  await pick(page, 'To bin', 'Z1-A01-S1-B02', /Z1-A01-S1-B02/);
  await page.getByLabel('Quantity', { exact: true }).fill('10');
  await page.getByLabel('Lot number', { exact: true }).fill('LOT-E2E');
  await submit(page, /^Record$/);
  await expect(page.getByText('Insufficient stock: 7 available in Z1-A01-S1-B01')).toBeVisible();
  await page.getByLabel('Quantity', { exact: true }).fill('3');
  await submit(page, /^Record$/);
  await expect(page.getByText('Inventory transaction recorded successfully')).toBeVisible();

  // The ledger lists both entries; the type filter narrows it.
  await expect(page).toHaveURL(new RegExp(`${TRANSACTIONS}$`));
  await page.goto(`${TRANSACTIONS}?q=${sku}`);
  await expect(page.getByRole('row').filter({ hasText: sku })).toHaveCount(2);
  await page.goto(`${TRANSACTIONS}?q=${sku}&type=move`);
  const move = page.getByRole('row').filter({ hasText: sku });
  await expect(move).toHaveCount(1);
  await expect(move).toContainText('Move');
  await expect(move).toContainText('Z1-A01-S1-B02');
  await page.goto(`${STOCK}?q=${sku}`);
  await expect(page.getByRole('row').filter({ hasText: 'LOT-E2E' })).toHaveCount(2);
});

test('receive orders: the list by status, a new order with its lines, placed with the supplier', async ({ page }) => {
  await home(page);
  await page.getByRole('navigation').filter({ hasText: 'Warehousing' }).getByRole('link', { name: 'Receive Orders' }).click();
  await expect(page).toHaveURL(new RegExp(`${RECEIVE}$`));
  await page.goto(`${RECEIVE}?status=partially_received`);
  await expect(page.getByRole('row').filter({ hasText: 'Partially received' }).first()).toContainText(/ACME-GR\d{5}/);

  await page.goto(RECEIVE);
  await page.getByRole('button', { name: 'Add Receive Order' }).click();
  await expect(page).toHaveURL(new RegExp(`${RECEIVE}/create$`));
  await submit(page, /^Create receive order$/);
  await expect(page.getByText('Supplier is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Warehouse is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Item is required', { exact: true })).toBeVisible();
  const reference = unique('PO-E2E').toUpperCase();
  await pick(page, 'Supplier', 'Golden Gate', /Golden Gate Packaging/);
  await pick(page, 'Warehouse', 'Bayview', /Bayview Distribution Center/);
  await page.getByLabel('Reference', { exact: true }).fill(reference);
  await pick(page, 'Item', 'Desk Organiser', /Desk Organiser/);
  await page.getByLabel('Expected quantity', { exact: true }).fill('12');
  await pick(page, 'Target bin', 'Z1-A01-S1-B03', /Z1-A01-S1-B03/);
  await submit(page, /^Create receive order$/);
  await expect(page.getByText('Receive order created successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${RECEIVE}$`));

  await page.goto(`${RECEIVE}?q=${reference}`);
  const order = page.getByRole('row').filter({ hasText: reference });
  await expect(order).toContainText('Draft');
  await expect(order).toContainText('0 / 12');
  await order.getByRole('button', { name: /actions/i }).click();
  await page.getByRole('menuitem', { name: 'Place order' }).click();
  await expect(order).toContainText('Ordered');
});

test('items live: an item created, renamed and deleted elsewhere appears, changes and leaves without a reload', async ({ page, request }) => {
  const sku = unique('E2E-LIVE').toUpperCase();
  await page.goto(`${ITEMS}?q=${sku}`);
  await expect(page.getByText('No records found')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Live$/ })).toBeVisible({ timeout: 20_000 });

  // Another screen (here the API, as the same admin) writes the catalogue.
  const token = admin.accessToken();
  const [item] = await asUser<{ id: string }[]>(request, token, '/rest/v1/inventory_items?select=id', { tenant_id: TENANT, name: 'Live Dock', sku });
  const row = page.getByRole('row').filter({ hasText: sku });
  await expect(row).toContainText('Live Dock');
  await expect(page.getByText('1–1 of 1')).toBeVisible();
  const renamed = await request.patch(`/rest/v1/inventory_items?id=eq.${item!.id}`, {
    headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    data: { name: 'Live Dock Pro' },
  });
  expect(renamed.ok(), await renamed.text()).toBe(true);
  await expect(row).toContainText('Live Dock Pro');
  // Items are not the API's to delete: the service role stands in for an operator's cleanup.
  await asServiceRole(request, 'DELETE', `/rest/v1/inventory_items?id=eq.${item!.id}`);
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No records found')).toBeVisible();
});
