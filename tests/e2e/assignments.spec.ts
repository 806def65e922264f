import type { APIRequestContext, Page } from '@playwright/test';
import { ANON_KEY, expect, PASSWORD, test, unique, workerSession } from './fixtures.ts';

/**
 * The assignments screens: the list's columns, filters in the URL, chips,
 * Edit only while pending; create with a refusal shown on its field, then success; edit; a
 * non-pending assignment read-only. The seed's assignments (supabase/seeds/70_deliveries.sql) are
 * only read; every assignment the tests change is on a delivery they create.
 */

const LIST = '/acme/admin/assignments';
const TENANT = 'a0000000-0000-4000-8000-000000000001';
const CUSTOMER = 'a1000000-0000-4000-8000-000000000004';
const SAME_DAY = 'a6100000-0000-4000-8000-000000000002';
const DEREK = 'a1000000-0000-4000-8000-000000000003';

const admin = workerSession('admin@acme.test', '/acme/admin');
test.beforeEach(({ page }) => admin.enter(page));
// Each test walks several screens of a list of hundreds of seeded assignments on a shared machine.
test.describe.configure({ timeout: 90_000 });

const table = (page: Page) => page.getByRole('table', { name: 'Assignments' });
const bodyRows = (page: Page) => table(page).locator('tbody tr:not([data-skeleton])');
const column = (page: Page, index: number) => table(page).locator(`tbody tr:not([data-skeleton]) > td:nth-child(${index})`);
const DRIVER = 2;
const STATUS = 6;
const filtersButton = (page: Page) => page.getByRole('button', { name: /^Filters( \(\d+ active\))?$/ });
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Filters' });

async function settled(page: Page): Promise<void> {
  await expect(table(page)).not.toHaveAttribute('aria-busy', 'true', { timeout: 20_000 });
  await expect(table(page).locator('tbody tr[data-skeleton]')).toHaveCount(0, { timeout: 20_000 });
}

async function expectParam(page: Page, name: string, value: string | null): Promise<void> {
  await expect.poll(() => new URL(page.url()).searchParams.get(name), { message: `?${name} in ${page.url()}` }).toBe(value);
}

function api(request: APIRequestContext, token: string) {
  const headers = { apikey: ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json', prefer: 'return=representation' };
  return {
    async get<T>(path: string): Promise<T> {
      const res = await request.get(`/rest/v1/${path}`, { headers });
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()) as T;
    },
    async post<T>(path: string, data: unknown): Promise<T> {
      const res = await request.post(`/rest/v1/${path}`, { headers, data });
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()) as T;
    },
  };
}

/** A pending acme delivery of a few kilos, made through the API as the signed-in admin. */
async function pendingDelivery(request: APIRequestContext): Promise<{ id: string; delivery_code: string; external_reference_id: string }> {
  const [delivery] = await api(request, admin.accessToken()).post<{ id: string; delivery_code: string; external_reference_id: string }[]>(
    'deliveries?select=id,delivery_code,external_reference_id',
    {
      tenant_id: TENANT,
      kind: 'delivery',
      customer_id: CUSTOMER,
      pickup_address: { full_address: '1 Market St, San Francisco, CA' },
      pickup_lat: 37.7936,
      pickup_lng: -122.3958,
      dropoff_address: { full_address: '600 Guerrero St, San Francisco, CA' },
      dropoff_lat: 37.7614,
      dropoff_lng: -122.4241,
      service_id: SAME_DAY,
      packages: [{ description: 'Books', quantity: 3, weight_kg: 4 }],
      price: 18,
      price_override_reason: 'Contract rate',
      external_reference_id: unique('E2E'),
    },
  );
  return delivery!;
}

/** Types into a lookup and picks the option with this label. */
async function choose(page: Page, label: string, typed: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

test('the list shows the spec\'s columns, 25 rows a page and the status chips in their colours', async ({ page }) => {
  await page.goto(LIST);
  await settled(page);
  await expect(table(page).getByRole('columnheader')).toHaveText(['Assigned by', 'Driver', 'Vehicle', 'Assignment time', 'Delivery', 'Status', /actions/i]);
  await expect(bodyRows(page)).toHaveCount(25);
  await expect(page.getByText(/^1–25 of \d+$/)).toBeVisible();
  const first = bodyRows(page).first();
  await expect(first.locator('td').nth(4)).toContainText(/ACME-\d{6}/);

  for (const [status, label, tone] of [
    ['completed', 'Completed', 'success'],
    ['rejected', 'Rejected', 'error'],
    ['pending', 'Pending', 'warning'],
    ['accepted', 'Accepted', 'warning'],
    ['cancelled', 'Cancelled', 'warning'],
  ] as const) {
    await page.goto(`${LIST}?status=${status}`);
    await settled(page);
    const chips = column(page, STATUS).locator('[data-tone]');
    await expect(chips.first()).toHaveText(label);
    await expect.poll(async () => [...new Set(await chips.evaluateAll((nodes) => nodes.map((n) => `${n.textContent}:${n.getAttribute('data-tone')}`)))]).toEqual([
      `${label}:${tone}`,
    ]);
  }
});

test('filters live in the URL: status and a driver chosen from the server lookup, across a reload, and Reset', async ({ page }) => {
  await page.goto(LIST);
  await settled(page);
  await filtersButton(page).click();
  await drawer(page).getByLabel('Status').selectOption({ label: 'Completed' });
  await choose(page, 'Driver', 'Derek', /^Derek Driver/);
  await drawer(page).getByRole('button', { name: 'Apply' }).click();
  await expectParam(page, 'status', 'completed');
  await expectParam(page, 'driver_id', DEREK);
  await settled(page);
  await expect(filtersButton(page)).toHaveAccessibleName('Filters (2 active)');
  await expect.poll(async () => [...new Set(await column(page, DRIVER).allTextContents())]).toEqual(['Derek Driver']);
  await expect.poll(async () => [...new Set(await column(page, STATUS).allTextContents())]).toEqual(['Completed']);

  await page.reload();
  await settled(page);
  await expect.poll(async () => [...new Set(await column(page, DRIVER).allTextContents())]).toEqual(['Derek Driver']);
  await filtersButton(page).click();
  await expect(drawer(page).getByRole('combobox', { name: 'Driver' })).toHaveValue('Derek Driver');
  await drawer(page).getByRole('button', { name: 'Reset' }).click();
  await expectParam(page, 'driver_id', null);
  await expectParam(page, 'status', null);
});

test('the search finds an assignment by its delivery\'s external reference', async ({ page, request }) => {
  const delivery = await pendingDelivery(request);
  await api(request, admin.accessToken()).post('assignments', { tenant_id: TENANT, delivery_id: delivery.id, driver_id: DEREK, vehicle_id: 'a3000000-0000-4000-8000-000000000001', notes: '' });
  await page.goto(LIST);
  await page.getByRole('searchbox').fill(delivery.external_reference_id);
  await expectParam(page, 'q', delivery.external_reference_id);
  await settled(page);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText(delivery.delivery_code);
  await expect(bodyRows(page).first()).toContainText('Pending');
});

test('Edit is offered only for pending assignments; a completed one says why and opens read-only', async ({ page, request }) => {
  await page.goto(`${LIST}?status=completed`);
  await settled(page);
  await bodyRows(page).first().getByRole('button', { name: /actions/i }).click();
  const edit = page.getByRole('menuitem', { name: 'Edit' });
  await expect(edit).toBeDisabled();
  await expect(edit).toHaveAccessibleDescription('Only pending assignments can be edited; this one is completed');
  await page.keyboard.press('Escape');

  const [completed] = await api(request, admin.accessToken()).get<{ id: string }[]>(`assignments?select=id&status=eq.completed&tenant_id=eq.${TENANT}&limit=1`);
  await page.goto(`${LIST}/${completed!.id}/edit`);
  await expect(page.getByRole('note')).toHaveText('Only pending assignments can be edited; this one is completed. It is shown read-only.');
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to assignments' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));

  await page.goto(`${LIST}?status=pending`);
  await settled(page);
  await bodyRows(page).first().getByRole('button', { name: /actions/i }).click();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeEnabled();
});

test('create: the driver\'s usual vehicle is filled in, a refusal lands on its field, then the assignment is made and edited', async ({ page, request }) => {
  const delivery = await pendingDelivery(request);
  await page.goto(`${LIST}/create?delivery_id=${delivery.id}`);
  await expect(page.getByRole('combobox', { name: 'Delivery' })).toHaveValue(delivery.delivery_code);

  // Derek may be busy with another test's delivery: list every driver.
  await page.getByLabel('Include drivers who are not available').check();
  await choose(page, 'Driver', 'Derek', /^Derek Driver/);
  await expect(page.getByRole('combobox', { name: 'Vehicle' })).toHaveValue('City Van 1');
  const fit = page.getByRole('region', { name: 'Fit' });
  await expect(fit).toContainText('Load 12 kg of 40 kg capacity (30%)');
  await expect(fit).toContainText('Driver, vehicle and delivery fit together');

  await choose(page, 'Vehicle', 'Box', /^Box Truck 7t/);
  await expect(fit).toContainText('Box Truck 7t needs a commercial licence; Derek Driver holds a standard licence');
  await page.getByLabel('Notes').fill('Ring twice');
  await page.getByRole('button', { name: 'Create assignment' }).click();
  await expect(page.getByText('Validation failed')).toBeVisible();
  const vehicle = page.getByRole('combobox', { name: 'Vehicle' });
  await expect(vehicle).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator(`[id="${await vehicle.getAttribute('id')}-error"]`)).toHaveText(
    'Box Truck 7t needs a commercial licence; Derek Driver holds a standard licence',
  );
  await expect(page).toHaveURL(/\/assignments\/create/);

  await choose(page, 'Vehicle', 'City', /^City Van 1/);
  await page.getByRole('button', { name: 'Create assignment' }).click();
  await expect(page.getByText('Assignment created successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));

  await page.getByRole('searchbox').fill(delivery.delivery_code);
  await settled(page);
  await expect(bodyRows(page)).toHaveCount(1);
  const row = bodyRows(page).first();
  await expect(row).toContainText('Derek Driver');
  await expect(row).toContainText('City Van 1');
  await expect(row).toContainText('Pending');

  await row.getByRole('button', { name: /actions/i }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/assignments\/[0-9a-f-]+\/edit$/);
  await expect(page.getByText(delivery.delivery_code)).toBeVisible();
  await expect(page.getByLabel('Notes')).toHaveValue('Ring twice');
  await expect(page.getByRole('combobox', { name: 'Vehicle' })).toHaveValue('City Van 1');
  await page.getByLabel('Notes').fill('Ring twice, then call');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Assignment updated successfully')).toBeVisible();
  const [saved] = await api(request, admin.accessToken()).get<{ notes: string; status: string }[]>(`assignments?select=notes,status&delivery_id=eq.${delivery.id}`);
  expect(saved).toEqual({ notes: 'Ring twice, then call', status: 'pending' });
});

test('a missing assignment says so', async ({ page }) => {
  await page.goto(`${LIST}/00000000-0000-4000-8000-000000000000/edit`);
  await expect(page.getByText('Assignment not found')).toBeVisible();
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
});

test('live: the driver accepting elsewhere turns the row Accepted in place; a new assignment offers a refresh', async ({ page, request }) => {
  const delivery = await pendingDelivery(request);
  const staff = api(request, admin.accessToken());
  const [assignment] = await staff.post<{ id: string }[]>('assignments?select=id', {
    tenant_id: TENANT,
    delivery_id: delivery.id,
    driver_id: DEREK,
    vehicle_id: 'a3000000-0000-4000-8000-000000000001',
    notes: '',
  });
  await page.goto(`${LIST}?q=${delivery.delivery_code}`);
  await settled(page);
  const row = bodyRows(page).first();
  await expect(row).toContainText('Pending');
  await expect(page.getByRole('status').filter({ hasText: /^Live$/ })).toBeVisible({ timeout: 20_000 });

  const signIn = await request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    data: { email: 'driver@acme.test', password: PASSWORD },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const driver = ((await signIn.json()) as { access_token: string }).access_token;
  const accepted = await request.post('/rest/v1/rpc/respond_to_assignment', {
    headers: { apikey: ANON_KEY, authorization: `Bearer ${driver}`, 'content-type': 'application/json' },
    data: { assignment_id: assignment!.id, accept: true },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  await expect(row).toContainText('Accepted');
  await expect(row.locator('[data-tone]')).toHaveAttribute('data-tone', 'warning');

  const other = await pendingDelivery(request);
  await staff.post('assignments', { tenant_id: TENANT, delivery_id: other.id, driver_id: DEREK, vehicle_id: 'a3000000-0000-4000-8000-000000000001', notes: '' });
  await expect(page.getByRole('status').filter({ hasText: 'New changes' })).toBeVisible();

  // Derek is free again for the other tests.
  await staff.post('rpc/unassign_delivery', { delivery_id: delivery.id, reason: 'Test over' });
});
