import { ANON_KEY, expect, test, unique, workerSession } from './fixtures.ts';

/**
 * The audit trail on screen: the activity list with its filters in the URL and a diff per entry,
 * and a vehicle's own history on its edit page.
 */
const ACME_TENANT = 'a0000000-0000-4000-8000-000000000001';
const admin = workerSession('admin@acme.test', '/acme/admin');

// Each test walks a whole screen (several saves and reloads, a second browser): triple the budget.
test.beforeEach(({ page }) => {
  test.slow();
  return admin.open(page);
});

/** 'YYYY-MM-DD' of the day `days` before today, as the browser (and the seed's backdating) count days. */
function daysAgo(days: number): string {
  const date = new Date();
  date.setUTCHours(0, 0, 0, 0);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

test.use({ timezoneId: 'UTC' });

test('activity: the seeded trail, filters kept in the URL, and the changes of one entry', async ({ page }) => {
  await page.getByRole('link', { name: 'Activity' }).click();
  await expect(page).toHaveURL(/\/acme\/admin\/activity$/);
  const table = page.getByRole('table', { name: 'Activity' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // Only acme's entries: globex's trike and its admin never show.
  await expect(page.getByText('E-Cargo Trike')).toHaveCount(0);
  await expect(page.getByText('Gina Admin')).toHaveCount(0);

  // Table + action: the rental van removed after the peak.
  await page.getByRole('button', { name: /filters/i }).click();
  await page.getByLabel('Table', { exact: true }).selectOption('vehicles');
  await page.getByLabel('Action').selectOption('delete');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/table=vehicles/);
  await expect(page).toHaveURL(/action=delete/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText('Rental Van (peak season)')).toBeVisible();
  await table.getByRole('button', { name: /View changes of Rental Van/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: /Deleted: Vehicles Rental Van/ })).toBeVisible();
  await expect(dialog.getByRole('row', { name: /Capacity unit/ })).toContainText('35');
  await expect(dialog.getByRole('columnheader', { name: 'After' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The URL is the view: a reload shows the same filtered list.
  await page.reload();
  await expect(table.getByText('Rental Van (peak season)')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);

  // User + date range: what Dana changed on her own profile three days ago.
  await page.getByRole('button', { name: /filters/i }).click();
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page).not.toHaveURL(/action=/);
  await page.getByRole('button', { name: /filters/i }).click();
  await page.getByLabel('User').selectOption({ label: 'Dana Dispatcher' });
  await page.getByLabel('From', { exact: true }).fill(daysAgo(4));
  await page.getByLabel('To', { exact: true }).fill(daysAgo(2));
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${daysAgo(4)}`));
  await expect(page).toHaveURL(/actor=a1000000-0000-4000-8000-000000000002/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('button', { name: /View changes/ }).click();
  await expect(dialog.getByRole('row', { name: /First name/ })).toContainText('Danielle');
  await expect(dialog.getByRole('row', { name: /First name/ })).toContainText('Dana');
});

test('a vehicle\'s edit page shows its history, newest first, with each change before -> after', async ({ page, request }) => {
  const name = unique('History Van');
  const res = await request.post('/rest/v1/vehicles', {
    headers: { apikey: ANON_KEY, authorization: `Bearer ${admin.accessToken()}`, prefer: 'return=representation', 'content-type': 'application/json' },
    data: {
      tenant_id: ACME_TENANT,
      name,
      code: unique('HIS'),
      description: 'Made by the history test',
      capacity_unit: 12,
      vehicle_requirements: { license_requirements: ['standard'], special_features: [], fuel_type: 'diesel' },
      active: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const [vehicle] = (await res.json()) as { id: string }[];

  await page.goto(`/acme/admin/vehicles/${vehicle!.id}/edit`);
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history.getByRole('listitem').first()).toContainText('Created');
  await expect(history.getByRole('listitem').first()).toContainText('Ada Admin');

  await page.getByLabel('Capacity unit').fill('30');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/acme\/admin\/vehicles$/);
  await page.goto(`/acme/admin/vehicles/${vehicle!.id}/edit`);
  await expect(history.getByRole('listitem')).toHaveCount(2);
  const newest = history.getByRole('listitem').first();
  await expect(newest).toContainText('Updated');
  await expect(newest).toContainText('Ada Admin');
  const change = newest.getByRole('row', { name: /Capacity unit/ });
  await expect(change.getByRole('cell').nth(0)).toHaveText('12');
  await expect(change.getByRole('cell').nth(1)).toHaveText('30');
});

test('a seeded vehicle carries weeks of history', async ({ page }) => {
  await page.goto('/acme/admin/vehicles/a3000000-0000-4000-8000-000000000004/edit');
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem').filter({ hasText: 'Retired cargo bike, kept for the records' }).first()).toBeVisible();
  await expect(history.getByRole('listitem').filter({ hasText: 'Updated' }).first().getByRole('row', { name: /Active/ })).toContainText('No');
});
