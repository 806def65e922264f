import { asServiceRole, asUser, expect, expectForbidden, signInTo, test, tokenOf, unique } from './fixtures.ts';

/**
 * Where warehouse staff work, as Tyrone Jackson, a seeded acme picker (warehouse-only: the
 * warehouse_staff role, no dispatcher role, no liaison row), at phone width: signing in lands on the
 * warehouse section, the dispatcher bar offers only the section and the profile, the board is
 * refused inside the panel's shell, and a pick order assigned to him is picked through the picker's
 * screen with typed scans (a keyboard-wedge scanner types the same way), moving the stock.
 */

const BAYVIEW = 'a5000000-0000-4000-8000-000000000001';
const BIN = 'Z2-A03-S2-B04';

test.use({ viewport: { width: 360, height: 740 } });

test('a picker works in the warehouse section, is refused the board, and picks an order', async ({ page, request }) => {
  test.setTimeout(120_000);
  // An item of its own with 4 units in one Bayview bin, and an order of 3 for Tyrone, as the admin.
  const sku = unique('E2E-FLOOR').toUpperCase();
  const admin = await tokenOf(request, 'admin@acme.test');
  const [item] = await asUser<{ id: string }[]>(request, admin, '/rest/v1/inventory_items', {
    tenant_id: 'a0000000-0000-4000-8000-000000000001',
    name: 'E2E Floor Test Scanner',
    sku,
  });
  const [bin] = (await asServiceRole(request, 'GET', `/rest/v1/warehouse_locations?select=id&warehouse_id=eq.${BAYVIEW}&code=eq.${BIN}`)) as { id: string }[];
  await asUser(request, admin, '/rest/v1/rpc/record_inventory_transaction', { transaction_type: 'receive', item_id: item?.id, warehouse_id: BAYVIEW, quantity: 4, to_bin_id: bin?.id });
  const saved = await asUser<{ pick_order: { order: { reference_number: string } } }>(request, admin, '/rest/v1/rpc/save_pick_order', {
    pick_order_id: null,
    values: { warehouse_id: BAYVIEW, assigned_to: 'a5100000-0000-4000-8000-000000000004', item_details: [{ item_id: item?.id, bin_id: bin?.id, quantity: 3 }] },
  });
  const reference = saved.pick_order.order.reference_number;

  await signInTo(page, 'tyrone.jackson@acmelogistics.example', '/acme/dispatcher/floor');
  await expect(page.getByRole('heading', { name: 'Warehouse', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your warehouses' }).getByRole('listitem').filter({ hasText: 'Bayview Distribution Center' })).toContainText('Picker');
  await expect(page.getByRole('region', { name: 'Goods to receive' })).toBeVisible();
  const bar = page.getByRole('navigation', { name: 'Dispatcher' });
  await expect(bar.getByRole('link')).toHaveText(['Warehouse', 'Profile']);
  // The section fits a phone: nothing scrolls sideways.
  expect(await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The board and the order sections are not his.
  await page.goto('/acme/dispatcher');
  await expectForbidden(page);
  await page.goto('/acme/dispatcher/delivery_orders');
  await expectForbidden(page);
  await bar.getByRole('link', { name: 'Warehouse' }).click();

  // His order, from today's picks: start it, then the bin, the item and the quantity, typed.
  await page.getByRole('region', { name: 'Pick orders today' }).getByRole('link', { name: reference }).click();
  await expect(page.getByRole('heading', { name: `Pick ${reference}`, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Start picking' }).click();
  await expect(page.getByTestId('next-bin')).toHaveText(BIN);
  await page.getByLabel('Scan the bin').fill('Z1-A01-S1-B01');
  await page.getByLabel('Scan the bin').press('Enter');
  await expect(page.getByText(`Wrong bin: this line is in ${BIN}`)).toBeVisible();
  await page.getByLabel('Scan the bin').fill(BIN.toLowerCase());
  await page.getByLabel('Scan the bin').press('Enter');
  await page.getByLabel('Scan the item').fill('NOT-THIS-ONE');
  await page.getByLabel('Scan the item').press('Enter');
  await expect(page.getByText('Wrong item for this line')).toBeVisible();
  await page.getByLabel('Scan the item').fill(sku);
  await page.getByLabel('Scan the item').press('Enter');
  await expect(page.getByLabel('Quantity picked')).toHaveValue('3');
  await page.getByLabel('Quantity picked').fill('2');
  await page.getByLabel('Why fewer?').fill('One box crushed');
  await page.getByRole('button', { name: 'Confirm pick' }).click();
  await expect(page.getByTestId('pick-progress')).toHaveText('2 of 3 items picked');
  await page.getByRole('button', { name: 'Complete pick order' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pick order completed.' })).toBeVisible();

  // The stock moved: 2 of the 4 units left the bin, nothing stays reserved.
  const stock = (await asServiceRole(request, 'GET', `/rest/v1/inventory_stock?select=quantity,reserved&item_id=eq.${item?.id}`)) as { quantity: number; reserved: number }[];
  expect(stock).toEqual([{ quantity: 2, reserved: 0 }]);
});
