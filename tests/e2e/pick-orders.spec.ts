import type { Page } from '@playwright/test';
import { asServiceRole, asUser, expect, test, tokenOf, unique, workerSession } from './fixtures.ts';

const ORDERS = '/acme/admin/picking-orders';
const STOCK = '/acme/admin/inventory-stock';
const TRANSACTIONS = '/acme/admin/inventory-transaction';
const BAYVIEW = 'a5000000-0000-4000-8000-000000000001';
const BIN = 'Z2-A03-S2-B04';

const admin = workerSession('admin@acme.test', '/acme/admin');

/** Leaves the field first: its blur validation may move the button before a click lands. */
async function submit(page: Page, name: RegExp) {
  await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { blur?: () => void } | null } }).document.activeElement?.blur?.());
  await page.getByRole('button', { name }).click();
}

async function choose(page: Page, label: string, term: string, option: RegExp) {
  await page.getByRole('combobox', { name: label }).fill(term);
  await page.getByRole('option', { name: option }).first().click();
}

test.beforeEach(({ page }) => {
  // One journey through four screens, three saves and two moves on a shared, busy machine: a bound, not a target.
  test.setTimeout(180_000);
  return admin.open(page);
});

test('pick orders: the form rules and dependent fields, then an order from creation to completion moving stock', async ({ page, request }) => {
  // An item of its own with 5 units in one Bayview bin, received through the ledger as the admin.
  const sku = unique('E2E-PICK').toUpperCase();
  const token = await tokenOf(request, 'admin@acme.test');
  const [item] = await asUser<{ id: string }[]>(request, token, '/rest/v1/inventory_items', {
    tenant_id: 'a0000000-0000-4000-8000-000000000001',
    name: 'E2E Pick Test Headset',
    sku,
  });
  const [bin] = (await asServiceRole(request, 'GET', `/rest/v1/warehouse_locations?select=id&warehouse_id=eq.${BAYVIEW}&code=eq.${BIN}`)) as { id: string }[];
  await asUser(request, token, '/rest/v1/rpc/record_inventory_transaction', {
    transaction_type: 'receive',
    item_id: item?.id,
    warehouse_id: BAYVIEW,
    quantity: 5,
    to_bin_id: bin?.id,
  });

  // The list, from the Warehousing nav; Add opens the form with a generated reference number.
  const nav = page.getByRole('navigation').filter({ hasText: 'Warehousing' });
  await nav.getByRole('link', { name: 'Picking Orders' }).click();
  await expect(page).toHaveURL(new RegExp(`${ORDERS}$`));
  await page.getByRole('button', { name: 'Add Pick Order' }).click();
  await expect(page).toHaveURL(new RegExp(`${ORDERS}/create$`));
  await expect(page.getByLabel('Reference number', { exact: true })).toHaveValue(/^ACME-PK\d{5}$/);

  // Assigned To and Bin wait for a warehouse; Remove Item shows only with more than one row.
  await expect(page.getByRole('combobox', { name: 'Assigned To' })).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Bin' })).toBeDisabled();
  await expect(page.getByRole('button', { name: /^Remove Item/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add Item' }).click();
  await expect(page.getByRole('button', { name: /^Remove Item/ })).toHaveCount(2);
  await page.getByRole('button', { name: 'Remove Item 2' }).click();
  await expect(page.getByRole('button', { name: /^Remove Item/ })).toHaveCount(0);

  // Every message, verbatim.
  await page.getByLabel('Reference number', { exact: true }).fill('');
  await page.getByLabel('Due date', { exact: true }).fill('2020-01-01');
  await submit(page, /^Create pick order$/);
  await expect(page.getByText('Warehouse is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Reference number is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Item is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Bin is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Due date cannot be before today', { exact: true })).toBeVisible();

  // A warehouse opens the dependent fields; the order is saved.
  const reference = unique('E2E-PO').toUpperCase();
  await choose(page, 'Warehouse', 'Bayview', /Bayview Distribution Center/);
  await expect(page.getByRole('combobox', { name: 'Bin' })).toBeEnabled();
  await choose(page, 'Assigned To', 'Tyrone', /Tyrone Jackson/);
  await page.getByLabel('Reference number', { exact: true }).fill(reference);
  await page.getByLabel('Due date', { exact: true }).fill('');
  await choose(page, 'Item', sku, /E2E Pick Test Headset/);
  await choose(page, 'Bin', BIN, new RegExp(BIN));
  await page.getByLabel('Quantity', { exact: true }).fill('3');
  await submit(page, /^Create pick order$/);
  await expect(page.getByText('Pick order created successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${ORDERS}$`));

  // The list finds it by its filters; Start reserves, a pick is saved, Complete ends it.
  await page.goto(`${ORDERS}?q=${reference}&status=pending&warehouse=${BAYVIEW}`);
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('Tyrone Jackson');
  await row.getByRole('link', { name: reference }).click();
  await page.getByRole('button', { name: 'Start picking' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Start picking' }).click();
  await expect(page.getByText('In progress', { exact: true }).first()).toBeVisible();
  await page.getByLabel('Picked quantity', { exact: true }).fill('2');
  await submit(page, /^Save changes$/);
  await expect(page.getByText('Pick order updated successfully')).toBeVisible();
  await page.goto(`${ORDERS}?q=${reference}`);
  await page.getByRole('row').filter({ hasText: reference }).getByRole('link', { name: reference }).click();
  await page.getByRole('button', { name: 'Complete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByText('This pick order is finished.')).toBeVisible();
  await expect(page.getByText('Partially picked', { exact: true })).toBeVisible();

  // The stock moved: 3 left in the bin, nothing reserved, and the pick is in the ledger.
  await page.goto(`${STOCK}?q=${sku}`);
  const balance = page.getByRole('row').filter({ hasText: BIN });
  await expect(balance.getByRole('cell', { name: '3', exact: true })).toBeVisible();
  await expect(balance).toContainText('Available');
  await page.goto(`${TRANSACTIONS}?q=${sku}&type=pick`);
  const pickRow = page.getByRole('row').filter({ hasText: sku });
  await expect(pickRow).toHaveCount(1);
  await expect(pickRow.getByRole('cell', { name: '2', exact: true })).toBeVisible();
});

test('pick orders: a batch built from two pending orders walks one route through the bins', async ({ page, request }) => {
  // Two pending orders of Bayview's Ambient Storage zone, saved through the API as the admin.
  const token = await tokenOf(request, 'admin@acme.test');
  const [item] = (await asServiceRole(request, 'GET', '/rest/v1/inventory_items?select=id&tenant_id=eq.a0000000-0000-4000-8000-000000000001&is_active=eq.true&order=sku&limit=1')) as { id: string }[];
  const bins = (await asServiceRole(request, 'GET', `/rest/v1/warehouse_locations?select=id,code&warehouse_id=eq.${BAYVIEW}&code=in.(Z1-A02-S1-B01,Z1-A01-S2-B03)`)) as { id: string; code: string }[];
  const binOf = (code: string) => bins.find((bin) => bin.code === code)?.id;
  const first = unique('E2E-BATCH-A').toUpperCase();
  const second = unique('E2E-BATCH-B').toUpperCase();
  for (const [reference, bin] of [
    [first, 'Z1-A02-S1-B01'],
    [second, 'Z1-A01-S2-B03'],
  ] as const) {
    await asUser(request, token, '/rest/v1/rpc/save_pick_order', {
      pick_order_id: null,
      values: { warehouse_id: BAYVIEW, reference_number: reference, item_details: [{ item_id: item?.id, bin_id: binOf(bin), quantity: 1 }] },
    });
  }

  // The dialog: Bayview's pending orders, these two chosen, the preview, Build.
  await page.goto(`${ORDERS}?warehouse=${BAYVIEW}`);
  await page.getByRole('button', { name: 'Build batch / wave' }).click();
  const dialog = page.getByRole('dialog', { name: 'Build a batch or a wave' });
  // Each preview resizes the centred dialog: the next click waits for it, so it lands where it aims.
  const summary = dialog.getByTestId('batch-preview-summary');
  await expect(dialog.getByRole('checkbox', { name: new RegExp(first) })).toBeChecked();
  await expect(summary).toBeVisible();
  await dialog.getByRole('button', { name: 'Clear' }).click();
  await expect(summary).toHaveCount(0);
  await dialog.getByRole('checkbox', { name: new RegExp(first) }).check();
  await expect(summary).toHaveText('1 batch of 1 order, 1 line');
  await dialog.getByRole('checkbox', { name: new RegExp(second) }).check();
  await expect(summary).toHaveText('1 batch of 2 orders, 2 lines');
  await dialog.getByRole('button', { name: 'Build', exact: true }).click();
  await expect(page.getByText(/^Batch ACME-PK\d{5} built$/)).toBeVisible();

  // The batch's page: its two orders, and the route in bin location-code order.
  await expect(page).toHaveURL(/\/picking-orders\/[0-9a-f-]{36}\/edit$/);
  const members = page.getByRole('region', { name: 'Orders in this batch' });
  await expect(members.getByRole('link', { name: first })).toBeVisible();
  await expect(members.getByRole('link', { name: second })).toBeVisible();
  const stops = page.getByRole('region', { name: 'Route' }).getByRole('listitem');
  await expect(stops).toHaveCount(2);
  await expect(stops.nth(0)).toContainText(`Z1-A01-S2-B03`);
  await expect(stops.nth(0)).toContainText(`for ${second}`);
  await expect(stops.nth(1)).toContainText(`Z1-A02-S1-B01`);
  await expect(stops.nth(1)).toContainText(`for ${first}`);

  // One order taken out before the batch starts: it leaves the members and the route.
  await members.getByRole('button', { name: `Take ${second} out of the batch` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Take out' }).click();
  await expect(page.getByText(new RegExp(`^${second} taken out of batch ACME-PK\\d{5}$`))).toBeVisible();
  await expect(members.getByRole('link', { name: second })).toHaveCount(0);
  await expect(stops).toHaveCount(1);
  await expect(stops.nth(0)).toContainText(`for ${first}`);

  // The batch assigned to a picker of Bayview, from its page.
  const assign = page.getByRole('form', { name: 'Assign the batch' });
  await choose(page, 'Picker', 'Tyrone', /Tyrone Jackson/);
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByText(/^Batch ACME-PK\d{5} assigned to Tyrone Jackson$/)).toBeVisible();
});

test('pick orders: a wave by zone takes an order\'s lines of its zone and moves the others to a new pending order', async ({ page, request }) => {
  // An item of its own, stocked in two Ambient Storage (Z1) bins and one Cold Chain (Z2) bin of Bayview.
  const token = await tokenOf(request, 'admin@acme.test');
  const [item] = await asUser<{ id: string }[]>(request, token, '/rest/v1/inventory_items', {
    tenant_id: 'a0000000-0000-4000-8000-000000000001',
    name: 'E2E Wave Test Kettle',
    sku: unique('E2E-WAVE').toUpperCase(),
  });
  const codes = ['Z1-A02-S1-B01', 'Z1-A01-S2-B03', 'Z2-A01-S1-B02'];
  const bins = (await asServiceRole(request, 'GET', `/rest/v1/warehouse_locations?select=id,code&warehouse_id=eq.${BAYVIEW}&code=in.(${codes.join(',')})`)) as { id: string; code: string }[];
  const binOf = (code: string) => bins.find((bin) => bin.code === code)?.id;
  for (const code of codes) {
    await asUser(request, token, '/rest/v1/rpc/record_inventory_transaction', { transaction_type: 'receive', item_id: item?.id, warehouse_id: BAYVIEW, quantity: 5, to_bin_id: binOf(code) });
  }
  // Mixed: two lines in Z1, one in Z2 (it goes with Z1, the zone of most of its lines). Plain: one Z1 line.
  const mixed = unique('E2E-WAVE-M').toUpperCase();
  const plain = unique('E2E-WAVE-P').toUpperCase();
  for (const [reference, lines] of [
    [mixed, codes],
    [plain, ['Z1-A02-S1-B01']],
  ] as const) {
    await asUser(request, token, '/rest/v1/rpc/save_pick_order', {
      pick_order_id: null,
      values: { warehouse_id: BAYVIEW, reference_number: reference, item_details: lines.map((code) => ({ item_id: item?.id, bin_id: binOf(code), quantity: 1 })) },
    });
  }

  // The dialog: a wave by zone of these two orders; the preview says the mixed order will be split.
  await page.goto(`${ORDERS}?warehouse=${BAYVIEW}`);
  await page.getByRole('button', { name: 'Build batch / wave' }).click();
  const dialog = page.getByRole('dialog', { name: 'Build a batch or a wave' });
  const summary = dialog.getByTestId('batch-preview-summary');
  await expect(dialog.getByRole('checkbox', { name: new RegExp(mixed) })).toBeVisible();
  await dialog.getByLabel('Type').selectOption('wave');
  await dialog.getByLabel('Group by').selectOption('zone');
  await dialog.getByRole('button', { name: 'Clear' }).click();
  await expect(summary).toHaveCount(0);
  // Each preview resizes the centred dialog: the next click waits for it, so it lands where it aims.
  await dialog.getByRole('checkbox', { name: new RegExp(mixed) }).check();
  await expect(summary).toHaveText('1 batch of 1 order, 2 lines');
  await dialog.getByRole('checkbox', { name: new RegExp(plain) }).check();
  await expect(summary).toHaveText('1 batch of 2 orders, 3 lines');
  await expect(dialog.getByTestId('batch-preview-split')).toHaveText(`${mixed} will be split: 1 line goes to a new pending order`);
  await dialog.getByRole('button', { name: 'Build', exact: true }).click();
  await expect(page.getByText(/^Wave ACME-PK\d{5} built$/)).toBeVisible();
  await expect(page.getByText(`${mixed} split: 1 line moved to ${mixed}-2`)).toBeVisible();

  // The wave's page: both orders, the route through the Z1 bins only.
  await expect(page).toHaveURL(/\/picking-orders\/[0-9a-f-]{36}\/edit$/);
  const members = page.getByRole('region', { name: 'Orders in this wave' });
  await expect(members.getByRole('link', { name: mixed, exact: true })).toBeVisible();
  await expect(members.getByRole('link', { name: plain, exact: true })).toBeVisible();
  const stops = page.getByRole('region', { name: 'Route' }).getByRole('listitem');
  await expect(stops).toHaveCount(3);
  await expect(page.getByRole('region', { name: 'Route' })).not.toContainText('Z2-A01-S1-B02');

  // The Z2 line waits in the new pending order, on the list and on its own page.
  await page.goto(`${ORDERS}?warehouse=${BAYVIEW}&search=${encodeURIComponent(`${mixed}-2`)}`);
  const row = page.getByRole('row').filter({ hasText: `${mixed}-2` });
  await expect(row).toContainText('Pending');
  await row.getByRole('link', { name: `${mixed}-2` }).click();
  await expect(page.getByRole('heading', { name: `Pick order ${mixed}-2` })).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Bin/ })).toHaveValue('Z2-A01-S1-B02');
  await expect(page.getByRole('region', { name: 'History' })).toContainText(new RegExp(`Split from ${mixed} for wave ACME-PK\\d{5}`));
});
