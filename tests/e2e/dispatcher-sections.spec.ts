import type { APIRequestContext, Page } from '@playwright/test';
import { ANON_KEY, expect, test, unique, workerSession } from './fixtures.ts';

// The dispatcher's order sections: the deliveries pages with a fixed kind under
// /{slug}/dispatcher/<section>, with index, new, {deliveryId} and {deliveryId}/edit.
const ACME_TENANT = 'a0000000-0000-4000-8000-000000000001';
const CARLA = 'a1000000-0000-4000-8000-000000000004';
const DEPOT = 'a4000000-0000-4000-8000-000000000001';
const BAYVIEW = 'a4000000-0000-4000-8000-000000000002';
const SAME_DAY = 'a6100000-0000-4000-8000-000000000002';
const PANEL = '/acme/dispatcher';
const dispatcher = workerSession('dispatcher@acme.test', PANEL);

const SECTIONS = [
  { kind: 'on_demand', path: 'ondemand_orders', title: 'On-demand orders', nav: 'On-demand', label: 'On demand' },
  { kind: 'pickup', path: 'pickup_orders', title: 'Pickup orders', nav: 'Pickup', label: 'Pickup' },
  { kind: 'delivery', path: 'delivery_orders', title: 'Delivery orders', nav: 'Delivery', label: 'Delivery' },
  { kind: 'pickup_delivery', path: 'pickup_delivery', title: 'Pickup and delivery orders', nav: 'Pickup & delivery', label: 'Pickup and delivery' },
] as const;

test.describe.configure({ timeout: 120_000 });
test.beforeEach(({ page }) => dispatcher.enter(page));

function headers() {
  return { apikey: ANON_KEY, authorization: `Bearer ${dispatcher.accessToken()}`, prefer: 'return=representation', 'content-type': 'application/json' };
}

/** A delivery of a kind made through the REST API as the acme dispatcher. */
async function createViaApi(request: APIRequestContext, kind: string, notes = 'Ring at the loading dock'): Promise<{ id: string; delivery_code: string }> {
  const res = await request.post('/rest/v1/deliveries', {
    headers: headers(),
    data: {
      tenant_id: ACME_TENANT,
      kind,
      customer_id: CARLA,
      pickup_address_id: DEPOT,
      dropoff_address_id: BAYVIEW,
      service_id: SAME_DAY,
      packages: [{ description: 'Monitor arms', quantity: 3, weight_kg: 4, fragile: true, temperature_sensitive: false }],
      external_reference_id: unique('SEC'),
      notes,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const [row] = (await res.json()) as { id: string; delivery_code: string }[];
  return row!;
}

async function choose(page: Page, label: string, typed: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

/** The Kind field of the detail's summary. */
const kindOnDetail = (page: Page) => page.locator('dt', { hasText: /^Kind$/ }).locator('xpath=following-sibling::dd[1]');
const rowsOf = (page: Page, title: string) => page.getByRole('table', { name: title }).locator('tbody tr');

test('the top bar leads to every section, each listing its kind only, without a kind filter', async ({ page }) => {
  await dispatcher.home(page);
  const nav = page.getByRole('navigation', { name: 'Dispatcher' });
  for (const label of ['Board', 'On-demand', 'Pickup', 'Delivery', 'Pickup & delivery', 'Remit', 'Support', 'Settings', 'Info', 'Profile'])
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Board', exact: true })).toHaveAttribute('aria-current', 'page');

  for (const section of SECTIONS) {
    await nav.getByRole('link', { name: section.nav, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${PANEL}/${section.path}$`));
    await expect(page.getByRole('heading', { name: section.title })).toBeVisible();
    await expect(nav.getByRole('link', { name: section.nav, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(rowsOf(page, section.title)).not.toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'Kind' })).toHaveCount(0);
  }
  // A kind in the URL does not widen a section.
  await page.goto(`${PANEL}/pickup_orders?kind=on_demand`);
  await expect(rowsOf(page, 'Pickup orders')).not.toHaveCount(0);
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await expect(page.getByLabel('Kind')).toHaveCount(0);
});

test('on-demand: created in its section, listed there and not in another, opened, edited', async ({ page }) => {
  const base = `${PANEL}/ondemand_orders`;
  await page.goto(base);
  await page.getByRole('button', { name: 'Add delivery' }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/new$`));
  await expect(page.getByRole('heading', { name: 'Create delivery' })).toBeVisible();
  await expect(page.getByTestId('fixed-kind')).toHaveText('On demand');
  await expect(page.getByRole('combobox', { name: 'Kind' })).toHaveCount(0);

  await choose(page, 'Customer', 'Carla', /Carla Customer/);
  await choose(page, 'Pickup address', 'Mission Bay', /Mission Bay Depot/);
  await choose(page, 'Drop-off address', 'Bayview', /Bayview Warehouse/);
  await page.getByLabel('Description').fill('Espresso machine');
  await page.getByLabel('Weight').fill('12');
  await choose(page, 'Service', 'Same', 'Same Day');
  await expect(page.getByTestId('quote')).toContainText(/\$\d+\.\d{2}/);
  const reference = unique('RUSH');
  await page.getByLabel('External reference').fill(reference);
  await page.getByRole('button', { name: 'Create delivery' }).click();

  await expect(page).toHaveURL(new RegExp(`${base}/[0-9a-f-]{36}$`));
  await expect(page.getByText('Delivery created successfully')).toBeVisible();
  const heading = page.getByRole('heading', { name: /^Delivery ACME-\d{6}$/ });
  await expect(heading).toBeVisible();
  const code = (await heading.textContent())!.replace('Delivery ', '');
  const id = page.url().split('/').pop()!;
  await expect(kindOnDetail(page)).toHaveText('On demand');

  // In its section's list, not in another's; another section does not open it.
  await page.getByRole('link', { name: 'On-demand orders' }).first().click();
  await expect(page).toHaveURL(new RegExp(`${base}$`));
  await page.getByRole('searchbox').fill(code);
  await expect(rowsOf(page, 'On-demand orders').filter({ hasText: code })).toHaveCount(1);
  await page.goto(`${PANEL}/pickup_orders?q=${code}`);
  await expect(page.getByText('No records found')).toBeVisible();
  await page.goto(`${PANEL}/delivery_orders/${id}`);
  await expect(page.getByText('Delivery not found')).toBeVisible();
  await page.getByText('Back to delivery orders').click();
  await expect(page).toHaveURL(new RegExp(`${PANEL}/delivery_orders$`));

  // Open it from its list and edit it.
  await page.goto(`${base}?q=${code}`);
  await rowsOf(page, 'On-demand orders').getByRole('link', { name: code }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/${id}$`));
  await page.getByRole('group', { name: 'Actions' }).getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/${id}/edit$`));
  await expect(page.getByTestId('fixed-kind')).toHaveText('On demand');
  await expect(page.getByLabel('Description')).toHaveValue('Espresso machine');
  await page.getByLabel('Notes').fill('Fragile: carry upright');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/${id}$`));
  await expect(page.getByText('Delivery updated successfully')).toBeVisible();
  await expect(page.getByText('Fragile: carry upright')).toBeVisible();
  await expect(page.getByText(reference)).toBeVisible();
  // Assign opens the board with the delivery selected.
  await expect(page.getByRole('group', { name: 'Actions' }).getByRole('link', { name: 'Assign' })).toHaveAttribute('href', `${PANEL}/?delivery=${id}`);
});

for (const section of SECTIONS.slice(1)) {
  test(`${section.path}: index, new, detail and edit of its kind`, async ({ page, request }) => {
    const base = `${PANEL}/${section.path}`;
    const d = await createViaApi(request, section.kind);
    await page.goto(`${base}?q=${d.delivery_code}`);
    await expect(page.getByRole('heading', { name: section.title })).toBeVisible();
    await rowsOf(page, section.title).getByRole('link', { name: d.delivery_code }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/${d.id}$`));
    await expect(kindOnDetail(page)).toHaveText(section.label);
    await page.getByRole('group', { name: 'Actions' }).getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/${d.id}/edit$`));
    await expect(page.getByTestId('fixed-kind')).toHaveText(section.label);
    await expect(page.getByLabel('Notes')).toHaveValue('Ring at the loading dock');
    await page.getByLabel('Notes').fill('Use the side gate');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/${d.id}$`));
    await expect(page.getByText('Use the side gate')).toBeVisible();

    await page.getByRole('link', { name: section.title }).first().click();
    await page.getByRole('button', { name: 'Add delivery' }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/new$`));
    await expect(page.getByTestId('fixed-kind')).toHaveText(section.label);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`${base}$`));
  });
}

test('a section is live: a new delivery of its kind appears, one of another kind does not', async ({ page, request }) => {
  await page.goto(`${PANEL}/pickup_orders`);
  await expect(rowsOf(page, 'Pickup orders')).not.toHaveCount(0);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  const other = await createViaApi(request, 'delivery');
  const mine = await createViaApi(request, 'pickup');
  await expect(rowsOf(page, 'Pickup orders').filter({ hasText: mine.delivery_code })).toHaveCount(1);
  await expect(rowsOf(page, 'Pickup orders').filter({ hasText: other.delivery_code })).toHaveCount(0);
});
