import type { APIRequestContext } from '@playwright/test';
import { ANON_KEY, expect, PASSWORD, test, unique, workerSession } from './fixtures.ts';

const ACME_TENANT = 'a0000000-0000-4000-8000-000000000001';
const DEREK = 'a1000000-0000-4000-8000-000000000003';
const CITY_VAN = 'a3000000-0000-4000-8000-000000000001';
const LIST = '/acme/admin/deliveries';
const admin = workerSession('admin@acme.test', '/acme/admin');

test.describe.configure({ timeout: 120_000 });
test.beforeEach(({ page }) => admin.enter(page));

/** Signs in through Auth as the driver app would, and answers the access token. */
async function driverToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    data: { email: 'driver@acme.test', password: PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function call(request: APIRequestContext, token: string, path: string, data: unknown) {
  const res = await request.post(path, {
    headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, prefer: 'return=representation', 'content-type': 'application/json' },
    data,
  });
  expect(res.ok(), await res.text()).toBe(true);
  const text = await res.text();
  return text ? (JSON.parse(text) as unknown) : null;
}

test('a delivery from creation to delivered: each step shows on the open detail without a reload', async ({ page, request }) => {
  // Created through the form, as a dispatcher would.
  await page.goto(`${LIST}/create`);
  await page.getByRole('combobox', { name: 'Customer' }).fill('Carla');
  await page.getByRole('option', { name: /Carla Customer/ }).first().click();
  await page.getByRole('combobox', { name: 'Pickup address' }).fill('Mission Bay');
  await page.getByRole('option', { name: /Mission Bay Depot/ }).first().click();
  await page.getByRole('combobox', { name: 'Drop-off address' }).fill('Bayview');
  await page.getByRole('option', { name: /Bayview Warehouse/ }).first().click();
  await page.getByLabel('Description').fill('Server rack rails');
  await page.getByLabel('Weight').fill('12');
  await page.getByRole('combobox', { name: 'Service' }).fill('Same');
  await page.getByRole('option', { name: 'Same Day' }).click();
  const reference = unique('FLOW');
  await page.getByLabel('External reference').fill(reference);
  await expect(page.getByTestId('quote')).toContainText(/\$\d+\.\d{2}/);
  await page.getByRole('button', { name: 'Create delivery' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}/[0-9a-f-]{36}$`));
  const deliveryId = new URL(page.url()).pathname.split('/').pop()!;

  const status = page.getByTestId('delivery-status');
  const timeline = page.getByRole('list', { name: 'Status timeline' });
  await expect(status).toHaveText('Pending');
  await expect(timeline.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();

  // Assigned through the API as the admin (the assignments screen is another's).
  const [assignment] = (await call(request, admin.accessToken(), '/rest/v1/assignments', {
    tenant_id: ACME_TENANT,
    delivery_id: deliveryId,
    driver_id: DEREK,
    vehicle_id: CITY_VAN,
    notes: 'Rails are long: use the van',
  })) as { id: string }[];
  await expect(status).toHaveText('Assigned');
  await expect(timeline.getByRole('listitem')).toHaveCount(2);
  await expect(timeline.getByRole('listitem').nth(1)).toContainText('Assigned');
  const history = page.getByRole('list', { name: 'Assignment history' });
  await expect(history).toContainText('Derek Driver');
  await expect(history).toContainText('City Van 1');
  await expect(history).toContainText('Pending');

  // The driver accepts and moves it on, from the driver's own session.
  const token = await driverToken(request);
  await call(request, token, '/rest/v1/rpc/respond_to_assignment', { assignment_id: assignment!.id, accept: true });
  await expect(status).toHaveText('Accepted');
  await expect(timeline.getByRole('listitem')).toHaveCount(3);
  await expect(timeline.getByRole('listitem').nth(2)).toContainText('Derek Driver');
  await expect(history).toContainText('Accepted');

  await call(request, token, '/rest/v1/rpc/transition_delivery', { delivery_id: deliveryId, status: 'picked_up', lat: 37.7706, lng: -122.387 });
  await expect(status).toHaveText('Picked up');
  await expect(timeline.getByRole('listitem')).toHaveCount(4);

  await call(request, token, '/rest/v1/rpc/transition_delivery', { delivery_id: deliveryId, status: 'in_transit', note: 'On the 101' });
  await expect(status).toHaveText('In transit');
  await expect(timeline.getByRole('listitem')).toHaveCount(5);
  await expect(timeline).toContainText('On the 101');

  await call(request, token, '/rest/v1/rpc/transition_delivery', {
    delivery_id: deliveryId,
    status: 'delivered',
    proof: { recipient_name: 'Marco Ruiz', notes: 'Left with the warehouse lead' },
  });
  await expect(status).toHaveText('Delivered');
  await expect(timeline.getByRole('listitem')).toHaveCount(6);
  await expect(timeline.getByRole('listitem').nth(5)).toContainText('Delivered');
  const proof = page.getByRole('region', { name: 'Proof of delivery' });
  await expect(proof).toContainText('Marco Ruiz');
  await expect(proof).toContainText('Left with the warehouse lead');
  await expect(history).toContainText('Completed');
  // No move is left for a delivered delivery: only the chat with its driver stays.
  await expect(page.getByRole('group', { name: 'Actions' }).locator('a, button').filter({ hasNotText: /^Chat/ })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: /^Chat about / })).toBeVisible();

  // The list shows it delivered, with its driver.
  await page.goto(`${LIST}?q=${reference}`);
  const row = page.getByRole('table', { name: 'Deliveries' }).locator('tbody tr').first();
  await expect(row).toContainText('Delivered');
  await expect(row).toContainText('Derek Driver');
});
