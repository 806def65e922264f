import type { APIRequestContext, Page } from '@playwright/test';
import { ANON_KEY, expect, test, unique, workerSession } from './fixtures.ts';

const ACME_TENANT = 'a0000000-0000-4000-8000-000000000001';
const LIST = '/acme/admin/zone-pricing';
const admin = workerSession('admin@acme.test', '/acme/admin');

test.describe.configure({ timeout: 90_000 });
test.beforeEach(({ page }) => admin.enter(page));

/** A delivery service made through the REST API as the acme admin: it has no prices yet. */
async function createServiceViaApi(request: APIRequestContext): Promise<{ id: string; name: string; code: string }> {
  const name = unique('Bike Rush');
  const res = await request.post('/rest/v1/delivery_services', {
    headers: { apikey: ANON_KEY, authorization: `Bearer ${admin.accessToken()}`, prefer: 'return=representation', 'content-type': 'application/json' },
    data: { tenant_id: ACME_TENANT, name, code: unique('BIKE'), kind: 'on_demand', min_transit_hours: 0.5, max_transit_hours: 1 },
  });
  expect(res.status(), await res.text()).toBe(201);
  const [row] = (await res.json()) as { id: string; name: string; code: string }[];
  return row!;
}

/** Types into a lookup and picks the option with this label. */
async function choose(page: Page, label: string, typed: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

const table = (page: Page) => page.getByRole('table', { name: 'Zone pricing' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');

test('the list: the spec columns, 25 rows a page, acme prices in dollars only', async ({ page }) => {
  await admin.home(page);
  await page.getByRole('link', { name: 'Zone pricing' }).first().click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  for (const header of ['Origin zone', 'Destination zone', 'Service', 'Service code', 'Status', 'Base price', 'Per unit price', 'Min transit time', 'Max transit time']) {
    await expect(table(page).getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  await expect(bodyRows(page)).toHaveCount(25);
  await expect(table(page).getByText(/^\$\d+\.\d{2}$/).first()).toBeVisible();
  await expect(page.getByText('£')).toHaveCount(0);
  await expect(page.getByText(/of 256/)).toBeVisible();
});

test('filters: status, and origin zone, destination zone and service from server autocompletes', async ({ page }) => {
  await page.goto(LIST);
  await page.getByRole('button', { name: /filters/i }).click();
  await page.getByLabel('Status').selectOption('active');
  await choose(page, 'Origin zone', 'Miss', 'Mission & Castro');
  await choose(page, 'Destination zone', 'SF-FIDI', 'Financial District & North Beach');
  await choose(page, 'Service', 'Same', 'Same Day');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/status=active/);
  await expect(page).toHaveURL(/origin_zone_id=a6000000-0000-4000-8000-000000000003/);
  await expect(page).toHaveURL(/destination_zone_id=a6000000-0000-4000-8000-000000000001/);
  await expect(page).toHaveURL(/service_id=a6100000-0000-4000-8000-000000000002/);
  await expect(bodyRows(page)).toHaveCount(1);
  const row = bodyRows(page).first();
  await expect(row).toContainText('Mission & Castro');
  await expect(row).toContainText('Financial District & North Beach');
  await expect(row).toContainText('SAMEDAY');

  // The filters come back from the URL with their labels; Reset clears them.
  await page.reload();
  await page.getByRole('button', { name: /filters/i }).click();
  await expect(page.getByRole('combobox', { name: 'Origin zone' })).toHaveValue('Mission & Castro');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page).not.toHaveURL(/origin_zone_id/);
  await expect(bodyRows(page)).toHaveCount(25);

  // Inactive prices only.
  await page.getByRole('button', { name: /filters/i }).click();
  await page.getByLabel('Status').selectOption('inactive');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(table(page).getByText('Active', { exact: true })).toHaveCount(0);
  await expect(table(page).getByText('Inactive', { exact: true }).first()).toBeVisible();
});

test('search narrows by zone or service name', async ({ page }) => {
  await page.goto(LIST);
  await page.getByRole('searchbox').fill('Cold Chain');
  await expect(page).toHaveURL(/q=Cold/);
  await expect(bodyRows(page).first()).toContainText('COLD');
  await expect(table(page).getByText('EXPRESS')).toHaveCount(0);
});

test('Add goes to /create: every message, min above max, a duplicate route, then a new price', async ({ page, request }) => {
  const service = await createServiceViaApi(request);
  await page.goto(LIST);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}/create$`));
  await page.getByRole('button', { name: 'Create price' }).click();
  for (const message of [
    'Origin zone is required',
    'Destination zone is required',
    'Service is required',
    'Base price is required',
    'Per unit price is required',
    'Min transit time is required',
    'Max transit time is required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  // The first invalid field, the origin zone lookup, has focus and its list is open.
  await expect(page.getByRole('combobox', { name: 'Origin zone' })).toBeFocused();
  await page.keyboard.press('Escape');
  await page.getByLabel('Min transit time').fill('5');
  await page.getByLabel('Max transit time').fill('2');
  await expect(page.getByText('Max transit time must not be less than min transit time')).toBeVisible();
  await page.getByLabel('Max transit time').fill('6');
  await page.getByLabel('Base price').fill('-1');
  await expect(page.getByText('Base price must be 0 or more')).toBeVisible();
  await page.getByLabel('Base price').fill('9.75');
  await page.getByLabel('Per unit price').fill('0.35');

  // An existing route and service: the database refuses it, on the service field.
  await choose(page, 'Origin zone', 'SoMa', 'SoMa & Mission Bay');
  await choose(page, 'Destination zone', 'Sunset', 'Sunset & Twin Peaks');
  await choose(page, 'Service', 'Express', 'Express 90');
  await page.getByRole('button', { name: 'Create price' }).click();
  await expect(page.getByText('A price for this route and service already exists')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}/create$`));

  await choose(page, 'Service', service.code, service.name);
  await page.getByRole('button', { name: 'Create price' }).click();
  await expect(page.getByText('Zone price created successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await page.getByRole('searchbox').fill(service.code);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(service.code)}`));
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText('$9.75');
  await expect(bodyRows(page).first()).toContainText('$0.35/kg');
});

test('a row Edit goes to ./edit/{id}, keeps its choices, saves, and Delete asks first', async ({ page, request }) => {
  const service = await createServiceViaApi(request);
  const res = await request.post('/rest/v1/zone_pricing', {
    headers: { apikey: ANON_KEY, authorization: `Bearer ${admin.accessToken()}`, prefer: 'return=representation', 'content-type': 'application/json' },
    data: {
      tenant_id: ACME_TENANT,
      origin_zone_id: 'a6000000-0000-4000-8000-000000000001',
      destination_zone_id: 'a6000000-0000-4000-8000-000000000002',
      service_id: service.id,
      base_price: 4,
      per_unit_price: 0.2,
      min_transit_time: 0.5,
      max_transit_time: 1,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const [price] = (await res.json()) as { id: string }[];

  await page.goto(`${LIST}?q=${service.code}`);
  await bodyRows(page).first().getByRole('button', { name: /actions/i }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}/edit/${price!.id}$`));
  await expect(page.getByRole('combobox', { name: 'Origin zone' })).toHaveValue('Financial District & North Beach');
  await expect(page.getByRole('combobox', { name: 'Service' })).toHaveValue(service.name);
  await page.getByLabel('Base price').fill('4.5');
  await page.getByRole('switch', { name: 'Active' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Zone price updated successfully')).toBeVisible();
  await page.getByRole('searchbox').fill(service.code);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(service.code)}`));
  await expect(bodyRows(page).first()).toContainText('$4.50');
  await expect(bodyRows(page).first()).toContainText('Inactive');

  await bodyRows(page).first().getByRole('button', { name: /actions/i }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this price?' });
  await expect(dialog).toContainText(`${service.name} from Financial District & North Beach to SoMa & Mission Bay`);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Zone price deleted')).toBeVisible();
  await expect(page.getByText('No results').or(page.getByText(/no .* match/i)).first()).toBeVisible();
});

test('an unknown price shows not found', async ({ page }) => {
  await page.goto(`${LIST}/edit/00000000-0000-4000-8000-000000000000`);
  await expect(page.getByText('Zone price not found')).toBeVisible();
});

test('Try a quote: a priced route, then a drop-off no zone covers', { tag: '@map' }, async ({ page }) => {
  await page.goto(LIST);
  await page.getByRole('button', { name: 'Try a quote' }).click();
  const panel = page.getByRole('region', { name: 'Try a quote' });
  await panel.getByLabel('Pickup latitude').fill('37.7706');
  await panel.getByLabel('Pickup longitude').fill('-122.387');
  await panel.getByLabel('Drop-off latitude').fill('37.76');
  await panel.getByLabel('Drop-off longitude').fill('-122.42');
  await choose(page, 'Service', 'Same', 'Same Day');
  await panel.getByLabel('Weight').fill('2.5');
  await panel.getByRole('button', { name: 'Get quote' }).click();
  const result = panel.getByRole('definition').filter({ hasText: /^\$\d+\.\d{2}$/ });
  await expect(result).toBeVisible();
  await expect(panel.getByText('SoMa & Mission Bay → Mission & Castro')).toBeVisible();
  await expect(panel.getByText('Same Day (SAMEDAY)')).toBeVisible();
  await expect(panel.getByText(/\/kg × 2\.5 kg/)).toBeVisible();

  await panel.getByLabel('Drop-off latitude').fill('37.70');
  await panel.getByLabel('Drop-off longitude').fill('-122.60');
  await panel.getByRole('button', { name: 'Get quote' }).click();
  await expect(panel.getByRole('alert')).toContainText('No active zone covers the drop-off point');
  await expect(result).toHaveCount(0);

  // Clicking the map places the pickup.
  const map = panel.getByTestId('map');
  await expect(map).toHaveAttribute('data-status', 'ready', { timeout: 45_000 });
  await panel.getByLabel('Pickup latitude').fill('');
  await map.click();
  await expect(panel.getByLabel('Pickup latitude')).not.toHaveValue('');
  await expect(panel.getByRole('radio', { name: 'Drop-off' })).toBeChecked();
});
