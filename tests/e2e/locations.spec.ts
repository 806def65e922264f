import type { Page } from '@playwright/test';
import { expect, test, unique, workerSession } from './fixtures.ts';

const LIST = '/acme/admin/locations';
const BAYVIEW = 'a5000000-0000-4000-8000-000000000001';
const DOGPATCH = 'a5000000-0000-4000-8000-000000000002';

const admin = workerSession('admin@acme.test', '/acme/admin');

/** Leaves the field first: its blur validation may move the button before a click lands. */
async function submit(page: Page) {
  await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { blur?: () => void } | null } }).document.activeElement?.blur?.());
  await page.getByRole('button', { name: /^(Create location|Save changes)$/ }).click();
}

async function pickParent(page: Page, term: string, option: RegExp) {
  await page.getByRole('combobox', { name: 'Parent location' }).fill(term);
  await page.getByRole('option', { name: option }).first().click();
}

test.beforeEach(({ page }) => {
  // Long journeys through several screens on a shared, busy machine.
  test.slow();
  return admin.open(page);
});

test('the list: codes, statuses, and the chosen warehouse’s tree beside the table', async ({ page }) => {
  const nav = page.getByRole('navigation').filter({ hasText: 'Warehousing' });
  await nav.getByRole('link', { name: 'Locations' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await expect(page.getByRole('link', { name: 'Z1', exact: true }).first()).toBeVisible();
  const tree = page.getByRole('complementary', { name: 'Location tree' });
  await expect(tree.getByRole('tree', { name: 'Locations of Bayview Distribution Center' })).toBeVisible();
  await tree.getByLabel('Tree of').selectOption(DOGPATCH);
  await expect(page).toHaveURL(new RegExp(`${LIST}\\?warehouse=${DOGPATCH}$`));
  await expect(tree.getByRole('tree', { name: 'Locations of Dogpatch Cross-dock' })).toBeVisible();
  await page.getByRole('searchbox').fill('Z2-A04-S1-B01');
  const row = page.getByRole('row').filter({ hasText: 'Z2-A04-S1-B01' });
  await expect(row).toContainText('Under Maintenance');
  await expect(page.getByRole('row')).toHaveCount(2);
});

test('every message of the form, verbatim', async ({ page }) => {
  await page.goto(`${LIST}/create`);
  await page.getByLabel('Status').selectOption('');
  await submit(page);
  for (const message of ['Warehouse is required!', 'Name is required!', 'Invalid status']) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  // The first invalid field, the warehouse lookup, has the focus and its options open: close them.
  await page.keyboard.press('Escape');
  await page.getByLabel('Location type').selectOption('');
  await submit(page);
  await expect(page.getByText('Invalid location type', { exact: true })).toBeVisible();

  // Ids that arrive in the URL (a stale or hand-made link) are checked too.
  await page.goto(`${LIST}/create?warehouse_id=not-a-warehouse&location_type=aisle&parent_id=not-a-parent`);
  await page.getByLabel('Name', { exact: true }).fill('Aisle from a bad link');
  await submit(page);
  await expect(page.getByText('Invalid warehouse ID format', { exact: true })).toBeVisible();
  await expect(page.getByText('Invalid parent ID format', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/locations\/create\?/);
});

test('the parent is disabled for zones, and changing the type resets the position fields', async ({ page }) => {
  await page.goto(`${LIST}/create?warehouse_id=${BAYVIEW}`);
  const type = page.getByLabel('Location type');
  const parent = page.getByRole('combobox', { name: 'Parent location' });
  await expect(type).toHaveValue('zone');
  await expect(parent).toBeDisabled();
  await page.getByLabel('Floor').fill('2');
  await page.getByLabel('Area').fill('Mezzanine');
  await type.selectOption('aisle');
  await expect(parent).toBeEnabled();
  await expect(page.getByLabel('Floor')).toHaveCount(0);
  await expect(page.getByLabel('Aisle number')).toHaveValue('');
  await page.getByLabel('Aisle number').fill('7');
  await page.getByLabel('Section').fill('East');
  await type.selectOption('bin');
  await expect(page.getByLabel('Bin position')).toHaveValue('');
  await expect(page.getByLabel('Sequence')).toHaveValue('');
  await type.selectOption('zone');
  await expect(parent).toBeDisabled();
  await expect(page.getByLabel('Floor')).toHaveValue('');
  await expect(page.getByLabel('Area')).toHaveValue('');
  // A bin without its shelf: the hierarchy's own words.
  await type.selectOption('bin');
  await page.getByLabel('Name', { exact: true }).fill('Loose bin');
  await submit(page);
  await expect(page.getByText('A bin needs a parent shelf')).toBeVisible();
});

test('create: a zone, then an aisle in it; the list reloads and the tree shows the generated codes', async ({ page }) => {
  const zone = unique('Returns');
  await page.goto(`${LIST}/create?warehouse_id=${BAYVIEW}`);
  await expect(page.getByRole('combobox', { name: 'Warehouse' })).toHaveValue('Bayview Distribution Center');
  await page.getByLabel('Name', { exact: true }).fill(zone);
  await page.getByLabel('Floor').fill('0');
  await page.getByLabel('Area').fill('Dock side');
  await page.getByRole('checkbox', { name: 'Fragile' }).check();
  await submit(page);
  await expect(page.getByText('Warehouse location created successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}\\?warehouse=${BAYVIEW}$`));
  const tree = page.getByRole('tree', { name: 'Locations of Bayview Distribution Center' });
  const zoneItem = tree.getByRole('treeitem', { name: new RegExp(` ${zone}$`) });
  await expect(zoneItem).toBeVisible();
  const zoneCode = (await zoneItem.getAttribute('aria-label'))!.split(' ')[0]!;
  expect(zoneCode).toMatch(/^Z\d+$/);

  await page.getByRole('button', { name: 'Add location' }).click();
  await page.getByLabel('Location type').selectOption('aisle');
  await page.getByLabel('Name', { exact: true }).fill(`${zone} aisle`);
  await pickParent(page, zoneCode, new RegExp(`^${zoneCode} · `));
  await page.getByLabel('Aisle number').fill('1');
  await submit(page);
  await expect(page.getByText('Warehouse location created successfully')).toBeVisible();
  await expect(tree.getByRole('treeitem', { name: `${zoneCode}-A01 ${zone} aisle` })).toBeVisible();
});

test('create: a failed save says Failed to create warehouse location and stays on the form', async ({ page }) => {
  await page.goto(`${LIST}/create?warehouse_id=${BAYVIEW}`);
  await page.getByLabel('Name', { exact: true }).fill(unique('Overflow'));
  await page.route('**/rest/v1/warehouse_locations**', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 503, json: { message: 'Service unavailable' } }) : route.continue(),
  );
  await submit(page);
  await expect(page.getByText('Failed to create warehouse location')).toBeVisible();
  await expect(page).toHaveURL(/\/locations\/create\?/);
});

test('edit: the stored values load and save; a refusal from the database lands on its field', async ({ page }) => {
  await page.goto(`${LIST}?warehouse=${BAYVIEW}&q=Z1-A02-S3`);
  const row = page.getByRole('row').filter({ hasText: 'Z1-A02-S3' }).filter({ hasText: 'Shelf' }).first();
  await row.getByRole('link', { name: 'Z1-A02-S3', exact: true }).click();
  await expect(page).toHaveURL(/\/locations\/[0-9a-f-]+\/edit$/);
  await expect(page.getByText('Location code Z1-A02-S3')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Shelf 3');
  await expect(page.getByLabel('Shelf height')).toHaveValue('180');
  await expect(page.getByRole('combobox', { name: 'Parent location' })).toHaveValue(/^Z1-A02 · Aisle A2$/);

  // The request that leaves the browser carries a status the form would not send: the database refuses it.
  await page.route('**/rest/v1/warehouse_locations**', async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, status: 'closed' }) });
  });
  await submit(page);
  await expect(page.getByText('Failed to update warehouse location')).toBeVisible();
  await expect(page.getByText('Invalid status', { exact: true })).toBeVisible();
  await page.unroute('**/rest/v1/warehouse_locations**');

  await page.getByLabel('Status').selectOption('reserved');
  await page.getByLabel('Notes').fill('Held for the holiday stock');
  await submit(page);
  await expect(page.getByText('Warehouse location updated successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}\\?warehouse=${BAYVIEW}$`));
  await page.getByRole('searchbox').fill('Z1-A02-S3');
  await expect(page.getByRole('row').filter({ hasText: 'Shelf 3' }).first()).toContainText('Reserved');
});

test('an edit whose load fails shows Failed to fetch warehouse location and returns to the list', async ({ page }) => {
  const oneLocation = (url: URL) => url.pathname.endsWith('/rest/v1/warehouse_locations') && url.searchParams.has('id');
  await page.route(oneLocation, (route) => route.fulfill({ status: 500, json: { message: 'boom' } }));
  await page.goto(`${LIST}/00000000-0000-4000-8000-000000000001/edit`);
  await expect(page.getByText('Failed to fetch warehouse location')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await page.unroute(oneLocation);
  // A location that does not exist (or is another tenant's) fails the same way.
  await page.goto(`${LIST}/00000000-0000-4000-8000-000000000000/edit`);
  await expect(page.getByText('Failed to fetch warehouse location')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
});

test('bin labels: chosen locations print as barcodes in the document viewer', async ({ page }) => {
  await page.goto(`${LIST}?warehouse=${BAYVIEW}&type=bin&q=Z1-A01-S1`);
  await expect(page.getByRole('checkbox', { name: 'Select Z1-A01-S1-B04' })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Print labels (0)' })).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Select Z1-A01-S1-B01' }).check();
  await page.getByRole('checkbox', { name: 'Select Z1-A01-S1-B02' }).check();
  await page.getByRole('button', { name: 'Print labels (2)' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'bin-labels-2.pdf' })).toBeVisible();
  await expect(dialog.getByText('Page 1 of 1')).toBeVisible();
  await expect(dialog.locator('canvas').first()).toBeVisible();
  await expect(dialog.getByText('Z1-A01-S1-B01')).toBeAttached();
  await expect(dialog.getByText('Z1-A01-S1-B02')).toBeAttached();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(dialog.getByRole('link', { name: /download/i })).toHaveAttribute('download', 'bin-labels-2.pdf');
});
