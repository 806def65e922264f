import type { APIRequestContext, Page } from '@playwright/test';
import { ANON_KEY, expect, PASSWORD, test, unique, workerSession } from './fixtures.ts';

/**
 * Driver performance: the last 30 days by default, the range and the sort in the URL, the totals and
 * the per-day chart, and the numbers following the work: a delivery the demo driver carries from
 * assignment to delivered (through the API, as the driver app would) counts once more for him.
 */

const PAGE = '/acme/admin/driver-performance';
const TENANT = 'a0000000-0000-4000-8000-000000000001';
const CUSTOMER = 'a1000000-0000-4000-8000-000000000004';
const SAME_DAY = 'a6100000-0000-4000-8000-000000000002';
const DEREK = 'a1000000-0000-4000-8000-000000000003';
const CITY_VAN = 'a3000000-0000-4000-8000-000000000001';

const admin = workerSession('admin@acme.test', '/acme/admin');
test.beforeEach(({ page }) => admin.enter(page));
test.describe.configure({ timeout: 90_000 });

const table = (page: Page) => page.getByRole('table', { name: 'Driver performance' });
const bodyRows = (page: Page) => table(page).locator('tbody tr:not([data-skeleton])');
const header = (page: Page, name: string) => table(page).getByRole('columnheader', { name, exact: true });
const COMPLETED = 6;

async function settled(page: Page): Promise<void> {
  await expect(table(page)).not.toHaveAttribute('aria-busy', 'true', { timeout: 20_000 });
  await expect(table(page).locator('tbody tr[data-skeleton]')).toHaveCount(0, { timeout: 20_000 });
}

async function expectParam(page: Page, name: string, value: string | null): Promise<void> {
  await expect.poll(() => new URL(page.url()).searchParams.get(name), { message: `?${name} in ${page.url()}` }).toBe(value);
}

function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function daysAgo(days: number): string {
  const now = new Date();
  return isoDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - days));
}

const completedOf = async (page: Page, name: string) =>
  Number(await bodyRows(page).filter({ hasText: name }).locator(`td:nth-child(${COMPLETED})`).textContent());

async function rpc(request: APIRequestContext, token: string, fn: string, data: unknown) {
  const res = await request.post(`/rest/v1/rpc/${fn}`, { headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' }, data });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json() as Promise<unknown>;
}

test('the last 30 days by default: totals, one bar a day and a row per driver; the sort and the range live in the URL', async ({ page }) => {
  await page.goto(PAGE);
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(daysAgo(29));
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(daysAgo(0));
  await settled(page);
  const chart = page.getByRole('img', { name: /Completed deliveries per day/ });
  await expect(chart).toBeVisible({ timeout: 20_000 });
  await expect(chart.getByTestId('bar')).toHaveCount(30);
  await expect(bodyRows(page).filter({ hasText: 'Derek Driver' })).toHaveCount(1);
  const overview = page.getByRole('region', { name: 'Overview' });
  await expect(overview.getByText('Completed', { exact: true })).toBeVisible();
  // Completed, most first (the default); a click sorts the other way, in the URL.
  const values = async () => (await bodyRows(page).locator(`td:nth-child(${COMPLETED})`).allTextContents()).map(Number);
  expect(await values()).toEqual([...(await values())].sort((a, b) => b - a));
  await header(page, 'Completed').getByRole('button').click();
  await expectParam(page, 'sort', 'completed:asc');
  await settled(page);
  await expect.poll(async () => { const v = await values(); return v.join() === [...v].sort((a, b) => a - b).join(); }).toBe(true);
  await page.reload();
  await expect(header(page, 'Completed')).toHaveAttribute('aria-sort', 'ascending');

  // The chart for one driver: chosen above it, in the URL.
  await page.getByLabel('Chart').selectOption({ label: 'Derek Driver' });
  await expectParam(page, 'driver', DEREK);
  await expect(page.getByRole('img', { name: /Completed deliveries per day: Derek Driver/ })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Chart').selectOption({ label: 'All drivers' });
  await expectParam(page, 'driver', null);

  // Last 7 days: the range in the URL, seven bars.
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expectParam(page, 'from', daysAgo(6));
  await expectParam(page, 'to', daysAgo(0));
  await expect(page.getByRole('img', { name: /Completed deliveries per day/ }).getByTestId('bar')).toHaveCount(7, { timeout: 20_000 });
  await page.goBack();
  await expectParam(page, 'from', null);
  await expect(page.getByRole('img', { name: /Completed deliveries per day/ }).getByTestId('bar')).toHaveCount(30, { timeout: 20_000 });
});

test('a range that ends before it starts is refused in words, with a way back', async ({ page }) => {
  await page.goto(`${PAGE}?from=2026-03-10&to=2026-03-01`);
  await expect(page.getByText('The end date must not be before the start date')).toBeVisible();
  await page.getByRole('button', { name: 'Show the last 30 days' }).click();
  await expectParam(page, 'from', null);
  await settled(page);
  await expect(bodyRows(page).filter({ hasText: 'Derek Driver' })).toHaveCount(1);
});

test('a delivery the driver carries to the door counts for him', async ({ page, request }) => {
  const staff = admin.accessToken();
  await page.goto(`${PAGE}?q=Derek`);
  await settled(page);
  const before = await completedOf(page, 'Derek Driver');

  const headers = { apikey: ANON_KEY, authorization: `Bearer ${staff}`, 'content-type': 'application/json', prefer: 'return=representation' };
  const made = await request.post('/rest/v1/deliveries?select=id', {
    headers,
    data: {
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
      packages: [{ description: 'Flowers', quantity: 1, weight_kg: 2 }],
      price: 12,
      price_override_reason: 'Contract rate',
      cod_amount: 15,
      external_reference_id: unique('PERF'),
    },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const [delivery] = (await made.json()) as { id: string }[];
  const assigned = await request.post('/rest/v1/assignments?select=id', {
    headers,
    data: { tenant_id: TENANT, delivery_id: delivery!.id, driver_id: DEREK, vehicle_id: CITY_VAN, notes: '' },
  });
  expect(assigned.ok(), await assigned.text()).toBe(true);
  const [assignment] = (await assigned.json()) as { id: string }[];

  const signIn = await request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    data: { email: 'driver@acme.test', password: PASSWORD },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const driver = ((await signIn.json()) as { access_token: string }).access_token;
  await rpc(request, driver, 'respond_to_assignment', { assignment_id: assignment!.id, accept: true });
  for (const status of ['picked_up', 'in_transit', 'delivered']) await rpc(request, driver, 'transition_delivery', { delivery_id: delivery!.id, status });

  await page.reload();
  await settled(page);
  // Other tests may deliver for him at the same time: at least this one more.
  await expect.poll(() => completedOf(page, 'Derek Driver')).toBeGreaterThanOrEqual(before + 1);
});
