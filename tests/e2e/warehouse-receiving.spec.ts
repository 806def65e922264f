import type { APIRequestContext } from '@playwright/test';
import { asServiceRole, asUser, expect, signInTo, test, tokenOf, unique } from './fixtures.ts';

/**
 * The receiver's screen, as Grace Kim, a seeded acme receiver of Bayview (warehouse-only), at phone
 * width: an ordered receive order of her warehouse opens from the section's goods to receive; she
 * scans the suggested bin and the item's barcode (typed, as a keyboard-wedge scanner types),
 * receives part of the line, then the rest; the order moves to partially received, then received,
 * and the stock lands in the bin, on the admin's stock and ledger lists open on another desk as it happens. Then, her profile's language set to French, the same screen
 * reads in French after a reload.
 */

const ACME = 'a0000000-0000-4000-8000-000000000001';
const BAYVIEW = 'a5000000-0000-4000-8000-000000000001';
const GRACE_EMAIL = 'grace.kim@acmelogistics.example';

/** Grace's saved language (no other browser test signs in as her); null puts her back on the tenant's default. */
async function setGraceLanguage(request: APIRequestContext, language: string | null) {
  await asServiceRole(request, 'PATCH', `/rest/v1/profiles?email=eq.${encodeURIComponent(GRACE_EMAIL)}`, { language });
}

test.afterAll(async ({ request }) => {
  await setGraceLanguage(request, null);
});

test.use({ viewport: { width: 360, height: 740 } });

test('a receiver receives an ordered receive order into the suggested bin, line by line, seen live on the admin\'s stock and ledger', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  await setGraceLanguage(request, null);
  // An item of its own (with a barcode) and an ordered receive order of 5 for Bayview, as the admin.
  const sku = unique('E2E-RCV').toUpperCase();
  const barcode = `9${Date.now()}`;
  const admin = await tokenOf(request, 'admin@acme.test');
  const [item] = await asUser<{ id: string }[]>(request, admin, '/rest/v1/inventory_items', { tenant_id: ACME, name: 'E2E Receiving Crate', sku, barcode });
  // The line's target bin: an active bin of Bayview, which the screen then suggests.
  const [bin] = (await asServiceRole(request, 'GET', `/rest/v1/warehouse_locations?select=id,code&warehouse_id=eq.${BAYVIEW}&location_type=eq.bin&status=eq.active&order=code.desc&limit=1`)) as {
    id: string;
    code: string;
  }[];
  const BIN = bin!.code;
  const [supplier] = (await asServiceRole(request, 'GET', `/rest/v1/suppliers?select=id&tenant_id=eq.${ACME}&limit=1`)) as { id: string }[];
  const order = await asUser<{ id: string; receive_code: string }>(request, admin, '/rest/v1/rpc/save_receive_order', {
    receive_order_id: null,
    receive_order: { supplier_id: supplier?.id, warehouse_id: BAYVIEW, lines: [{ item_id: item?.id, expected_quantity: 5, target_bin_id: bin?.id }] },
  });
  await asUser(request, admin, '/rest/v1/rpc/transition_receive_order', { receive_order_id: order.id, status: 'ordered' });

  // The admin watches the item's stock and ledger on a desk of their own: empty, live.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const stockPage = await desk.newPage();
  await signInTo(stockPage, 'admin@acme.test', '/acme/admin');
  await stockPage.goto(`/acme/admin/inventory-stock?q=${sku}`);
  const ledgerPage = await desk.newPage();
  await ledgerPage.goto(`/acme/admin/inventory-transaction?q=${sku}`);
  for (const watcher of [stockPage, ledgerPage]) await expect(watcher.getByRole('status').filter({ hasText: /^Live$/ })).toBeVisible({ timeout: 20_000 });
  const balance = stockPage.getByRole('row').filter({ hasText: BIN });
  const entries = ledgerPage.getByRole('row').filter({ hasText: sku });
  await expect(balance).toHaveCount(0);
  await expect(entries).toHaveCount(0);

  await signInTo(page, GRACE_EMAIL, '/acme/dispatcher/floor');
  await page.getByRole('region', { name: 'Goods to receive' }).getByRole('link', { name: order.receive_code }).click();
  await expect(page.getByRole('heading', { name: `Receive ${order.receive_code}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId('receive-progress')).toHaveText('0 of 5 units received');
  await expect(page.getByTestId('suggested-bin')).toHaveText(BIN);

  // A code of no bin and an item of no line are refused, saying why; then the right ones, typed.
  const scanner = (label: string) => page.getByLabel(label);
  await scanner('Scan the bin').fill('NO-SUCH-BIN');
  await scanner('Scan the bin').press('Enter');
  await expect(page.getByRole('alert')).toHaveText('No bin has the code NO-SUCH-BIN');
  await scanner('Scan the bin').fill(BIN.toLowerCase());
  await scanner('Scan the bin').press('Enter');
  await scanner('Scan the item').fill('NOT-AN-ITEM');
  await scanner('Scan the item').press('Enter');
  await expect(page.getByRole('alert')).toHaveText('No item has the code NOT-AN-ITEM');
  await scanner('Scan the item').fill(barcode);
  await scanner('Scan the item').press('Enter');
  await expect(page.getByLabel('Quantity received')).toHaveValue('5');
  await page.getByLabel('Quantity received').fill('3');
  await page.getByRole('button', { name: 'Confirm receipt' }).click();
  await expect(page.getByTestId('receive-progress')).toHaveText('3 of 5 units received');
  await expect(page.getByText('Partially received', { exact: true })).toBeVisible();
  // On the admin's desk, without a reload: 3 in the bin, one receive in the ledger.
  await expect(balance.getByRole('cell', { name: '3', exact: true })).toBeVisible();
  await expect(entries).toHaveCount(1);

  // The rest of the line, by its SKU this time: the order is received.
  await scanner('Scan the bin').fill(BIN);
  await scanner('Scan the bin').press('Enter');
  await scanner('Scan the item').fill(sku);
  await scanner('Scan the item').press('Enter');
  await expect(page.getByLabel('Quantity received')).toHaveValue('2');
  await page.getByRole('button', { name: 'Confirm receipt' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Receive order received.' })).toBeVisible();
  await expect(balance.getByRole('cell', { name: '5', exact: true })).toBeVisible();
  await expect(entries).toHaveCount(2);
  await desk.close();

  // The stock moved: 5 units in the bin, through two receive transactions referencing the order.
  const stock = (await asServiceRole(request, 'GET', `/rest/v1/inventory_stock?select=quantity,bin_id&item_id=eq.${item?.id}`)) as { quantity: number; bin_id: string }[];
  expect(stock).toEqual([{ quantity: 5, bin_id: bin?.id }]);
  const ledger = (await asServiceRole(request, 'GET', `/rest/v1/inventory_transactions?select=quantity,transaction_type,reference_id&item_id=eq.${item?.id}&order=quantity`)) as unknown[];
  expect(ledger).toEqual([
    { quantity: 2, transaction_type: 'receive', reference_id: order.id },
    { quantity: 3, transaction_type: 'receive', reference_id: order.id },
  ]);
  const [saved] = (await asServiceRole(request, 'GET', `/rest/v1/receive_orders?select=status&id=eq.${order.id}`)) as { status: string }[];
  expect(saved?.status).toBe('received');

  // In French: the receiver's screen from her profile's language, its count with French plurals.
  await setGraceLanguage(request, 'fr');
  await page.reload();
  await expect(page.getByRole('heading', { name: `Réceptionner ${order.receive_code}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId('receive-progress')).toHaveText('5 sur 5 unités reçues');
  await expect(page.getByRole('status').filter({ hasText: 'Ordre de réception reçu.' })).toBeVisible();
  await expect(page.getByText('Reçu', { exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});
