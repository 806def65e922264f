import type { APIRequestContext, Page } from '@playwright/test';
import { ANON_KEY, expect, test, unique, workerSession } from './fixtures.ts';

const ACME_TENANT = 'a0000000-0000-4000-8000-000000000001';
const CARLA = 'a1000000-0000-4000-8000-000000000004';
const DEPOT = 'a4000000-0000-4000-8000-000000000001';
const BAYVIEW = 'a4000000-0000-4000-8000-000000000002';
const SAME_DAY = 'a6100000-0000-4000-8000-000000000002';
const LIST = '/acme/admin/deliveries';
const admin = workerSession('admin@acme.test', '/acme/admin');

test.describe.configure({ timeout: 120_000 });
test.beforeEach(({ page }) => admin.enter(page));

function headers() {
  return { apikey: ANON_KEY, authorization: `Bearer ${admin.accessToken()}`, prefer: 'return=representation', 'content-type': 'application/json' };
}

/** A delivery made through the REST API as the acme admin, from the depot to the Bayview warehouse. */
async function createViaApi(request: APIRequestContext, overrides: Record<string, unknown> = {}): Promise<{ id: string; delivery_code: string; external_reference_id: string }> {
  const res = await request.post('/rest/v1/deliveries', {
    headers: headers(),
    data: {
      tenant_id: ACME_TENANT,
      kind: 'delivery',
      customer_id: CARLA,
      pickup_address_id: DEPOT,
      dropoff_address_id: BAYVIEW,
      service_id: SAME_DAY,
      packages: [{ description: 'Office chairs', quantity: 2, weight_kg: 7.5, fragile: false, temperature_sensitive: false }],
      external_reference_id: unique('PO'),
      ...overrides,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const [row] = (await res.json()) as { id: string; delivery_code: string; external_reference_id: string }[];
  return row!;
}

async function rpc(request: APIRequestContext, fn: string, args: Record<string, unknown>) {
  const res = await request.post(`/rest/v1/rpc/${fn}`, { headers: headers(), data: args });
  expect(res.ok(), await res.text()).toBe(true);
}

async function choose(page: Page, label: string, typed: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

const table = (page: Page) => page.getByRole('table', { name: 'Deliveries' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');

test('the list: columns, search and filters in the URL, from the nav', async ({ page, request }) => {
  await admin.home(page);
  const pending = await createViaApi(request);
  const cancelled = await createViaApi(request, { kind: 'pickup' });
  await rpc(request, 'transition_delivery', { delivery_id: cancelled.id, status: 'cancelled', reason: 'Duplicate order' });

  await page.getByRole('link', { name: 'Deliveries' }).first().click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  for (const header of ['Code', 'Kind', 'Customer', 'Pickup > Drop-off', 'Window', 'Status', 'Driver', 'Price', 'Created']) {
    await expect(table(page).getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }

  await page.getByRole('searchbox').fill(pending.delivery_code);
  await expect(page).toHaveURL(new RegExp(`q=${pending.delivery_code}`));
  await expect(bodyRows(page)).toHaveCount(1);
  const row = bodyRows(page).first();
  await expect(row).toContainText(pending.delivery_code);
  await expect(row).toContainText(pending.external_reference_id);
  await expect(row).toContainText('Carla Customer');
  await expect(row).toContainText('San Francisco > San Francisco');
  await expect(row).toContainText('Pending');
  await expect(row).toContainText(/\$\d+\.\d{2}/);

  // By external reference, then by customer name with the status filter.
  await page.getByRole('searchbox').fill(cancelled.external_reference_id);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText(cancelled.delivery_code);

  await page.goto(`${LIST}?q=Carla`);
  await page.getByRole('button', { name: /filters/i }).click();
  await page.getByRole('checkbox', { name: 'Cancelled' }).check();
  await page.getByLabel('Kind').selectOption('pickup');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/status=cancelled/);
  await expect(page).toHaveURL(/kind=pickup/);
  await expect(page).toHaveURL(/q=Carla/);
  await expect(table(page).getByText(cancelled.delivery_code)).toBeVisible();
  await expect(table(page).getByText(pending.delivery_code)).toHaveCount(0);
  for (const chip of await table(page).locator('tbody [data-tone]').all()) await expect(chip).toHaveText('Cancelled');

  // A shared link restores the same view.
  await page.goto(`${LIST}?status=cancelled&kind=pickup&q=${cancelled.delivery_code}`);
  await expect(bodyRows(page)).toHaveCount(1);
  await bodyRows(page).first().getByRole('link', { name: cancelled.delivery_code }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}/${cancelled.id}$`));
});

test('create: field errors, the live quote, and the new delivery\'s detail', async ({ page }) => {
  await page.goto(`${LIST}/create`);
  await expect(page.getByRole('heading', { name: 'Create delivery' })).toBeVisible();
  await page.getByRole('button', { name: 'Create delivery' }).click();
  await expect(page.getByText('Customer is required')).toBeVisible();
  await expect(page.getByText('Pickup address is required')).toBeVisible();
  await expect(page.getByText('Drop-off address is required')).toBeVisible();
  await expect(page.getByText('Service is required')).toBeVisible();
  await expect(page.getByText('Description is required')).toBeVisible();

  const quote = page.getByTestId('quote');
  await expect(quote).toContainText('Choose a pickup address');
  await choose(page, 'Customer', 'Carla', /Carla Customer/);
  await choose(page, 'Pickup address', 'Mission Bay', /Mission Bay Depot/);
  await choose(page, 'Drop-off address', 'Bayview', /Bayview Warehouse/);
  await page.getByLabel('Description').fill('Standing desk');
  await page.getByLabel('Weight').fill('18');
  await page.getByLabel('Quantity').fill('1');
  await choose(page, 'Service', 'Same', 'Same Day');
  await expect(quote).toContainText(/\$\d+\.\d{2}/);
  await expect(quote).toContainText('>');
  await expect(quote).toContainText(/\d+(\.\d+)?–\d+(\.\d+)? h \(between /);

  // The price follows the weight.
  const firstPrice = await quote.locator('dd').first().textContent();
  await page.getByLabel('Weight').fill('30');
  await expect(quote.locator('dd').first()).not.toHaveText(firstPrice ?? '');

  // Cross-field rules before saving, and a window the browser checks like the database.
  await page.getByLabel('Pickup from').fill('2026-12-01T10:00');
  await page.getByLabel('Pickup until').fill('2026-12-01T09:00');
  await page.getByRole('button', { name: 'Create delivery' }).click();
  await expect(page.getByText('The pickup window must end after it starts')).toBeVisible();
  await page.getByLabel('Pickup until').fill('2026-12-01T12:00');

  await page.getByLabel('Override the quoted price').click();
  await page.getByRole('button', { name: 'Create delivery' }).click();
  await expect(page.getByText('A reason is required to override the price')).toBeVisible();
  await page.getByLabel('Price', { exact: true }).fill('25');
  await page.getByLabel('Reason for the price').fill('Agreed flat rate');
  const reference = unique('WEB');
  await page.getByLabel('External reference').fill(reference);
  await page.getByRole('button', { name: 'Create delivery' }).click();

  await expect(page).toHaveURL(new RegExp(`${LIST}/[0-9a-f-]{36}$`));
  await expect(page.getByText('Delivery created successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Delivery ACME-\d{6}$/ })).toBeVisible();
  await expect(page.getByText('$25.00')).toBeVisible();
  await expect(page.getByText('Overridden: Agreed flat rate')).toBeVisible();
  await expect(page.getByText(reference)).toBeVisible();
});

test('create: a refusal of the database lands on its field', async ({ page, request }) => {
  const res = await request.post('/rest/v1/delivery_services', {
    headers: headers(),
    data: { tenant_id: ACME_TENANT, name: unique('Paused Service'), code: unique('PAUSE'), kind: 'same_day', min_transit_hours: 2, max_transit_hours: 6, active: false },
  });
  expect(res.status(), await res.text()).toBe(201);
  const [service] = (await res.json()) as { name: string }[];

  await page.goto(`${LIST}/create`);
  await choose(page, 'Customer', 'Carla', /Carla Customer/);
  await choose(page, 'Pickup address', 'Mission Bay', /Mission Bay Depot/);
  await choose(page, 'Drop-off address', 'Bayview', /Bayview Warehouse/);
  await page.getByLabel('Description').fill('Printer');
  await page.getByLabel('Weight').fill('9');
  await choose(page, 'Service', service!.name, service!.name);
  await expect(page.getByTestId('quote')).toContainText(`Service ${service!.name} is not active`);
  await page.getByRole('button', { name: 'Create delivery' }).click();
  const field = page.getByRole('combobox', { name: 'Service' });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Validation failed')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}/create$`));
});

test('detail: summary, barcode, tracking link, timeline, and cancel with a reason', async ({ page, request }) => {
  const d = await createViaApi(request, { notes: 'Use the loading bay' });
  await page.goto(`${LIST}/${d.id}`);
  await expect(page.getByRole('heading', { name: `Delivery ${d.delivery_code}` })).toBeVisible();
  await expect(page.getByRole('img', { name: `Barcode ${d.delivery_code}` })).toBeVisible();
  await expect(page.getByTestId('tracking-link')).toHaveText(/\/tracking\?token=[0-9a-f]{32,}$/);
  await expect(page.getByText('Use the loading bay')).toBeVisible();
  await expect(page.getByText('Office chairs')).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Status timeline' });
  await expect(timeline.getByRole('listitem')).toHaveCount(1);
  await expect(timeline).toContainText('Created');
  await expect(page.getByText('Not assigned yet.')).toBeVisible();

  const actions = page.getByRole('group', { name: 'Actions' });
  await expect(actions.getByRole('link', { name: 'Edit' })).toBeVisible();
  await expect(actions.getByRole('link', { name: 'Assign' })).toHaveAttribute('href', new RegExp(`/assignments/create\\?delivery_id=${d.id}$`));
  await expect(actions.getByRole('button', { name: 'Mark returned' })).toHaveCount(0);

  await actions.getByRole('button', { name: 'Cancel delivery' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel this delivery?' });
  await dialog.getByRole('button', { name: 'Cancel delivery' }).click();
  await expect(dialog.getByText('A reason is required')).toBeVisible();
  await dialog.getByLabel(/Reason/).fill('Customer moved the order to next week');
  await dialog.getByRole('button', { name: 'Cancel delivery' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('delivery-status')).toHaveText('Cancelled');
  await expect(timeline.getByRole('listitem')).toHaveCount(2);
  await expect(timeline).toContainText('Reason: Customer moved the order to next week');
  await expect(actions.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(actions.getByRole('button', { name: 'Cancel delivery' })).toHaveCount(0);

  // Editing is over: the form says why and saves nothing.
  await page.goto(`${LIST}/${d.id}/edit`);
  await expect(page.getByText('This delivery is cancelled: it can no longer be edited.')).toBeVisible();
  await expect(page.getByLabel('Notes')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
});

test('detail and edit: a delivery that does not exist', async ({ page }) => {
  await page.goto(`${LIST}/00000000-0000-4000-8000-000000000000`);
  await expect(page.getByText('Delivery not found')).toBeVisible();
  await page.getByText('Back to deliveries').click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await page.goto(`${LIST}/not-a-uuid/edit`);
  await expect(page.getByText('Delivery not found')).toBeVisible();
});

test('edit: a pending delivery, prefilled, saved back to its detail', async ({ page, request }) => {
  const d = await createViaApi(request, { notes: 'First note', priority: 'low' });
  await page.goto(`${LIST}/${d.id}`);
  await page.getByRole('group', { name: 'Actions' }).getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}/${d.id}/edit$`));
  await expect(page.getByLabel('Notes')).toHaveValue('First note');
  await expect(page.getByLabel('Description')).toHaveValue('Office chairs');
  await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue('Carla Customer');
  await expect(page.getByRole('combobox', { name: 'Pickup address' })).toHaveValue('Mission Bay Depot');
  await expect(page.getByTestId('quote')).toContainText(/\$\d+\.\d{2}/);
  await page.getByLabel('Notes').fill('Call the warehouse before arriving');
  await page.getByLabel('Priority').selectOption('urgent');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}/${d.id}$`));
  await expect(page.getByText('Delivery updated successfully')).toBeVisible();
  await expect(page.getByText('Call the warehouse before arriving')).toBeVisible();
  await expect(page.getByText('Urgent')).toBeVisible();
});

test('the list is live: a new delivery appears at the top, a status change lands in place', async ({ page, request }) => {
  await page.goto(LIST);
  await expect(bodyRows(page)).not.toHaveCount(0);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();

  const fresh = await createViaApi(request);
  // Other tests add deliveries at the same time: find this one by its code among the newest.
  const row = bodyRows(page).filter({ hasText: fresh.delivery_code });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Pending');

  await rpc(request, 'transition_delivery', { delivery_id: fresh.id, status: 'cancelled', reason: 'Entered twice' });
  await expect(row).toContainText('Cancelled');
});

test('create: a new address through the address dialog becomes the pickup and is priced', async ({ page }) => {
  test.slow();
  await page.goto(`${LIST}/create`);
  await choose(page, 'Customer', 'Carla', /Carla Customer/);
  await page.getByRole('button', { name: 'New business address' }).first().click();
  const d = page.getByRole('dialog');
  await expect(d.getByRole('heading', { name: 'Add address' })).toBeVisible();
  const field = (label: string) => new RegExp(`^${label}\\*?$`);
  const title = unique('Pier 48 Dock');
  await d.getByLabel(field('Address title')).fill(title);
  await d.getByLabel(field('Full name')).fill('Marco Ruiz');
  await d.getByLabel(field('Email')).fill('dock@acme.test');
  await d.getByLabel(field('Phone number')).fill('415 555 0190');
  await d.getByLabel(field('Building name')).fill('Pier 48');
  await d.getByLabel(field('Address line 1')).fill('Pier 48, The Embarcadero');
  await d.getByLabel(field('Street')).fill('The Embarcadero');
  await d.getByLabel(field('City')).fill('San Francisco');
  await d.getByLabel(field('State')).fill('CA');
  await d.getByLabel(field('Postal code')).fill('94158');
  await d.getByLabel(field('Country')).fill('United States');
  await d.getByRole('spinbutton', { name: field('Latitude') }).fill('37.7765');
  await d.getByRole('spinbutton', { name: field('Longitude') }).fill('-122.3900');
  await d.getByRole('button', { name: 'Add address' }).click();
  await expect(d).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Pickup address' })).toHaveValue(title);

  await choose(page, 'Drop-off address', 'Bayview', /Bayview Warehouse/);
  await page.getByLabel('Description').fill('Pallet of flyers');
  await page.getByLabel('Weight').fill('20');
  await choose(page, 'Service', 'Next', 'Next Day');
  await expect(page.getByTestId('quote')).toContainText(/\$\d+\.\d{2}/);
  await page.getByRole('button', { name: 'Create delivery' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}/[0-9a-f-]{36}$`));
  await expect(page.getByText('Pier 48, The Embarcadero').first()).toBeVisible();
});

test('create: the customer\'s delivery preference for the drop-off address suggests the window and instructions', async ({ page, request }) => {
  // Carla's active preference (seeded) and the address it is for.
  const prefRes = await request.get(`/rest/v1/customer_preferences?select=location_id,name,preferred_time_start,preferred_time_end,delivery_instructions&customer_id=eq.${CARLA}&is_active=eq.true&order=name&limit=1`, { headers: headers() });
  expect(prefRes.ok(), await prefRes.text()).toBe(true);
  const [pref] = (await prefRes.json()) as { location_id: string; name: string; preferred_time_start: string; preferred_time_end: string; delivery_instructions: string }[];
  const addrRes = await request.get(`/rest/v1/addresses?select=address_line1,street&id=eq.${pref!.location_id}`, { headers: headers() });
  const [address] = (await addrRes.json()) as { address_line1: string; street: string }[];

  await page.goto(`${LIST}/create`);
  await choose(page, 'Customer', 'Carla', /Carla Customer/);
  await choose(page, 'Drop-off address', address!.address_line1, new RegExp(address!.street));
  const hint = page.getByRole('region', { name: 'Customer preference' });
  await expect(hint).toContainText(`${pref!.preferred_time_start}–${pref!.preferred_time_end}`);
  await expect(hint).toContainText(pref!.name);
  await hint.getByRole('button', { name: 'Use the preferred window' }).click();
  await expect(page.getByLabel('Drop-off from')).toHaveValue(new RegExp(`T${pref!.preferred_time_start}$`));
  await expect(page.getByLabel('Drop-off until')).toHaveValue(new RegExp(`T${pref!.preferred_time_end}$`));
  await expect(page.getByLabel('Notes')).toHaveValue(pref!.delivery_instructions);

  // Another address of the book has no preference: the hint goes.
  await choose(page, 'Drop-off address', 'Bayview', /Bayview Warehouse/);
  await expect(hint).toHaveCount(0);
});
