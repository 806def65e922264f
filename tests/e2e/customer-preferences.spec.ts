import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ANON_KEY, expect, test, unique, workerSession } from './fixtures.ts';

const ACME_TENANT = 'a0000000-0000-4000-8000-000000000001';
const EMILY = 'a1000000-0000-4000-8000-000000000109';
const LIST = '/acme/admin/customer-preference';
const admin = workerSession('admin@acme.test', '/acme/admin');

test.describe.configure({ timeout: 90_000 });
test.beforeEach(({ page }) => admin.enter(page));

/** A fresh address in Emily Foster's address book (as the acme admin), so each test has a location no preference uses yet. */
async function createAddressViaApi(request: APIRequestContext, userId = EMILY): Promise<{ id: string; title: string }> {
  const title = unique('E2E Flat');
  const res = await request.post('/rest/v1/addresses', {
    headers: { apikey: ANON_KEY, authorization: `Bearer ${admin.accessToken()}`, prefer: 'return=representation', 'content-type': 'application/json' },
    data: {
      tenant_id: ACME_TENANT,
      user_id: userId,
      title: { en: title },
      address_type: 'shipping',
      address_line1: '1 Ferry Building',
      building: 'Ferry Building',
      street: 'The Embarcadero',
      city: 'San Francisco',
      state: 'California',
      postal_code: '94111',
      country: 'United States',
      contact_info: { full_name: 'Emily Foster', phone: '+1 415 555 0209', email: 'emily.foster@mail.example' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const [row] = (await res.json()) as { id: string }[];
  return { id: row!.id, title };
}

/** Types into a lookup and picks the option with this label. */
async function choose(page: Page, label: string, typed: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

const table = (page: Page) => page.getByRole('table', { name: 'Customer preferences' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');
const form = (page: Page) => page.getByRole('form', { name: /customer preference/ });
const receiver = (page: Page, n: number) => page.getByRole('listitem', { name: `Authorized receivers ${n}` });
const method = (page: Page, n: number) => page.getByRole('listitem', { name: `Notification methods ${n}` });
/** The error under a field: the element its aria-describedby names. */
const errorOf = (field: Locator) => field.locator('xpath=ancestor::div[1]/following-sibling::p[contains(@id, "-error")]');

test('the list: nav item, columns, days by name, 25 rows at most, seeded acme preferences only', async ({ page }) => {
  await admin.home(page);
  await page.getByRole('link', { name: 'Customer preferences' }).first().click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  for (const header of ['Name', 'Customer', 'Day', 'Window', 'Status']) {
    await expect(table(page).getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  await expect(table(page).getByText('Bakery early delivery')).toBeVisible();
  const bakery = bodyRows(page).filter({ hasText: 'Bakery early delivery' });
  await expect(bakery).toContainText('Mei Tanaka');
  await expect(bakery).toContainText('Monday');
  await expect(bakery).toContainText('05:30–07:00');
  // Globex's are not acme's.
  await expect(table(page).getByText('Roastery goods-in')).toHaveCount(0);
  expect(await bodyRows(page).count()).toBeLessThanOrEqual(25);
});

test('filters and search live in the URL: customer, day, status', async ({ page }) => {
  await page.goto(LIST);
  await page.getByRole('button', { name: /filters/i }).click();
  await choose(page, 'Customer', 'Carla', 'Carla Customer');
  await page.getByLabel('Day', { exact: true }).selectOption('2');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/customer_id=a1000000-0000-4000-8000-000000000004/);
  await expect(page).toHaveURL(/day=2/);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText('Tuesday');
  await expect(bodyRows(page).first()).toContainText('18:00–20:30');

  // Back from the URL, with the customer's name in the filter.
  await page.reload();
  await expect(bodyRows(page)).toHaveCount(1);
  await page.getByRole('button', { name: /filters/i }).click();
  await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue('Carla Customer');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page).not.toHaveURL(/customer_id/);

  await page.getByRole('button', { name: /filters/i }).click();
  await page.getByLabel('Status', { exact: true }).selectOption('false');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/active=false/);
  await expect(table(page).getByText('Active', { exact: true })).toHaveCount(0);
  await expect(bodyRows(page).filter({ hasText: 'Parts counter (closed account)' })).toHaveCount(1);

  await page.goto(LIST);
  await page.getByRole('searchbox').fill('Mission Bakery');
  await expect(page).toHaveURL(/q=Mission/);
  await expect(bodyRows(page).filter({ hasText: 'Bakery early delivery' })).toHaveCount(1);
  await page.getByRole('searchbox').fill('Mei Tanaka');
  await expect(page).toHaveURL(/q=Mei/);
  await expect(bodyRows(page)).toHaveCount(1);
});

test('create: every validation message of the form, the time rule both ways, receivers and methods, then the new row', async ({ page, request }) => {
  const address = await createAddressViaApi(request);
  const name = unique('Evening window');
  await page.goto(LIST);
  await page.getByRole('button', { name: 'Add preference' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}/create$`));

  // The location waits for a customer.
  await expect(page.getByLabel('Location')).toBeDisabled();
  await page.getByLabel('Language').selectOption('');
  await page.getByRole('button', { name: 'Create preference' }).click();
  for (const message of ['Customer is required', 'Location is required', 'Name is required', 'Day of week is required', 'Start time is required', 'End time is required', 'Language is required']) {
    await expect(form(page).getByText(message, { exact: true })).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await page.getByLabel('Language').selectOption('es');
  await expect(page.getByText('Language is required')).toHaveCount(0);

  // Times: HH:mm, 24-hour.
  const start = page.getByLabel('Start time');
  const end = page.getByLabel('End time');
  await start.fill('25:00');
  await start.blur();
  await expect(errorOf(start)).toHaveText('Invalid time format (HH:mm)');
  await end.fill('7pm');
  await end.blur();
  await expect(errorOf(end)).toHaveText('Invalid time format (HH:mm)');

  // End after start, on the end field: the end moves before the start...
  await start.fill('10:00');
  await start.blur();
  await expect(errorOf(start)).toHaveCount(0);
  await end.fill('09:30');
  await end.blur();
  await expect(errorOf(end)).toHaveText('End time must be after start time');
  await expect(errorOf(start)).toHaveCount(0);
  await end.fill('11:00');
  await expect(errorOf(end)).toHaveCount(0);
  // ...and the start moves past the end: the end field says it, and clears when the start comes back.
  await start.fill('12:00');
  await expect(errorOf(end)).toHaveText('End time must be after start time');
  await start.fill('08:00');
  await expect(errorOf(end)).toHaveCount(0);
  // A time typed short is read as HH:mm.
  await start.fill('930');
  await start.blur();
  await expect(start).toHaveValue('09:30');

  // Day of week: a value the list cannot offer (as a tampered page would send) is invalid.
  await page.getByLabel('Day of week').evaluate((select) => select.insertAdjacentHTML('beforeend', '<option value="7">Someday</option>'));
  await page.getByLabel('Day of week').selectOption('7');
  await page.getByLabel('Day of week').blur();
  await expect(form(page).getByText('Invalid day of week')).toBeVisible();
  await page.getByLabel('Day of week').selectOption('3');
  await expect(form(page).getByText('Invalid day of week')).toHaveCount(0);

  // Customer, then one of their addresses; another customer resets the location.
  await choose(page, 'Customer', 'Carla', 'Carla Customer');
  await expect(page.getByLabel('Location')).toBeEnabled();
  await expect(page.getByLabel('Location').locator('option', { hasText: address.title })).toHaveCount(0);
  await page.getByLabel('Location').selectOption({ index: 1 });
  await choose(page, 'Customer', 'Emily', 'Emily Foster');
  await expect(page.getByLabel('Location')).toHaveValue('');
  await expect(form(page).getByText('Location is required')).toBeVisible();
  await page.getByLabel('Location').selectOption(address.id);
  await expect(form(page).getByText('Location is required')).toHaveCount(0);
  await page.getByLabel('Name', { exact: true }).first().fill(name);

  // Authorized receivers: add two, the empty one says what is missing, remove it.
  await page.getByRole('button', { name: 'Add receiver' }).click();
  await page.getByRole('button', { name: 'Add receiver' }).click();
  await receiver(page, 1).getByLabel('Name').fill('Ruth Owens');
  await receiver(page, 1).getByLabel('Relationship').fill('Neighbour');
  await receiver(page, 1).getByLabel('Contact').fill('+1 415 555 0233');
  // Notification methods: an empty row too.
  await page.getByRole('button', { name: 'Add notification method' }).click();
  await page.getByRole('button', { name: 'Create preference' }).click();
  await expect(receiver(page, 2).getByText('Name is required')).toBeVisible();
  await expect(receiver(page, 2).getByText('Relationship is required')).toBeVisible();
  await expect(receiver(page, 2).getByText('Contact is required')).toBeVisible();
  await expect(method(page, 1).getByText('Notification type is required')).toBeVisible();
  await expect(method(page, 1).getByText('Contact is required')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}/create$`));
  await page.getByRole('button', { name: 'Remove receiver 2' }).click();
  await expect(receiver(page, 2)).toHaveCount(0);
  await expect(page.getByText('Relationship is required')).toHaveCount(0);
  await method(page, 1).getByLabel('Notification type').selectOption('email');
  await method(page, 1).getByLabel('Contact').fill('not-an-email');
  await method(page, 1).getByLabel('Contact').blur();
  await expect(method(page, 1).getByText('Valid email is required')).toBeVisible();
  await method(page, 1).getByLabel('Contact').fill('emily.foster@mail.example');
  await expect(method(page, 1).getByText('Notification type is required')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add notification method' }).click();
  await method(page, 2).getByLabel('Notification type').selectOption('sms');
  await method(page, 2).getByLabel('Contact').fill('+1 415 555 0209');
  await page.getByRole('button', { name: 'Remove notification method 2' }).click();
  await expect(method(page, 2)).toHaveCount(0);

  // The spec's defaults are on the form.
  await expect(page.getByRole('switch', { name: 'Leave with neighbour' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Leave at door' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'The day before' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'When dispatched' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Active' })).toBeChecked();
  await page.getByRole('switch', { name: 'Signature required' }).click();
  await page.getByLabel('Delivery instructions', { exact: true }).fill('Ring the bell at the side gate.');

  await page.getByRole('button', { name: 'Create preference' }).click();
  await expect(page.getByText('Customer preference created successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await page.getByRole('searchbox').fill(name);
  await expect(page).toHaveURL(/q=/);
  await expect(bodyRows(page)).toHaveCount(1);
  const row = bodyRows(page).first();
  await expect(row).toContainText('Emily Foster');
  await expect(row).toContainText('Wednesday');
  await expect(row).toContainText('09:30–11:00');
  await expect(row).toContainText('Spanish');
  await expect(row).toContainText('Active');

  // Edit: the saved values come back, the window and a receiver change, the list shows it.
  await row.getByRole('button', { name: /actions/i }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}/[0-9a-f-]{36}/edit$`));
  await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue('Emily Foster');
  await expect(page.getByLabel('Location')).toHaveValue(address.id);
  await expect(page.getByLabel('Day of week')).toHaveValue('3');
  await expect(page.getByLabel('Start time')).toHaveValue('09:30');
  await expect(receiver(page, 1).getByLabel('Name')).toHaveValue('Ruth Owens');
  await expect(method(page, 1).getByLabel('Contact')).toHaveValue('emily.foster@mail.example');
  await expect(page.getByRole('switch', { name: 'Signature required' })).toBeChecked();
  await page.getByLabel('End time').fill('09:00');
  await page.getByLabel('End time').blur();
  await expect(errorOf(page.getByLabel('End time'))).toHaveText('End time must be after start time');
  await page.getByLabel('End time').fill('12:15');
  await page.getByRole('button', { name: 'Remove receiver 1' }).click();
  await page.getByRole('switch', { name: 'Active' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Customer preference updated successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await page.getByRole('searchbox').fill(name);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText('09:30–12:15');
  await expect(bodyRows(page).first()).toContainText('Inactive');

  // Delete asks first.
  await bodyRows(page).first().getByRole('button', { name: /actions/i }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this customer preference?' });
  await expect(dialog).toContainText(`${name} for Emily Foster`);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Customer preference deleted')).toBeVisible();
  await expect(bodyRows(page).filter({ hasText: name })).toHaveCount(0);
});

test('the database has the last word: a second active preference for a location is refused on the Location field', async ({ page, request }) => {
  const address = await createAddressViaApi(request);
  const res = await request.post('/rest/v1/customer_preferences', {
    headers: { apikey: ANON_KEY, authorization: `Bearer ${admin.accessToken()}`, 'content-type': 'application/json' },
    data: {
      tenant_id: ACME_TENANT,
      customer_id: EMILY,
      location_id: address.id,
      name: unique('Existing'),
      preferred_day_of_week: 1,
      preferred_time_start: '08:00',
      preferred_time_end: '10:00',
    },
  });
  expect(res.status(), await res.text()).toBe(201);

  await page.goto(`${LIST}/create`);
  await choose(page, 'Customer', 'Emily', 'Emily Foster');
  await page.getByLabel('Location').selectOption(address.id);
  await page.getByLabel('Name', { exact: true }).first().fill(unique('Twin'));
  await page.getByLabel('Day of week').selectOption('5');
  await page.getByLabel('Start time').fill('14:00');
  await page.getByLabel('End time').fill('16:00');
  await page.getByRole('button', { name: 'Create preference' }).click();
  await expect(form(page).getByText('This customer already has an active preference for this location')).toBeVisible();
  await expect(page.getByText('Failed to submit customer preference')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}/create$`));
});

test('an unknown preference shows not found', async ({ page }) => {
  await page.goto(`${LIST}/00000000-0000-4000-8000-000000000000/edit`);
  await expect(page.getByText('Customer preference not found')).toBeVisible();
});
