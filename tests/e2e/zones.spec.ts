import type { Locator, Page } from '@playwright/test';
import { ANON_KEY, expect, test, unique, workerSession } from './fixtures.ts';

const LIST = '/acme/admin/zones';
const admin = workerSession('admin@acme.test', '/acme/admin');

// The map's first draw (WebGL in software) shares two cores with the stack.
test.describe.configure({ timeout: 120_000 });
test.beforeEach(({ page }) => admin.enter(page));

/** The drawing map, drawn and ready for clicks. */
async function drawingMap(page: Page): Promise<{ map: Locator; box: { x: number; y: number; width: number; height: number } }> {
  const map = page.getByTestId('map');
  await expect(map).toHaveAttribute('data-status', 'ready', { timeout: 45_000 });
  // Mouse clicks land where the map is on screen: all of it must be in view.
  await map.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = await map.boundingBox();
  expect(box).not.toBeNull();
  return { map, box: box! };
}

/** Clicks the map at fractions of its width and height. */
async function clickAt(page: Page, box: { x: number; y: number; width: number; height: number }, fx: number, fy: number) {
  await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
}

const points = (page: Page) => page.getByRole('list', { name: 'Outline points' }).getByRole('listitem');
const vertex = (page: Page, index: number) => page.locator(`[data-vertex="${index}"]`);

test('the list shows every zone in the table and on the map', { tag: '@map' }, async ({ page }) => {
  await admin.home(page);
  await page.getByRole('link', { name: 'Zones' }).first().click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  const table = page.getByRole('table', { name: 'Zones' });
  await expect(table.getByRole('cell', { name: 'SF-SOMA' })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'SF-TI' })).toBeVisible();
  await expect(page.getByText('LDN-CITY')).toHaveCount(0);
  const map = page.getByTestId('map');
  await expect(map).toHaveAttribute('data-status', 'ready', { timeout: 45_000 });
  await expect(page.getByRole('img', { name: /^SoMa & Mission Bay at / })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Treasure Island \(inactive\) at / })).toBeAttached();
  await expect(page.getByText('8 zones on the map; faded ones are inactive.')).toBeVisible();
});

test('the status filter narrows the list to inactive zones', async ({ page }) => {
  await page.goto(LIST);
  await page.getByRole('button', { name: /filters/i }).click();
  await page.getByLabel('Status').selectOption('false');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/active=false/);
  const table = page.getByRole('table', { name: 'Zones' });
  await expect(table.getByRole('cell', { name: 'SF-TI' })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'SF-SOMA' })).toHaveCount(0);
});

test('drawing a zone: click points on the map, close it on the first point, drag a point, save, then edit it', { tag: '@map' }, async ({ page }) => {
  const name = unique('Hayes Valley');
  const code = unique('HV');
  await page.goto(`${LIST}/create`);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Code', { exact: true }).fill(code);
  const { box } = await drawingMap(page);

  await clickAt(page, box, 0.35, 0.35);
  await expect(points(page)).toHaveCount(1);
  await expect(page.getByText('1 of at least 3 points. Keep clicking the map.')).toBeVisible();
  await clickAt(page, box, 0.65, 0.35);
  await clickAt(page, box, 0.6, 0.65);
  await expect(points(page)).toHaveCount(3);
  await expect(page.getByText('3 points. Click the first point, or choose Close outline.')).toBeVisible();

  // The first point closes the outline.
  await vertex(page, 0).click();
  await expect(page.getByText(/^Closed outline with 3 points\./)).toBeVisible();
  // A closed outline takes no more points from clicks on the map.
  await clickAt(page, box, 0.2, 0.8);
  await expect(points(page)).toHaveCount(3);

  // Drag the third point somewhere else: its coordinates change.
  const before = await points(page).nth(2).textContent();
  const handle = await vertex(page, 2).boundingBox();
  await page.mouse.move(handle!.x + handle!.width / 2, handle!.y + handle!.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.45, box.y + box.height * 0.75, { steps: 8 });
  await page.mouse.up();
  await expect(points(page).nth(2)).not.toHaveText(before!);
  await expect(points(page)).toHaveCount(3);

  await page.getByRole('button', { name: 'Create zone' }).click();
  await expect(page.getByText('Zone created successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await page.getByRole('searchbox').fill(code);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(code)}`));
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: '3', exact: true })).toBeVisible();

  // Edit later: the outline comes back closed; a handle on an edge adds a point.
  await row.getByRole('button', { name: /actions/i }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/zones\/[0-9a-f-]{36}\/edit$/);
  await expect(page.getByRole('heading', { name: 'Edit zone' })).toBeVisible();
  await expect(points(page)).toHaveCount(3);
  await drawingMap(page);
  await expect(page.getByText(/^Closed outline with 3 points\./)).toBeVisible();
  await page.locator('[data-midpoint="0"]').click();
  await expect(points(page)).toHaveCount(4);
  // Keyboard: a focused point moves with the arrow keys and Delete removes it.
  const moved = await points(page).nth(3).textContent();
  await vertex(page, 3).focus();
  await page.keyboard.press('ArrowUp');
  await expect(points(page).nth(3)).not.toHaveText(moved!);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await page.getByRole('searchbox').fill(code);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(code)}`));
  await expect(page.getByRole('row', { name: new RegExp(code) }).getByRole('cell', { name: '4', exact: true })).toBeVisible();
});

test('the form says what is missing, refuses a crossing outline, and the server refuses a duplicate code', { tag: '@map' }, async ({ page }) => {
  await page.goto(`${LIST}/create`);
  await drawingMap(page);
  await page.getByRole('button', { name: 'Create zone' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Code is required')).toBeVisible();
  await expect(page.getByText('Draw the zone on the map')).toBeVisible();
  // The first invalid field took focus and scrolled the page: measure the map again.
  const { box } = await drawingMap(page);

  // Two points, then an open outline, then a bow tie.
  await clickAt(page, box, 0.3, 0.3);
  await clickAt(page, box, 0.7, 0.7);
  await expect(page.getByText('Draw at least 3 points', { exact: true })).toBeVisible();
  await clickAt(page, box, 0.7, 0.3);
  await expect(page.getByText('Close the outline: click its first point, or choose Close outline')).toBeVisible();
  await clickAt(page, box, 0.3, 0.7);
  await page.getByRole('button', { name: 'Close outline' }).click();
  await expect(page.getByText('The outline must not cross itself')).toBeVisible();
  // Removing the crossing point leaves a valid triangle.
  await page.getByRole('button', { name: 'Remove point 4' }).click();
  await expect(page.getByText('The outline must not cross itself')).toHaveCount(0);

  await page.getByLabel('Name', { exact: true }).fill('Duplicate of SoMa');
  await page.getByLabel('Code', { exact: true }).fill('SF-SOMA');
  await page.getByLabel('Hex colour').fill('teal');
  await page.getByRole('button', { name: 'Create zone' }).click();
  await expect(page.getByText('Colour must be a hex colour such as #2563eb')).toBeVisible();
  await page.getByRole('radio', { name: 'Colour #9333ea' }).check({ force: true });
  await page.getByRole('button', { name: 'Create zone' }).click();
  await expect(page.getByText('Code already exists')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}/create$`));
});

test('points can be typed instead of clicked', { tag: '@map' }, async ({ page }) => {
  await page.goto(`${LIST}/create`);
  const list = page.getByRole('group', { name: 'Add a point by its coordinates' });
  for (const [lat, lng] of [
    ['37.80', '-122.43'],
    ['37.80', '-122.42'],
    ['37.79', '-122.42'],
  ]) {
    await list.getByLabel('Latitude').fill(lat);
    await list.getByLabel('Longitude').fill(lng);
    await list.getByRole('button', { name: 'Add point' }).click();
  }
  await expect(points(page)).toHaveCount(3);
  await list.getByLabel('Latitude').fill('95');
  await list.getByLabel('Longitude').fill('0');
  await list.getByRole('button', { name: 'Add point' }).click();
  await expect(page.getByText('Enter a latitude from -90 to 90 and a longitude from -180 to 180')).toBeVisible();
  await page.getByRole('button', { name: 'Close outline' }).click();
  await expect(page.getByText(/^Closed outline with 3 points\./)).toBeVisible();
  await page.getByRole('button', { name: 'Reopen outline' }).click();
  await expect(page.getByText('3 points. Click the first point, or choose Close outline.')).toBeVisible();
});

test('an unknown zone shows not found', async ({ page }) => {
  await page.goto(`${LIST}/00000000-0000-4000-8000-000000000000/edit`);
  await expect(page.getByText('Zone not found')).toBeVisible();
});

test('Delete asks first, removes a zone nothing uses, and refuses a priced one with what to do instead', async ({ page, request }) => {
  const code = unique('DEL');
  const res = await request.post('/rest/v1/zones', {
    headers: { apikey: ANON_KEY, authorization: `Bearer ${admin.accessToken()}`, 'content-type': 'application/json' },
    data: {
      tenant_id: 'a0000000-0000-4000-8000-000000000001',
      name: 'Pop-up market',
      code,
      polygon: { type: 'Polygon', coordinates: [[[-122.42, 37.77], [-122.41, 37.77], [-122.41, 37.78], [-122.42, 37.77]]] },
    },
  });
  expect(res.status(), await res.text()).toBe(201);

  await page.goto(`${LIST}?q=SF-SOMA`);
  const soma = page.getByRole('row', { name: /SF-SOMA/ });
  await soma.getByRole('button', { name: /actions/i }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this zone?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('This zone is used by prices or deliveries: deactivate it instead, or remove its prices first.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(soma).toBeVisible();

  await page.getByRole('searchbox').fill(code);
  await expect(page).toHaveURL(new RegExp(`q=${code}`));
  const row = page.getByRole('row', { name: new RegExp(code) });
  await row.getByRole('button', { name: /actions/i }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(dialog).toContainText(`Pop-up market (${code}) will be removed.`);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Zone deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
});
