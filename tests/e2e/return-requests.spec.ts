import type { APIRequestContext, Page } from '@playwright/test';
import { ANON_KEY, asServiceRole, expect, test, workerSession } from './fixtures.ts';

const ACME_TENANT = 'a0000000-0000-4000-8000-000000000001';
const LIST = '/acme/admin/return-requests';
const admin = workerSession('admin@acme.test', '/acme/admin');
/** A 1x1 transparent PNG. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

test.describe.configure({ timeout: 90_000 });
test.beforeEach(({ page }) => admin.enter(page));

const table = (page: Page) => page.getByRole('table', { name: 'Return requests' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');
const form = (page: Page) => page.getByRole('form', { name: /return request/ });

function rest(request: APIRequestContext) {
  const headers = { apikey: ANON_KEY, authorization: `Bearer ${admin.accessToken()}`, 'content-type': 'application/json' };
  return {
    async get<T>(path: string): Promise<T> {
      const res = await request.get(`/rest/v1/${path}`, { headers });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()) as T;
    },
    async post<T>(path: string, data: unknown): Promise<T> {
      const res = await request.post(`/rest/v1/${path}`, { headers: { ...headers, prefer: 'return=representation' }, data });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()) as T;
    },
    /** Calls a database function; whether it answered is the caller's question, not an assertion. */
    rpc(name: string, args: Record<string, unknown>) {
      return request.post(`/rest/v1/rpc/${name}`, { headers, data: args });
    },
  };
}

interface Delivered {
  id: string;
  delivery_code: string;
  customer_name: string;
  dropoff_lat: number;
  dropoff_lng: number;
  service_id: string;
}

/**
 * A seeded delivered delivery of acme with no return yet, different for each test (random among the
 * oldest), whose return pickup the database can price: from its drop-off to the warehouse that
 * receives returns (the first open one, as `private.return_warehouse` chooses), on its service. A
 * handful of seeded routes are paused, and other specs pause and edit prices while this one runs.
 */
async function freeDeliveredDelivery(request: APIRequestContext): Promise<Delivered> {
  const api = rest(request);
  const filter = `tenant_id=eq.${ACME_TENANT}&status=eq.delivered&kind=neq.pickup&order=created_at.asc&limit=200`;
  const named = await api.get<Pick<Delivered, 'id' | 'delivery_code' | 'customer_name'>[]>(`delivery_rows?select=id,delivery_code,customer_name&${filter}`);
  const placed = new Map(
    (await api.get<Omit<Delivered, 'delivery_code' | 'customer_name'>[]>(`deliveries?select=id,dropoff_lat,dropoff_lng,service_id&${filter}`)).map((d) => [d.id, d]),
  );
  const returned = new Set((await api.get<{ delivery_id: string }[]>('return_requests?select=delivery_id')).map((r) => r.delivery_id));
  const free = named
    .filter((d) => !returned.has(d.id) && placed.get(d.id)?.dropoff_lat != null && placed.get(d.id)?.service_id != null)
    .map((d) => ({ ...d, ...placed.get(d.id)! }));
  expect(free.length, 'seeded delivered deliveries without a return').toBeGreaterThan(0);
  const [warehouse] = await api.get<{ status: string; address: { latitude: number; longitude: number } }[]>(
    `warehouses?select=status,address:addresses(latitude,longitude)&tenant_id=eq.${ACME_TENANT}&status=in.(active,full)&order=status.asc,created_at.asc,name.asc&limit=1`,
  );
  expect(warehouse, 'an open warehouse to receive returns').toBeTruthy();
  for (let left = free.length; left > 0; left -= 1) {
    const [candidate] = free.splice(Math.floor(Math.random() * free.length), 1);
    const quote = await api.rpc('quote', {
      pickup_lat: candidate!.dropoff_lat,
      pickup_lng: candidate!.dropoff_lng,
      dropoff_lat: warehouse!.address.latitude,
      dropoff_lng: warehouse!.address.longitude,
      service_id: candidate!.service_id,
      weight_kg: 1,
    });
    if (quote.ok()) return candidate!;
  }
  throw new Error('no seeded delivered delivery of acme whose return pickup has an active price');
}

test('the list: nav item, columns, seeded returns of acme in every status, filters in the URL', async ({ page }) => {
  await admin.home(page);
  await page.getByRole('link', { name: 'Return requests' }).first().click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  for (const header of ['Return', 'Delivery', 'Customer', 'Refund', 'Status']) {
    await expect(table(page).getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  await expect(bodyRows(page).first()).toContainText('ACME-R');
  await expect(table(page).getByText('GLOBEX-R')).toHaveCount(0);

  await page.goto(`${LIST}?status=rejected`);
  await expect(table(page)).not.toHaveAttribute('aria-busy', 'true');
  await expect(bodyRows(page).first()).toContainText('ACME-R');
  const rejected = await bodyRows(page).count();
  for (let i = 0; i < rejected; i += 1) await expect(bodyRows(page).nth(i)).toContainText('Rejected');

  await page.goto(`${LIST}?status=closed&reason=wrong_item`);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText('Wrong item');
  await expect(bodyRows(page).first()).toContainText(/refunded/);

  // A date range after everything: nothing, with a way back.
  await page.goto(`${LIST}?from=2099-01-01`);
  await expect(page.getByRole('button', { name: 'Clear filters' })).toBeVisible();
});

test('a return from request to received: the form rules, approval creates the pickup delivery, then picked up, received and the history', async ({ page, request }) => {
  const delivery = await freeDeliveredDelivery(request);
  await page.goto(LIST);
  await page.getByRole('button', { name: 'New return request' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}/create$`));

  await page.getByRole('button', { name: 'Create return request' }).click();
  await expect(form(page).getByText('Delivery is required', { exact: true })).toBeVisible();
  await expect(form(page).getByText('Reason is required', { exact: true })).toBeVisible();

  await page.getByRole('combobox', { name: 'Delivery' }).fill(delivery.delivery_code);
  await page.getByRole('option', { name: new RegExp(delivery.delivery_code) }).first().click();
  await expect(page.getByText(`${delivery.delivery_code} for ${delivery.customer_name}`)).toBeVisible();

  await page.getByLabel('Reason').selectOption('other');
  const refund = page.getByRole('spinbutton', { name: 'Refund amount' });
  await refund.fill('99999');
  await page.getByRole('button', { name: 'Create return request' }).click();
  await expect(form(page).getByText('Describe the reason for the return', { exact: true })).toBeVisible();
  await expect(form(page).getByText('Choose at least one item to return', { exact: true })).toBeVisible();
  await expect(form(page).getByText(/^Refund amount cannot be more than the delivery's price and cash on delivery/)).toBeVisible();

  await page.getByLabel('Describe the reason').fill('Customer ordered the wrong size');
  const firstPackage = page.getByRole('listitem', { name: 'Package 1' });
  await firstPackage.getByRole('checkbox').check();
  await firstPackage.getByRole('spinbutton', { name: 'Quantity' }).fill('1000');
  await page.getByRole('button', { name: 'Create return request' }).click();
  await expect(firstPackage.getByText(/^Quantity cannot be more than the \d+ delivered$/)).toBeVisible();
  await firstPackage.getByRole('spinbutton', { name: 'Quantity' }).fill('1');
  await refund.fill('0.5');
  await page.getByLabel('Notes').fill('Collect after 5 pm');
  await page.getByLabel('Photos').setInputFiles({ name: 'torn box.png', mimeType: 'image/png', buffer: TINY_PNG });
  await page.getByRole('button', { name: 'Create return request' }).click();
  await expect(page.getByText('File uploaded successfully')).toBeVisible();

  await expect(page.getByText('Return request created successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}/[0-9a-f-]{36}/edit$`));
  const id = /return-requests\/([0-9a-f-]{36})\/edit/.exec(page.url())![1]!;
  await expect(page.getByRole('heading', { name: /^Return request ACME-R\d+$/ })).toBeVisible();
  const actions = page.getByRole('region', { name: 'Actions' });
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history).toContainText('Requested by Ada Admin');

  // Approve and schedule the pickup in one step.
  await actions.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('checkbox', { name: 'Schedule the pickup now' })).toBeChecked();
  await dialog.getByLabel('Note').fill('Approved after a call with the customer');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Return request pickup scheduled')).toBeVisible();
  await expect(page.getByText('Pickup scheduled').first()).toBeVisible();
  await expect(history.getByRole('listitem')).toHaveCount(3);
  await expect(history).toContainText('Approved after a call with the customer');

  // The pickup delivery exists: kind pickup, from the customer's drop-off to the warehouse, priced by the database.
  const [row] = await rest(request).get<{ pickup_delivery_id: string; pickup_delivery_code: string; warehouse_name: string }[]>(
    `return_request_rows?select=pickup_delivery_id,pickup_delivery_code,warehouse_name&id=eq.${id}`,
  );
  expect(row!.pickup_delivery_code).toMatch(/^ACME-\d{6}$/);
  await expect(page.getByRole('link', { name: row!.pickup_delivery_code })).toHaveAttribute('href', `/acme/admin/deliveries/${row!.pickup_delivery_id}`);
  await expect(page.getByRole('link', { name: delivery.delivery_code })).toHaveAttribute('href', `/acme/admin/deliveries/${delivery.id}`);
  const [pickup] = await rest(request).get<{ kind: string; status: string; price: number; packages: { quantity: number }[] }[]>(
    `deliveries?select=kind,status,price,packages&id=eq.${row!.pickup_delivery_id}`,
  );
  expect(pickup).toMatchObject({ kind: 'pickup', status: 'pending' });
  expect(pickup!.packages).toEqual([expect.objectContaining({ quantity: 1 })]);

  // The form is gone once approved: the request reads as it was asked.
  await expect(form(page)).toHaveCount(0);
  await expect(page.getByText('Customer ordered the wrong size')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', new RegExp(`/storage/v1/object/public/tenants/${ACME_TENANT}/`));

  await actions.getByRole('button', { name: 'Mark picked up' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Mark picked up' }).click();
  await expect(page.getByText('Return request picked up')).toBeVisible();

  await actions.getByRole('button', { name: 'Mark received' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Mark received' }).click();
  await expect(page.getByText('Return request received')).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: 'Received' })).toBeVisible();
  await expect(history.getByRole('listitem')).toHaveCount(5);
  await expect(actions.getByRole('button', { name: 'Close' })).toBeVisible();

  // What came back goes back into stock: an item into a bin of the return's warehouse, damaged.
  await actions.getByRole('button', { name: 'Put back into stock' }).click();
  const putBack = page.getByRole('dialog', { name: /back into stock$/ });
  await putBack.getByRole('button', { name: 'Put back into stock' }).click();
  await expect(putBack.getByText('Item is required', { exact: true })).toBeVisible();
  await putBack.getByRole('combobox', { name: 'Item' }).fill('Portable SSD');
  await page.getByRole('listbox', { name: 'Show Item options' }).getByRole('option').first().click();
  await putBack.getByRole('combobox', { name: 'Bin' }).fill('Z1');
  await page.getByRole('listbox', { name: 'Show Bin options' }).getByRole('option').first().click();
  await putBack.getByLabel('Condition').selectOption('damaged');
  await putBack.getByRole('button', { name: 'Put back into stock' }).click();
  await expect(page.getByText(/^1 put back into stock from /)).toBeVisible();
  const returnId = /return-requests\/([^/]+)\/edit/.exec(page.url())?.[1];
  const ledger = (await asServiceRole(request, 'GET', `/rest/v1/inventory_transactions?select=transaction_type,stock_status,quantity&reference_id=eq.${returnId}`)) as unknown[];
  expect(ledger).toEqual([{ transaction_type: 'return', stock_status: 'damaged', quantity: 1 }]);

  // Closing needs the refund answer.
  await actions.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('alertdialog').getByRole('alert')).toHaveText('Say whether the refund was paid');
  await page.getByRole('alertdialog').getByRole('radio', { name: /^Yes/ }).check();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Return request closed')).toBeVisible();
  await expect(page.getByText('This return is finished.')).toBeVisible();
  await expect(page.getByText('Refunded', { exact: true })).toBeVisible();
});

test('rejecting needs a reason, and a rejected request offers nothing more', async ({ page, request }) => {
  const delivery = await freeDeliveredDelivery(request);
  const [created] = await rest(request).post<{ id: string }[]>('return_requests', {
    tenant_id: ACME_TENANT,
    delivery_id: delivery.id,
    reason: 'no_longer_needed',
    items: [{ package_index: 0, quantity: 1 }],
    refund_amount: 0,
  });
  await page.goto(`${LIST}/${created!.id}/edit`);
  await expect(form(page)).toBeVisible();
  await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Give the reason for rejecting the return');
  await dialog.getByLabel('Reason for rejecting').fill('Outside the return window');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Return request rejected')).toBeVisible();
  await expect(page.getByText('This return is finished.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Outside the return window');
});

test('an unknown return request shows not found', async ({ page }) => {
  await page.goto(`${LIST}/00000000-0000-4000-8000-000000000000/edit`);
  await expect(page.getByRole('status').getByText('Return request not found')).toBeVisible();
  await page.goto(`${LIST}/not-a-uuid/edit`);
  await expect(page.getByRole('status').getByText('Return request not found')).toBeVisible();
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
});
