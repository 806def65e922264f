import type { APIRequestContext, Page } from '@playwright/test';
import { ANON_KEY, expect, test, unique, workerSession } from './fixtures.ts';

const ACME_TENANT = 'a0000000-0000-4000-8000-000000000001';
const LIST = '/acme/admin/vehicles';

/** A 1x1 transparent PNG. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const admin = workerSession('admin@acme.test', '/acme/admin');

/** A vehicle made through the REST API as the acme admin (what another admin's screen would do). */
async function createVehicleViaApi(request: APIRequestContext, overrides: Record<string, unknown> = {}): Promise<{ id: string; name: string; code: string }> {
  const token = admin.accessToken();
  const name = unique('Api Van');
  const code = unique('API');
  const res = await request.post('/rest/v1/vehicles', {
    headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, prefer: 'return=representation', 'content-type': 'application/json' },
    data: {
      tenant_id: ACME_TENANT,
      name,
      code,
      description: 'Made by the test',
      capacity_unit: 12,
      vehicle_requirements: { license_requirements: ['standard'], special_features: [], fuel_type: 'diesel' },
      active: true,
      ...overrides,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const [row] = (await res.json()) as { id: string; name: string; code: string }[];
  return row!;
}

async function fillValidForm(page: Page, name: string, code: string) {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByLabel('Description', { exact: true }).fill('A test vehicle');
  await page.getByLabel('Capacity unit').fill('25');
  await page.getByLabel('Fuel type').selectOption('diesel');
  await page.getByRole('checkbox', { name: 'Standard' }).check();
}

const submit = (page: Page) => page.getByRole('button', { name: /^(Create vehicle|Save changes)$/ }).click();

test.beforeEach(({ page }) => admin.enter(page));

test('the admin nav leads to the vehicles list, which shows the seed fleet', async ({ page }) => {
  await admin.home(page);
  await page.getByRole('link', { name: 'Vehicles' }).first().click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await expect(page.getByRole('cell', { name: 'ACME-VAN-01' })).toBeVisible();
  await expect(page.getByText('GLOBEX', { exact: false })).toHaveCount(0);
});

test('every validation message of the form', async ({ page }) => {
  await page.goto(`${LIST}/create`);
  await expect(page.getByRole('navigation', { name: /breadcrumb/i }).getByText('Create')).toBeVisible();
  await submit(page);
  for (const message of [
    'Name is required!',
    'Code is required!',
    'Description is required!',
    'Capacity unit must be a number and greater than 0!',
    'At least one license requirement is required!',
    'Fuel type is required!',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel('Name', { exact: true }).fill('Vàn');
  await page.getByLabel('Code', { exact: true }).fill('CØDE');
  await page.getByLabel('Description', { exact: true }).fill('Ünicode');
  await page.getByLabel('Capacity unit').fill('0');
  await submit(page);
  for (const message of [
    'Name can only contain letters, numbers, and special characters',
    'Code can only contain letters, numbers, and special characters',
    'Description can only contain letters, numbers, and special characters',
    'Capacity unit must be a number and greater than 0!',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page).toHaveURL(new RegExp(`${LIST}/create$`));
});

test('create: the new vehicle appears in the list', async ({ page }) => {
  await page.goto(LIST);
  await page.getByRole('button', { name: 'Add vehicle' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}/create$`));
  const name = unique('Test Van');
  const code = unique('TV');
  await fillValidForm(page, name, code);
  await page.getByRole('checkbox', { name: 'GPS tracking' }).check();
  await submit(page);
  await expect(page.getByText('Vehicle created successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await page.getByRole('searchbox').fill(code);
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText(name);
  await expect(row).toContainText('GPS tracking');
  await expect(row).toContainText('Active');
});

test('edit: row Edit opens the form with the stored values and saves', async ({ page }) => {
  const vehicle = await createVehicleViaApi(page.request);
  await page.goto(`${LIST}?q=${vehicle.code}`);
  const row = page.getByRole('row').filter({ hasText: vehicle.code });
  await row.getByRole('button', { name: /actions/i }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}/${vehicle.id}/edit$`));
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(vehicle.name);
  await expect(page.getByRole('navigation', { name: /breadcrumb/i }).getByText('Edit')).toBeVisible();
  const renamed = `${vehicle.name} edited`;
  await page.getByLabel('Name', { exact: true }).fill(renamed);
  await page.getByLabel('Capacity unit').fill('99');
  await submit(page);
  await expect(page.getByText('Vehicle updated successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await page.getByRole('searchbox').fill(vehicle.code);
  await expect(page.getByRole('row').filter({ hasText: vehicle.code })).toContainText(renamed);
});

test('not found: an unknown id shows Vehicle not found and Go back returns to the list', async ({ page }) => {
  await page.goto(`${LIST}/00000000-0000-4000-8000-000000000000/edit`);
  await expect(page.getByText('Vehicle not found')).toBeVisible();
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  // Another tenant's vehicle is not found either (RLS), and neither is a malformed id.
  await page.goto(`${LIST}/not-a-uuid/edit`);
  await expect(page.getByText('Vehicle not found')).toBeVisible();
});

test('image upload: a valid PNG is uploaded, stored and shown as the thumbnail', async ({ page }) => {
  await page.goto(`${LIST}/create`);
  const name = unique('Pic Van');
  const code = unique('PIC');
  await fillValidForm(page, name, code);
  await page.getByLabel('Image').setInputFiles({ name: 'tiny van.png', mimeType: 'image/png', buffer: TINY_PNG });
  await submit(page);
  await expect(page.getByText('File uploaded successfully')).toBeVisible();
  await expect(page.getByText('Vehicle created successfully')).toBeVisible();
  await page.getByRole('searchbox').fill(code);
  const thumbnail = page.getByRole('img', { name: `Image of ${name}` });
  await expect(thumbnail).toBeVisible();
  await expect
    .poll(() => thumbnail.evaluate((img) => (img as unknown as { complete: boolean; naturalWidth: number }).naturalWidth))
    .toBe(1);
});

test('image upload: a .png that is not an image and a file over 3 MB are refused', async ({ page }) => {
  await page.goto(`${LIST}/create`);
  const input = page.getByLabel('Image');
  await input.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('this is not a png at all') });
  await expect(page.getByText('Only jpeg, jpg, png and gif images are allowed')).toBeVisible();
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Only jpeg, jpg, png and gif images are allowed')).toBeVisible();
  const big = Buffer.concat([TINY_PNG, Buffer.alloc(3 * 1024 * 1024)]);
  await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
  await expect(page.getByText('The image must be 3 MB or smaller')).toBeVisible();
});

test('server-side errors: a duplicate code is refused by the database and lands on the Code field', async ({ page }) => {
  const existing = await createVehicleViaApi(page.request);
  await page.goto(`${LIST}/create`);
  await fillValidForm(page, unique('Dup Van'), existing.code);
  await submit(page);
  await expect(page.getByText('Code already exists')).toBeVisible();
  await expect(page.getByLabel('Code', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Validation failed')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}/create$`));
});

test('server-side errors: values the client check would refuse, sent anyway, come back on their fields', async ({ page }) => {
  await page.goto(`${LIST}/create`);
  // Bypass the client check: the form sends valid values, the request leaving the browser carries invalid ones.
  await page.route('**/rest/v1/vehicles**', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
    const tampered = {
      ...body,
      description: 'Ünicode',
      capacity_unit: 0,
      vehicle_requirements: { license_requirements: [], special_features: [], fuel_type: null },
    };
    await route.continue({ postData: JSON.stringify(tampered) });
  });
  await fillValidForm(page, unique('Tamper Van'), unique('TMP'));
  await submit(page);
  await expect(page.getByText('Validation failed')).toBeVisible();
  for (const message of [
    'Description can only contain letters, numbers, and special characters',
    'Capacity unit must be a number and greater than 0!',
    'At least one license requirement is required!',
    'Fuel type is required!',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page).toHaveURL(new RegExp(`${LIST}/create$`));
});

test('live: a second admin’s edit shows in an open list without reload', async ({ page, browser }) => {
  const vehicle = await createVehicleViaApi(page.request, { capacity_unit: 12 });
  await page.goto(`${LIST}?q=${vehicle.code}`);
  const row = page.getByRole('row').filter({ hasText: vehicle.code });
  await expect(row).toContainText('12');

  const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
  try {
    await admin.restore(other);
    const second = await other.newPage();
    await second.goto(`${LIST}/${vehicle.id}/edit`);
    await expect(second.getByLabel('Name', { exact: true })).toHaveValue(vehicle.name);
    await second.getByLabel('Capacity unit').fill('777');
    await second.getByRole('checkbox', { name: 'Lift gate' }).check();
    await submit(second);
    await expect(second.getByText('Vehicle updated successfully')).toBeVisible();
  } finally {
    await other.close();
  }

  await expect(row).toContainText('777');
  await expect(row).toContainText('Lift gate');
});
