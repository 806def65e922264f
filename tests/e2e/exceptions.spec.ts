import type { Page } from '@playwright/test';
import { expect, test, workerSession } from './fixtures.ts';

const LIST = '/acme/admin/exceptions';
const admin = workerSession('admin@acme.test', '/acme/admin');

// One after another: the flow test's exception moves through the statuses the list test filters on, and a
// live list patches its row in place while the list test reads it.
test.describe.configure({ mode: 'serial', timeout: 90_000 });
test.beforeEach(({ page }) => admin.enter(page));

const table = (page: Page) => page.getByRole('table', { name: 'Exceptions' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');
const form = (page: Page) => page.getByRole('form', { name: /exception/i });

/** At least `atLeast` rows, each showing `text` (the seed's rows; tests running beside this one may add more). */
async function expectEveryRow(page: Page, text: string, atLeast: number) {
  await expect(table(page)).not.toHaveAttribute('aria-busy', 'true');
  await expect(bodyRows(page).first()).toContainText('ACME-X');
  await expect.poll(() => bodyRows(page).count()).toBeGreaterThanOrEqual(atLeast);
  const rows = await bodyRows(page).count();
  for (let i = 0; i < rows; i += 1) await expect(bodyRows(page).nth(i)).toContainText(text);
}

test('the list: nav item, columns, seeded acme exceptions, type, severity and status filters in the URL', async ({ page }) => {
  await admin.home(page);
  await page.getByRole('link', { name: 'Exceptions' }).first().click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  for (const header of ['Exception', 'Delivery', 'Type', 'Severity', 'Status']) {
    await expect(table(page).getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  // The seed's fifteen (other tests of this file may add their own while this one runs).
  await expectEveryRow(page, 'ACME-X', 15);
  await expect(table(page).getByText('GLOBEX-X')).toHaveCount(0);

  await page.goto(`${LIST}?type=lost`);
  await expectEveryRow(page, 'Lost', 2);

  await page.goto(`${LIST}?severity=critical&status=open`);
  await expectEveryRow(page, 'Critical', 1);
  await expectEveryRow(page, 'Open', 1);

  // The filter drawer writes the URL too.
  await page.goto(LIST);
  await page.getByRole('button', { name: /Filters/ }).click();
  await page.getByLabel('Status').selectOption('investigating');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/status=investigating/);
  await expectEveryRow(page, 'Investigating', 4);
});

test('an exception from open to resolved: validation messages, the report, investigation, resolution notes and the history', async ({ page }) => {
  await page.goto(LIST);
  await page.getByRole('button', { name: 'Report exception' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}/create$`));

  await page.getByLabel('Severity').selectOption('');
  await form(page).getByRole('button', { name: 'Report exception' }).click();
  for (const message of ['Delivery is required', 'Type is required', 'Severity is required', 'Description is required']) {
    await expect(form(page).getByText(message, { exact: true })).toBeVisible();
  }

  await page.getByRole('combobox', { name: 'Delivery' }).fill('ACME-00');
  await page.getByRole('option', { name: /^ACME-\d+ · / }).first().click();
  await page.getByLabel('Type').selectOption('damaged');
  await page.getByLabel('Severity').selectOption('high');
  await page.getByLabel('Description').fill('Carton wet through on arrival at the door; the customer took photos');
  await page.getByRole('combobox', { name: 'Assigned to' }).fill('Dana');
  await page.getByRole('option', { name: /Dana Dispatcher/ }).click();
  for (const message of ['Delivery is required', 'Type is required', 'Severity is required', 'Description is required']) {
    await expect(form(page).getByText(message, { exact: true })).toHaveCount(0);
  }
  await form(page).getByRole('button', { name: 'Report exception' }).click();

  await expect(page.getByText('Exception added successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}/[0-9a-f-]{36}/edit$`));
  await expect(page.getByRole('heading', { name: /^Exception ACME-X\d+$/ })).toBeVisible();
  const actions = page.getByRole('region', { name: 'Actions' });
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history).toContainText('Reported by Ada Admin');

  // Open: editable; raise the severity.
  await page.getByLabel('Severity').selectOption('critical');
  await form(page).getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Exception updated successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  const row = bodyRows(page).filter({ hasText: 'Carton wet through' });
  await expect(row).toContainText('Critical');
  await expect(row).toContainText('Dana Dispatcher');
  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();

  await actions.getByRole('button', { name: 'Start investigating' }).click();
  await page.getByRole('alertdialog').getByLabel('Note').fill('Called the customer, waiting for photos');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Start investigating' }).click();
  await expect(page.getByText('Exception under investigation')).toBeVisible();
  await expect(history.getByRole('listitem')).toHaveCount(2);

  // Resolving needs resolution notes.
  await actions.getByRole('button', { name: 'Resolve' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Resolution notes are required to resolve or close an exception');
  await dialog.getByLabel('Resolution notes').fill('Replacement sent; carrier claim filed');
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await expect(page.getByText('Exception resolved')).toBeVisible();
  await expect(page.getByText('This exception is resolved.')).toBeVisible();
  await expect(history.getByRole('listitem')).toHaveCount(3);
  await expect(history).toContainText('Replacement sent; carrier claim filed');
  // Resolved: read-only, with the notes.
  await expect(form(page)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Exception' })).toContainText('Replacement sent; carrier claim filed');
});

test('an unknown exception shows not found', async ({ page }) => {
  await page.goto(`${LIST}/00000000-0000-4000-8000-000000000000/edit`);
  await expect(page.getByRole('status').getByText('Exception not found')).toBeVisible();
});
