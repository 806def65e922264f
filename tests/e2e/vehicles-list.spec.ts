import type { Locator, Page, Route } from '@playwright/test';
import { expect, test, unique, workerSession } from './fixtures.ts';

/**
 * The vehicles list's filter drawer, sorting and search, and the edit form's load failure.
 *
 * Other workers create vehicles in acme while these run (never seed ones: those are only read
 * here), so a check on the whole list asserts what every row must satisfy and which seed vehicles
 * are in or out; an exact order is asserted on a search that only the seed fleet matches.
 */

const LIST = '/acme/admin/vehicles';

/** The acme seed fleet (supabase/seed.sql); every code starts with ACME-, no vehicle the tests create does. */
const SEED = {
  van: { id: 'a3000000-0000-4000-8000-000000000001', name: 'City Van 1', code: 'ACME-VAN-01', capacity: 40 },
  truck: { id: 'a3000000-0000-4000-8000-000000000002', name: 'Box Truck 7t', code: 'ACME-TRK-07', capacity: 300 },
  reefer: { id: 'a3000000-0000-4000-8000-000000000003', name: 'Reefer 12t', code: 'ACME-REF-12', capacity: 500 },
  bike: { id: 'a3000000-0000-4000-8000-000000000004', name: 'Old Cargo Bike', code: 'ACME-BIKE-01', capacity: 1 },
} as const;
const SEED_ONLY = 'ACME-';

const admin = workerSession('admin@acme.test', '/acme/admin');

test.beforeEach(({ page }) => admin.enter(page));

const table = (page: Page) => page.getByRole('table', { name: 'Vehicles' });
/** The data rows' cells of a column (1-based, as the page declares them: Image, Name, Code, Fuel, Capacity, Features, Status). */
const column = (page: Page, index: number) => table(page).locator(`tbody tr:not([data-skeleton]) > td:nth-child(${index})`);
const NAME = 2;
const FUEL = 4;
const CAPACITY = 5;
const STATUS = 7;
const nameCell = (page: Page, name: string) => column(page, NAME).filter({ hasText: new RegExp(`^${name}$`) });
const filtersButton = (page: Page) => page.getByRole('button', { name: /^Filters( \(\d+ active\))?$/ });
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Filters' });
const header = (page: Page, name: string) => page.getByRole('columnheader', { name, exact: true });

async function expectParam(page: Page, name: string, value: string | null): Promise<void> {
  await expect.poll(() => new URL(page.url()).searchParams.get(name), { message: `?${name} in ${page.url()}` }).toBe(value);
}

/** Waits until the table shows a settled page (no skeleton, not busy). */
async function settled(page: Page): Promise<void> {
  await expect(table(page)).not.toHaveAttribute('aria-busy', 'true');
  await expect(table(page).locator('tbody tr[data-skeleton]')).toHaveCount(0);
}

/** Every cell of the column reads exactly `text` (and there is at least one). */
async function expectEvery(cells: Locator, text: string): Promise<void> {
  await expect(cells.first()).toBeVisible();
  await expect.poll(async () => [...new Set(await cells.allTextContents())]).toEqual([text]);
}

test.describe('filter drawer', () => {
  test('a filter narrows the list to the matching seed vehicles, lives in the URL across a reload, and Reset restores the list', async ({ page }) => {
    await page.goto(LIST);
    await expect(nameCell(page, SEED.van.name)).toBeVisible();
    await expect(nameCell(page, SEED.bike.name)).toBeVisible();
    await expect(filtersButton(page)).toHaveAccessibleName('Filters');

    await filtersButton(page).click();
    await expect(drawer(page)).toBeVisible();
    await drawer(page).getByLabel('Status').selectOption({ label: 'Inactive' });
    await drawer(page).getByRole('button', { name: 'Apply' }).click();
    await expect(drawer(page)).toBeHidden();

    await expectParam(page, 'active', 'false');
    await settled(page);
    // The retired bike is the one inactive vehicle of the seed; the tests make active ones only.
    await expect(nameCell(page, SEED.bike.name)).toBeVisible();
    for (const active of [SEED.van, SEED.truck, SEED.reefer]) await expect(nameCell(page, active.name)).toHaveCount(0);
    await expectEvery(column(page, STATUS), 'Inactive');
    await expect(filtersButton(page)).toHaveAccessibleName('Filters (1 active)');

    // A reload (or a shared link) keeps the filter, and the drawer opens on it.
    await page.reload();
    await expectParam(page, 'active', 'false');
    await expect(nameCell(page, SEED.bike.name)).toBeVisible();
    await settled(page);
    await expect(nameCell(page, SEED.van.name)).toHaveCount(0);
    await expectEvery(column(page, STATUS), 'Inactive');
    await filtersButton(page).click();
    await expect(drawer(page).getByLabel('Status')).toHaveValue('false');

    // A second filter on top: the bike is hybrid, so Electric leaves nothing, and the empty state offers a way out.
    await drawer(page).getByLabel('Fuel type').selectOption({ label: 'Electric' });
    await drawer(page).getByRole('button', { name: 'Apply' }).click();
    await expectParam(page, 'fuel', 'electric');
    await expectParam(page, 'active', 'false');
    await expect(table(page).getByText('No records found')).toBeVisible();
    await expect(table(page).getByText('Nothing matches the current search or filters.')).toBeVisible();
    await expect(filtersButton(page)).toHaveAccessibleName('Filters (2 active)');

    // Reset in the drawer clears every filter: the URL drops them and the whole fleet is back.
    await filtersButton(page).click();
    await drawer(page).getByRole('button', { name: 'Reset' }).click();
    await expect(drawer(page)).toBeHidden();
    await expectParam(page, 'active', null);
    await expectParam(page, 'fuel', null);
    await expect(nameCell(page, SEED.van.name)).toBeVisible();
    await expect(nameCell(page, SEED.bike.name)).toBeVisible();
    await expect(filtersButton(page)).toHaveAccessibleName('Filters');
  });

  test('the fuel filter from a link shows only vehicles of that fuel, and Clear filters in the empty state restores the list', async ({ page }) => {
    await page.goto(`${LIST}?fuel=electric`);
    await expect(nameCell(page, SEED.van.name)).toBeVisible();
    await settled(page);
    for (const other of [SEED.truck, SEED.reefer, SEED.bike]) await expect(nameCell(page, other.name)).toHaveCount(0);
    await expectEvery(column(page, FUEL), 'Electric');

    // Filters and search together, matching nothing: 'Clear filters' clears both.
    await page.getByRole('searchbox').fill(SEED.truck.code);
    await expectParam(page, 'q', SEED.truck.code);
    await expect(table(page).getByText('No records found')).toBeVisible();
    await table(page).getByRole('button', { name: 'Clear filters' }).click();
    await expectParam(page, 'fuel', null);
    await expectParam(page, 'q', null);
    await expect(page.getByRole('searchbox')).toHaveValue('');
    await expect(nameCell(page, SEED.truck.name)).toBeVisible();
    await expect(nameCell(page, SEED.van.name)).toBeVisible();
  });

  test('keyboard: the drawer opens from the keyboard, Escape closes it without applying, and focus returns to the Filters button', async ({ page }) => {
    await page.goto(LIST);
    await expect(nameCell(page, SEED.van.name)).toBeVisible();

    for (let round = 1; round <= 2; round++) {
      await filtersButton(page).focus();
      await page.keyboard.press('Enter');
      await expect(drawer(page), `open, round ${round}`).toBeVisible();
      // Focus moved into the modal drawer.
      await expect.poll(() => drawer(page).evaluate((dialog) => dialog.contains(dialog.ownerDocument.activeElement))).toBe(true);
      await drawer(page).getByLabel('Status').selectOption({ label: 'Inactive' });
      await page.keyboard.press('Escape');
      await expect(drawer(page), `closed by Escape, round ${round}`).toBeHidden();
      await expect(filtersButton(page)).toBeFocused();
      // Escape discards the draft: nothing was applied.
      await expectParam(page, 'active', null);
      await expect(filtersButton(page)).toHaveAccessibleName('Filters');
      await expect(nameCell(page, SEED.van.name)).toBeVisible();
    }

    // The discarded draft is not what the drawer reopens on; Apply from the keyboard works, and focus comes back too.
    await page.keyboard.press('Enter');
    await expect(drawer(page)).toBeVisible();
    await expect(drawer(page).getByLabel('Status')).toHaveValue('');
    await drawer(page).getByLabel('Status').selectOption({ label: 'Inactive' });
    await drawer(page).getByRole('button', { name: 'Apply' }).focus();
    await page.keyboard.press('Enter');
    await expect(drawer(page)).toBeHidden();
    await expectParam(page, 'active', 'false');
    await expect(filtersButton(page)).toBeFocused();
    await expect(filtersButton(page)).toHaveAccessibleName('Filters (1 active)');
  });
});

test.describe('sorting', () => {
  test('a header click sorts ascending, a second click descending; the URL and aria-sort follow', async ({ page }) => {
    await page.goto(`${LIST}?q=${SEED_ONLY}`);
    await expect(column(page, NAME)).toHaveCount(4);

    // The default sort (newest first) is no column of the table: every sortable header says none.
    for (const name of ['Name', 'Code', 'Capacity']) await expect(header(page, name)).toHaveAttribute('aria-sort', 'none');
    for (const name of ['Image', 'Fuel', 'Features', 'Status']) await expect(header(page, name)).not.toHaveAttribute('aria-sort');

    const byName = [SEED.truck, SEED.van, SEED.bike, SEED.reefer].map((v) => v.name);
    await header(page, 'Name').getByRole('button').click();
    await expectParam(page, 'sort', 'name:asc');
    await expect(column(page, NAME)).toHaveText(byName);
    await expect(header(page, 'Name')).toHaveAttribute('aria-sort', 'ascending');
    await expect(header(page, 'Code')).toHaveAttribute('aria-sort', 'none');

    await header(page, 'Name').getByRole('button').click();
    await expectParam(page, 'sort', 'name:desc');
    await expect(column(page, NAME)).toHaveText([...byName].reverse());
    await expect(header(page, 'Name')).toHaveAttribute('aria-sort', 'descending');
    // The search is kept alongside the sort.
    await expectParam(page, 'q', SEED_ONLY);

    // The sort survives a reload.
    await page.reload();
    await expect(header(page, 'Name')).toHaveAttribute('aria-sort', 'descending');
    await expect(column(page, NAME)).toHaveText([...byName].reverse());

    // Another column starts ascending again, and the previous one goes back to none.
    await header(page, 'Capacity').getByRole('button').click();
    await expectParam(page, 'sort', 'capacity_unit:asc');
    await expect(column(page, NAME)).toHaveText([SEED.bike, SEED.van, SEED.truck, SEED.reefer].map((v) => v.name));
    await expect(column(page, CAPACITY)).toHaveText([SEED.bike, SEED.van, SEED.truck, SEED.reefer].map((v) => String(v.capacity)));
    await expect(header(page, 'Capacity')).toHaveAttribute('aria-sort', 'ascending');
    await expect(header(page, 'Name')).toHaveAttribute('aria-sort', 'none');

    await header(page, 'Code').getByRole('button').click();
    await expectParam(page, 'sort', 'code:asc');
    await expect(column(page, NAME)).toHaveText([SEED.bike, SEED.reefer, SEED.truck, SEED.van].map((v) => v.name));
  });

  test('on the whole list, a numeric sort orders every row of the page', async ({ page }) => {
    await page.goto(LIST);
    await expect(nameCell(page, SEED.van.name)).toBeVisible();
    const capacities = async () => (await column(page, CAPACITY).allTextContents()).map(Number);

    await header(page, 'Capacity').getByRole('button').click();
    await expectParam(page, 'sort', 'capacity_unit:asc');
    await settled(page);
    await expect(header(page, 'Capacity')).toHaveAttribute('aria-sort', 'ascending');
    // The bike (capacity 1) is the smallest vehicle there is: it leads the list.
    await expect(column(page, NAME).first()).toHaveText(SEED.bike.name);
    const ascending = await capacities();
    expect(ascending.length).toBeGreaterThan(1);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

    await header(page, 'Capacity').getByRole('button').click();
    await expectParam(page, 'sort', 'capacity_unit:desc');
    await expect(column(page, NAME).first()).not.toHaveText(SEED.bike.name);
    await settled(page);
    await expect(header(page, 'Capacity')).toHaveAttribute('aria-sort', 'descending');
    const descending = await capacities();
    expect(descending.length).toBeGreaterThan(1);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
  });
});

test.describe('search', () => {
  test('typing narrows the rows by name or code, case-insensitively, and a search with no match shows the empty state', async ({ page }) => {
    await page.goto(LIST);
    await expect(nameCell(page, SEED.van.name)).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'Search' });
    await expect(search).toHaveAttribute('placeholder', 'Search name or code');

    await search.fill('reefer');
    await expectParam(page, 'q', 'reefer');
    await expect(column(page, NAME)).toHaveText([SEED.reefer.name]);

    // By code, too.
    await search.fill('acme-trk');
    await expectParam(page, 'q', 'acme-trk');
    await expect(column(page, NAME)).toHaveText([SEED.truck.name]);

    // A reload keeps the search, in the box and in the rows.
    await page.reload();
    await expect(search).toHaveValue('acme-trk');
    await expect(column(page, NAME)).toHaveText([SEED.truck.name]);

    const nothing = unique('no-such-vehicle');
    await search.fill(nothing);
    await expectParam(page, 'q', nothing);
    await expect(table(page).getByText('No records found', { exact: true })).toBeVisible();
    await expect(table(page).getByText('Nothing matches the current search or filters.')).toBeVisible();
    await expect(column(page, NAME)).toHaveCount(0);
    // No pagination for an empty list.
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);

    await table(page).getByRole('button', { name: 'Clear search' }).click();
    await expectParam(page, 'q', null);
    await expect(search).toHaveValue('');
    await expect(nameCell(page, SEED.van.name)).toBeVisible();
    await expect(nameCell(page, SEED.reefer.name)).toBeVisible();
  });
});

test.describe('edit form: the vehicle does not load', () => {
  const FETCH_FAILED = 'Failed to fetch vehicle data';
  const editUrl = `${LIST}/${SEED.truck.id}/edit`;
  /** The form's read of the one vehicle (the list and the live collection read without an id filter). */
  const isVehicleRead = (route: Route) => route.request().method() === 'GET' && new URL(route.request().url()).searchParams.get('id') === `eq.${SEED.truck.id}`;

  /** A PostgREST-style 500 for the vehicle's read. */
  const answerServerError = (route: Route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'XX000', details: null, hint: null, message: 'internal error' }) });

  /** The page's failure state (the toast says the same in the Messages region). */
  const failureState = (page: Page) => page.getByRole('main').getByRole('alert').filter({ has: page.getByRole('button', { name: 'Retry' }) });

  async function expectFailedState(page: Page): Promise<void> {
    await expect(failureState(page).getByText(FETCH_FAILED, { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Messages' }).getByRole('alert').filter({ hasText: FETCH_FAILED })).toBeVisible();
    await expect(page.getByText('Vehicle not found')).toHaveCount(0);
    // No form, neither empty nor with values from elsewhere.
    await expect(page.getByRole('form')).toHaveCount(0);
    await expect(page.getByLabel('Name', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Save changes|Create vehicle)$/ })).toHaveCount(0);
    await expect(page.getByLabel('Loading vehicle')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: /breadcrumb/i }).getByText('Edit')).toBeVisible();
  }

  test('a server error shows the message verbatim, no form, and Go back leads to the list; the next visit loads', async ({ page }) => {
    let failed = 0;
    await page.route('**/rest/v1/vehicles?**', async (route) => {
      if (!isVehicleRead(route)) return route.fallback();
      failed++;
      await answerServerError(route);
    });
    await page.goto(editUrl);
    await expectFailedState(page);
    expect(failed).toBeGreaterThan(0);
    // The server's own message is not what the user reads.
    await expect(page.getByText('internal error')).toHaveCount(0);

    await page.getByRole('button', { name: 'Go back' }).click();
    await expect(page).toHaveURL(new RegExp(`${LIST}$`));
    await expect(nameCell(page, SEED.truck.name)).toBeVisible();

    // Once the server answers again, the same vehicle opens with its stored values.
    await page.unroute('**/rest/v1/vehicles?**');
    await page.goto(editUrl);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(SEED.truck.name);
    await expect(page.getByLabel('Code', { exact: true })).toHaveValue(SEED.truck.code);
    await expect(page.getByText(FETCH_FAILED)).toHaveCount(0);
  });

  test('Retry loads the vehicle again once the server answers, without leaving the page', async ({ page }) => {
    let failing = true;
    await page.route('**/rest/v1/vehicles?**', async (route) => {
      if (!isVehicleRead(route) || !failing) return route.fallback();
      await answerServerError(route);
    });
    await page.goto(editUrl);
    await expectFailedState(page);
    failing = false;
    await failureState(page).getByRole('button', { name: 'Retry' }).click();
    await expect(page).toHaveURL(new RegExp(`${editUrl}$`));
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(SEED.truck.name);
    await expect(failureState(page)).toHaveCount(0);
  });

  test('a network failure shows the loading state while the read is retried, then the same failure state, never the form', async ({ page }) => {
    let attempts = 0;
    await page.route('**/rest/v1/vehicles?**', (route) => {
      if (!isVehicleRead(route)) return route.fallback();
      attempts++;
      return route.abort('connectionrefused');
    });
    await page.goto(editUrl);
    // supabase-js retries a failed GET with back-off (1 s, 2 s, 4 s) before it gives up.
    await expect(page.getByLabel('Loading vehicle')).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveCount(0);
    await expect(failureState(page).getByText(FETCH_FAILED, { exact: true })).toBeVisible({ timeout: 20_000 });
    await expectFailedState(page);
    expect(attempts).toBeGreaterThan(0);
  });

  test('from the list, Edit on a vehicle whose load fails shows the failure instead of the form', async ({ page }) => {
    await page.route('**/rest/v1/vehicles?**', async (route) => {
      if (!isVehicleRead(route)) return route.fallback();
      // A 503 is what PostgREST answers when it cannot reach the database; Retry-After: 0 keeps supabase-js's retries quick.
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        headers: { 'retry-after': '0' },
        body: JSON.stringify({ code: 'PGRST000', details: null, hint: null, message: 'Could not connect' }),
      });
    });
    await page.goto(`${LIST}?q=${SEED.truck.code}`);
    const row = page.getByRole('row').filter({ hasText: SEED.truck.code });
    await row.getByRole('button', { name: /actions/i }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`${editUrl}$`));
    await expectFailedState(page);
    await page.getByRole('button', { name: 'Go back' }).click();
    await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  });
});
