import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test, workerSession } from './fixtures.ts';

/**
 * Cash remittance on the dispatcher's dashboard: the link from the dashboard, the drivers' cash,
 * recording a remittance for the exact cash of two deliveries, a different amount refused by the
 * database without a discrepancy reason (its messages under the fields) and taken with one, then the
 * history filtered in the URL and its CSV export. On Daniel Okafor, the seed's acme driver holding
 * the most cash (the API tests use the demo driver Derek). One after another: each builds on the last.
 */

const PAGE = '/acme/dispatcher/remit';
const dispatcher = workerSession('dispatcher@acme.test', '/acme/dispatcher');
test.describe.configure({ mode: 'serial', timeout: 90_000 });
test.beforeEach(({ page }) => dispatcher.enter(page));

const form = (page: Page) => page.getByRole('form', { name: 'Record a remittance' });
const cashTable = (page: Page) => page.getByRole('table', { name: "Drivers' cash" });
const history = (page: Page) => page.getByRole('table', { name: 'Remittances' });
const danielRow = (page: Page) => cashTable(page).getByRole('row').filter({ hasText: 'Daniel Okafor' });

async function chooseDaniel(page: Page): Promise<string> {
  const select = form(page).getByLabel('Driver');
  const value = await select.locator('option', { hasText: 'Daniel Okafor' }).getAttribute('value');
  expect(value).toBeTruthy();
  await select.selectOption(value!);
  await expect(form(page).getByRole('checkbox').first()).toBeVisible({ timeout: 20_000 });
  return value!;
}

/** A money text as cents: '$1,234.50' -> 123450. */
const centsOf = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);

test('the dashboard links to remit, which shows each driver\'s cash', async ({ page }) => {
  await page.goto('/acme/dispatcher');
  await page.getByRole('link', { name: 'Open remit' }).click();
  await expect(page).toHaveURL(/\/acme\/dispatcher\/remit$/);
  await expect(page.getByRole('heading', { name: 'Cash remittance' })).toBeVisible();
  await expect(danielRow(page)).toContainText('$649.95');
  await expect(danielRow(page)).toContainText('5 deliveries');
  await expect(history(page).getByText('No remittances recorded yet')).toBeVisible();
});

test('records the exact cash of two deliveries', async ({ page }) => {
  await page.goto(PAGE);
  await chooseDaniel(page);
  const boxes = form(page).getByRole('checkbox');
  await expect(boxes).toHaveCount(5);
  const amounts = await Promise.all([0, 1].map(async (i) => centsOf(((await boxes.nth(i).getAttribute('aria-label')) ?? '').split(', ').pop() ?? '')));
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  const amount = form(page).getByLabel('Amount');
  await expect.poll(async () => Math.round(Number(await amount.inputValue()) * 100)).toBe(amounts[0]! + amounts[1]!);
  await form(page).getByLabel('Method').selectOption('cash');
  await form(page).getByLabel('Note').fill('End of the morning shift');
  await form(page).getByRole('button', { name: 'Record remittance' }).click();
  await expect(page.getByText(/Remittance ACME-R\d{5} recorded/)).toBeVisible();
  await expect(form(page).getByRole('checkbox')).toHaveCount(3);
  await expect(danielRow(page)).toContainText('3 deliveries');
  await expect(history(page).getByRole('row').filter({ hasText: 'Daniel Okafor' })).toHaveCount(1);
  await expect(history(page)).toContainText('End of the morning shift');
});

test('a different amount is refused without a reason, recorded with one', async ({ page }) => {
  await page.goto(PAGE);
  await chooseDaniel(page);
  await form(page).getByRole('checkbox').first().check();
  const amount = form(page).getByLabel('Amount');
  await expect(amount).not.toHaveValue('');
  const expected = Math.round(Number(await amount.inputValue()) * 100);
  await amount.fill(((expected - 500) / 100).toFixed(2));
  await expect(form(page).getByText(/The amount differs from the deliveries' cash by -\$5\.00/)).toBeVisible();
  await form(page).getByLabel('Method').selectOption('bank_transfer');
  await form(page).getByRole('button', { name: 'Record remittance' }).click();
  await expect(form(page).getByText(/The amount must equal the cash of the chosen deliveries \(\d+\.\d\d\) unless a discrepancy reason is given/)).toBeVisible();
  await expect(form(page).getByText("Give the reason the amount differs from the deliveries' cash")).toBeVisible();
  await expect(form(page).getByLabel('Amount')).toHaveAttribute('aria-invalid', 'true');
  await expect(form(page).getByRole('checkbox')).toHaveCount(3);

  await form(page).getByLabel('Discrepancy reason').fill('Paid a 5.00 toll from the cash');
  await form(page).getByRole('button', { name: 'Record remittance' }).click();
  await expect(page.getByText(/Remittance ACME-R\d{5} recorded/)).toBeVisible();
  await expect(form(page).getByRole('checkbox')).toHaveCount(2);
  await expect(danielRow(page)).toContainText('$5.00 short');
  await expect(history(page)).toContainText('Paid a 5.00 toll from the cash');
});

test('the history filters in the URL and exports what it shows as CSV', async ({ page }) => {
  await page.goto(PAGE);
  await expect(history(page).getByRole('row').filter({ hasText: 'Daniel Okafor' })).toHaveCount(2);
  await history(page).locator('xpath=ancestor::*[.//button[starts-with(@aria-label, "Filters")]][1]').getByRole('button', { name: 'Filters' }).click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await drawer.getByLabel('Method').selectOption('bank_transfer');
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('method')).toBe('bank_transfer');
  await expect(history(page).locator('tbody tr')).toHaveCount(1);
  await expect(history(page)).toContainText('Bank transfer');

  // The URL alone gives the same view (a shared link); today's range keeps it, yesterday's empties it.
  const today = new Date();
  const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  await page.goto(`${PAGE}?method=bank_transfer&from=${day(today)}&to=${day(today)}`);
  await expect(history(page).locator('tbody tr')).toHaveCount(1);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`remittances_${day(today)}_${day(today)}.csv`);
  const text = await readFile((await download.path())!, 'utf8');
  const lines = text.trim().split('\r\n');
  expect(lines[0]).toBe('Reference,Recorded at,Driver,Amount,Expected,Difference,Currency,Method,Deliveries,Discrepancy reason,Note,Recorded by');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(/^ACME-R\d{5},.+,Daniel Okafor,\d+\.\d\d,\d+\.\d\d,-5\.00,USD,Bank transfer,ACME-\d{6},Paid a 5\.00 toll from the cash,,Dana Dispatcher$/);

  const yesterday = new Date(today);
  yesterday.setDate(today.getDate() - 1);
  await page.goto(`${PAGE}?from=${day(yesterday)}&to=${day(yesterday)}`);
  await expect(history(page).getByText('No remittances', { exact: false })).toBeVisible();
});
