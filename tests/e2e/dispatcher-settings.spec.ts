import type { Page } from '@playwright/test';
import { expect, test, workerSession } from './fixtures.ts';

/**
 * The dispatcher's own settings as Sofia Ramirez, a seeded acme dispatcher (the demo
 * dispatcher's settings are the board tests'): her saved preferences, a refused threshold, a save
 * that survives a reload, and a reset to the defaults. One after another: each builds on the last.
 */

const SETTINGS = '/acme/dispatcher/settings';
const sofia = workerSession('sofia.ramirez@acmelogistics.example', '/acme/dispatcher');
test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.beforeEach(({ page }) => sofia.enter(page));

const form = (page: Page) => page.getByRole('form', { name: 'Dispatcher settings' });

test('shows her saved preferences, from the top bar', async ({ page }) => {
  await sofia.home(page);
  await page.getByRole('navigation', { name: 'Dispatcher' }).getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${SETTINGS}$`));
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByTestId('settings-origin')).toHaveText('Your saved preferences.');
  await expect(form(page).getByLabel('Kind')).toHaveValue('on_demand');
  await expect(form(page).getByLabel('Window')).toHaveValue('');
  await expect(form(page).getByLabel('Play a sound when a new unassigned delivery arrives')).not.toBeChecked();
  await expect(form(page).getByLabel('Late threshold')).toHaveValue('20');
  await expect(form(page).getByLabel('Auto-assign mode')).toHaveValue('off');
});

test('refuses a threshold out of range, saves, and keeps it over a reload', async ({ page }) => {
  await page.goto(SETTINGS);
  const f = form(page);
  await f.getByLabel('Late threshold').fill('300');
  await f.getByRole('button', { name: 'Save settings' }).click();
  await expect(f.getByText('Late threshold must be a whole number of minutes from 0 to 240')).toBeVisible();
  await f.getByLabel('Late threshold').fill('12.5');
  await f.getByRole('button', { name: 'Save settings' }).click();
  await expect(f.getByText('Late threshold must be a whole number of minutes from 0 to 240')).toBeVisible();

  await f.getByLabel('Late threshold').fill('35');
  await f.getByLabel('Kind').selectOption('pickup');
  await f.getByLabel('Window').selectOption('next_hour');
  await f.getByRole('combobox', { name: 'Zone' }).fill('Mission');
  await page.getByRole('option', { name: /Mission/ }).first().click();
  const zone = await f.getByRole('combobox', { name: 'Zone' }).inputValue();
  await f.getByLabel('Play a sound when a new unassigned delivery arrives').click();
  await f.getByLabel('Auto-assign mode').selectOption('auto');
  await f.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();

  await page.reload();
  await expect(form(page).getByLabel('Late threshold')).toHaveValue('35');
  await expect(form(page).getByLabel('Kind')).toHaveValue('pickup');
  await expect(form(page).getByLabel('Window')).toHaveValue('next_hour');
  await expect(form(page).getByRole('combobox', { name: 'Zone' })).toHaveValue(zone);
  await expect(form(page).getByLabel('Play a sound when a new unassigned delivery arrives')).toBeChecked();
  await expect(form(page).getByLabel('Auto-assign mode')).toHaveValue('auto');
});

test('resets to the defaults after a confirmation', async ({ page }) => {
  await page.goto(SETTINGS);
  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Reset your settings?' });
  await dialog.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('Settings reset to the defaults')).toBeVisible();
  await expect(page.getByTestId('settings-origin')).toHaveText('You are using the defaults: save to keep your own.');
  await expect(form(page).getByLabel('Late threshold')).toHaveValue('15');
  await expect(form(page).getByLabel('Kind')).toHaveValue('');
  await expect(form(page).getByLabel('Auto-assign mode')).toHaveValue('suggest');
  await expect(form(page).getByLabel('Play a sound when a new unassigned delivery arrives')).toBeChecked();
  await expect(page.getByRole('button', { name: 'Reset to defaults' })).toHaveCount(0);
});
