import type { APIRequestContext, Page } from '@playwright/test';
import { ANON_KEY, expect, test, unique, workerSession } from './fixtures.ts';

/**
 * The address book of a person, on the user detail page of the admin panel: the tab's list,
 * filters, search and pages; the dialog's every message; add, edit and delete
 * with confirmation; the default address card; and the map filling fields offline (the gazetteer
 * shipped with the app: nothing is fetched).
 */

const admin = workerSession('admin@acme.test', '/acme/admin');

// Customers of acme's seed (seed.sql and 20_people.sql), one per test so parallel tests never share an address book.
const CARLA = 'a1000000-0000-4000-8000-000000000004';
const EMILY = 'a1000000-0000-4000-8000-000000000109';
const DANIEL = 'a1000000-0000-4000-8000-00000000010a';
const OLIVIA = 'a1000000-0000-4000-8000-00000000010b';
const HENRY = 'a1000000-0000-4000-8000-00000000010e';
const NOAH = 'a1000000-0000-4000-8000-00000000010c';

const detail = (userId: string, query = '') => `/acme/admin/users/${userId}/detail${query}`;

async function api(request: APIRequestContext, method: 'get' | 'delete', path: string) {
  const res = await request[method](`/rest/v1/${path}`, {
    headers: { apikey: ANON_KEY, authorization: `Bearer ${admin.accessToken()}`, prefer: 'return=representation' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { id: string; title: { en?: string }; address_type: string; is_primary: boolean }[];
}

const dialog = (page: Page) => page.getByRole('dialog');
/** A field by its label; a required one's name ends with the marker '*'. */
const field = (label: string) => new RegExp(`^${label}\\*?$`);
const addressCards = (page: Page) => page.getByRole('region', { name: 'Addresses' }).getByRole('article');

async function openAddDialog(page: Page, userId: string) {
  await page.goto(detail(userId, '?tab=address'));
  await expect(addressCards(page).first()).toBeVisible();
  await page.getByRole('button', { name: 'Add address' }).first().click();
  await expect(dialog(page).getByRole('heading', { name: 'Add address' })).toBeVisible();
  await expect(dialog(page).getByLabel(field('Full name'))).toBeVisible();
}

async function fillValidAddress(page: Page, title: string) {
  const d = dialog(page);
  await d.getByLabel(field('Address title')).fill(title);
  await d.getByLabel(field('Full name')).fill('Emily Foster');
  await d.getByLabel(field('Email')).fill('emily.foster@mail.example');
  await d.getByLabel(field('Phone number')).fill('415 555 0299');
  await d.getByLabel(field('Building name')).fill('Dolores Heights');
  await d.getByLabel(field('Address line 1')).fill('3800 20th St');
  await d.getByLabel(field('Street')).fill('20th St');
  await d.getByLabel(field('City')).fill('San Francisco');
  await d.getByLabel(field('State')).fill('CA');
  await d.getByLabel(field('Postal code')).fill('94114');
  await d.getByLabel(field('Country')).fill('United States');
}

// The dialog loads the map (maplibre and the offline basemap) and, when a place is searched, the
// gazetteer's chunks: on a busy two-core machine that takes longer than the default 30 s budget.
test.slow();

test.beforeEach(({ page }) => admin.enter(page));

test('the address tab lists the person\'s addresses, Default first, by type, searched, five a page', async ({ page, request }) => {
  const rows = await api(request, 'get', `addresses?user_id=eq.${CARLA}&select=id,title,address_type,is_primary`);
  expect(rows.length).toBeGreaterThanOrEqual(3);
  await page.goto(detail(CARLA, '?tab=address'));
  const cards = addressCards(page);
  await expect(cards).toHaveCount(Math.min(5, rows.length));
  await expect(cards.first().getByText('Default', { exact: true })).toBeVisible();

  await page.getByRole('group', { name: 'Address type' }).getByRole('button', { name: 'Billing' }).click();
  await expect(page).toHaveURL(/type=billing/);
  await expect(cards).toHaveCount(rows.filter((r) => r.address_type === 'billing').length);
  for (const card of await cards.all()) await expect(card.locator('[data-tone]', { hasText: /^Billing$/ })).toBeVisible();

  await page.getByRole('group', { name: 'Address type' }).getByRole('button', { name: 'All' }).click();
  const billingTitle = rows.find((r) => r.address_type === 'billing')?.title.en ?? '';
  await page.getByLabel('Search addresses').fill(billingTitle);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(billingTitle)}`));
  await expect(cards.first()).toContainText(billingTitle);

  await page.getByLabel('Search addresses').fill('no such place anywhere');
  await expect(page.getByText('No addresses match')).toBeVisible();
});

test('every validation message of the address dialog, verbatim', async ({ page }) => {
  await openAddDialog(page, EMILY);
  const d = dialog(page);
  await d.getByRole('button', { name: 'Add address' }).click();
  for (const message of [
    'Full name is required',
    'Valid email is required',
    'Phone number is required',
    'Address line 1 is required',
    'Building name is required',
    'Street is required',
    'City is required',
    'State is required',
    'Postal code is required',
    'Country is required',
  ]) {
    await expect(d.getByText(message, { exact: true })).toBeVisible();
  }
  await d.getByLabel(field('Phone number')).fill('555 0100');
  await d.getByLabel(field('Postal code')).fill('9411400');
  await d.getByLabel(field('Email')).fill('emily@');
  await d.getByRole('button', { name: 'Add address' }).click();
  await expect(d.getByText('Please enter a valid phone number with at least 10 digits', { exact: true })).toBeVisible();
  await expect(d.getByText('Postal code must be less than 6 characters', { exact: true })).toBeVisible();
  await expect(d.getByText('Valid email is required', { exact: true })).toBeVisible();
});

test('add, edit and delete an address, the delete after a confirmation', async ({ page }) => {
  const title = unique('Studio');
  await openAddDialog(page, DANIEL);
  await fillValidAddress(page, title);
  await dialog(page).getByLabel('Address type').selectOption('billing');
  await dialog(page).getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByText('Address added')).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);

  await page.getByLabel('Search addresses').fill(title);
  const card = addressCards(page).filter({ hasText: title });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('+1 415 555 0299');
  await expect(card.locator('[data-tone]', { hasText: /^Billing$/ })).toBeVisible();

  await card.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Edit address' })).toBeVisible();
  await expect(dialog(page).getByLabel(field('Phone number'))).toHaveValue('415 555 0299');
  await dialog(page).getByLabel(field('Building name')).fill('Dolores Heights Annex');
  await dialog(page).getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Address updated')).toBeVisible();
  await expect(card).toContainText('Dolores Heights Annex');

  await card.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete address?' });
  await expect(confirm).toContainText(title);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toHaveCount(1);

  await card.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete address?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Address deleted')).toBeVisible();
  await expect(page.getByText('No addresses match')).toBeVisible();
});

test('a save or delete the server refuses shows the server\'s message in a toast', async ({ page, request }) => {
  await page.goto(detail(NOAH, '?tab=address'));
  const cards = addressCards(page);
  await expect(cards.first()).toBeVisible();
  const title = (await cards.last().getByRole('heading').textContent()) ?? '';
  const [row] = await api(request, 'get', `addresses?user_id=eq.${NOAH}&title->>en=eq.${encodeURIComponent(title)}&select=id,title,address_type,is_primary`);
  expect(row, `Noah's address '${title}'`).toBeTruthy();
  // By its name (its title): a card's text also holds its type, which may be another card's title.
  const card = page.getByRole('region', { name: 'Addresses' }).getByRole('article', { name: title, exact: true });

  await card.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(dialog(page).getByLabel(field('Building name'))).not.toHaveValue('');
  // Another admin removes it meanwhile.
  await api(request, 'delete', `addresses?id=eq.${row!.id}`);
  await dialog(page).getByRole('button', { name: 'Save changes' }).click();
  // The toast sits outside the modal dialog (inert for assistive technology meanwhile), so it is found by its text.
  await expect(page.getByText('This address no longer exists, or you may not change it')).toBeVisible();
  await expect(dialog(page).getByRole('heading', { name: 'Edit address' })).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();

  await card.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete address?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This address no longer exists, or you may not change it' })).toBeVisible();
  await expect(card).toHaveCount(0);
});

test('the default address card: the Default, else Add Default Address opening the dialog', async ({ page, request }) => {
  await page.goto(detail(OLIVIA));
  const card = page.getByRole('region', { name: 'Default address' });
  const [primary] = await api(request, 'get', `addresses?user_id=eq.${OLIVIA}&is_primary=eq.true&select=id,title,address_type,is_primary`);
  await expect(card.getByRole('article')).toContainText(primary?.title.en ?? '');
  await expect(card.getByText('Default', { exact: true })).toBeVisible();

  await api(request, 'delete', `addresses?user_id=eq.${HENRY}`);
  await page.goto(detail(HENRY));
  const empty = page.getByRole('region', { name: 'Default address' });
  await empty.getByRole('button', { name: 'Add Default Address' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Add address' })).toBeVisible();
  await expect(dialog(page).getByRole('switch', { name: 'Default address' })).toBeChecked();
  await fillValidAddress(page, 'Home');
  await dialog(page).getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByText('Address added')).toBeVisible();
  await expect(empty.getByRole('article', { name: 'Home' })).toBeVisible();
  await expect(empty.getByText('Default', { exact: true })).toBeVisible();
});

test('offline: choosing a place and clicking the map fill the fields the gazetteer knows, and say so', { tag: '@map' }, async ({ page }) => {
  await openAddDialog(page, EMILY);
  const d = dialog(page);
  await expect(d.getByLabel('Phone country code')).toHaveValue('US');

  // By keyboard, as a dispatcher typing an address would: the best match is first and active.
  const search = d.getByLabel('Search for a place');
  await search.fill('London, United Kingdom');
  // The first search waits for the gazetteer's chunks (about 1.4 MB) on a busy machine.
  await expect(page.getByRole('listbox').getByRole('option').first()).toHaveAccessibleName('London Westminster, United Kingdom', { timeout: 60_000 });
  await search.press('Enter');
  await expect(d.getByLabel(field('City'))).toHaveValue('London');
  await expect(d.getByLabel(field('Country'))).toHaveValue('United Kingdom');
  await expect(d.getByLabel('Phone country code')).toHaveValue('GB');
  await expect(d.getByTestId('geocode-notice')).toContainText('offline gazetteer');

  // Nearest the point chosen (London) first, so the state narrows it to the one in California.
  await search.fill('San Francisco, California');
  await expect(page.getByRole('listbox').getByRole('option').first()).toHaveAccessibleName('San Francisco California, United States');
  await search.press('Enter');
  await expect(d.getByLabel(field('State'))).toHaveValue('California');
  await expect(d.getByLabel('Phone country code')).toHaveValue('US');
  const before = await d.getByLabel(field('Latitude')).inputValue();

  const canvas = d.locator('canvas.maplibregl-canvas');
  await expect(canvas).toBeVisible();
  await d.getByLabel(field('City')).fill('');
  await d.getByLabel(field('State')).fill('');
  // Back up to the map (the search sits right above it), then click a little south-east of its centre.
  await search.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the map has no box');
  await canvas.click({ position: { x: box.width / 2 + 40, y: box.height / 2 + 30 } });
  await expect(d.getByLabel(field('Latitude'))).not.toHaveValue(before);
  await expect(d.getByLabel(field('City'))).not.toHaveValue('');
  await expect(d.getByLabel(field('State'))).toHaveValue('California');
  await expect(d.getByLabel(field('Country'))).toHaveValue('United States');
  await expect(d.getByTestId('geocode-notice')).toContainText('no streets or postal codes');
  await expect(d.getByLabel(field('Postal code'))).toHaveValue('');
  await expect(d.getByLabel(field('Street'))).toHaveValue('');
});

test('without a map: coordinates typed in the form are looked up as a click on the map is, and no second pair of inputs is offered', async ({ page }) => {
  await openAddDialog(page, EMILY);
  const d = dialog(page);
  await expect(d.getByTestId('map-fallback')).toContainText('Map unavailable: this browser cannot display maps');
  await expect(d.getByRole('form', { name: 'Pick a point' })).toHaveCount(0);
  await expect(d.getByLabel(field('Latitude'))).toHaveCount(1);

  const find = d.getByRole('button', { name: 'Find the address at these coordinates' });
  await expect(find).toBeDisabled();
  await d.getByLabel(field('Latitude')).fill('37.7749');
  await d.getByLabel(field('Longitude')).fill('-122.4194');
  await find.click();
  // The first lookup waits for the gazetteer's chunks on a busy machine.
  await expect(d.getByLabel(field('State'))).toHaveValue('California', { timeout: 60_000 });
  await expect(d.getByLabel(field('City'))).not.toHaveValue('');
  await expect(d.getByLabel(field('Country'))).toHaveValue('United States');
  await expect(d.getByTestId('geocode-notice')).toContainText('no streets or postal codes');
  await expect(d.getByLabel(field('Latitude'))).toHaveValue('37.7749');
});
