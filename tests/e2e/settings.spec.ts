import type { Page } from '@playwright/test';
import { ANON_KEY, expect, test, workerSession } from './fixtures.ts';

/**
 * The admin's settings screens: system-settings saved and read back after a reload, and a brand
 * change that every signed-in member's open page takes on at once, without a reload.
 */
const admin = workerSession('admin@globex.test', '/globex/admin');

// Each test walks a whole screen (several saves and reloads, a second browser): triple the budget.
test.beforeEach(({ page }) => {
  test.slow();
  return admin.open(page);
});

const BACKGROUND = "getComputedStyle(document.body).backgroundColor";

/** The form's number field: without WebGL the map's fallback has a Latitude and Longitude text box of its own. */
const coordinate = (page: Page, name: 'Latitude' | 'Longitude') => page.getByRole('spinbutton', { name, exact: true });

test('system settings: the seeded values, a save, and the same values after a reload', async ({ page }) => {
  await page.getByRole('link', { name: 'System settings' }).click();
  await expect(page).toHaveURL(/\/globex\/admin\/system-settings$/);
  await expect(page.getByRole('heading', { name: 'System settings' })).toBeVisible();

  // The seed: London, pounds, metric.
  await expect(page.getByLabel('Business name')).toHaveValue('Globex Freight');
  await expect(page.getByLabel('Currency')).toHaveValue('GBP');
  await expect(page.getByLabel('Time zone')).toHaveValue('Europe/London');
  await expect(page.getByLabel('Weight')).toHaveValue('kg');
  await expect(coordinate(page, 'Latitude')).toHaveValue('51.5054');

  // Bad input is refused in the form, and nothing is saved.
  await page.getByLabel('Contact email').fill('ops-at-globex');
  await coordinate(page, 'Latitude').fill('95');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.getByText('Latitude must be between -90 and 90')).toBeVisible();

  await page.getByLabel('Contact email').fill('dispatch@globex.test');
  await coordinate(page, 'Latitude').fill('51.5281');
  await coordinate(page, 'Longitude').fill('-0.1054');
  await page.getByLabel('Currency').selectOption('EUR');
  await page.getByLabel('Time zone').selectOption('Europe/Dublin');
  // The language stays English: the tenant's language is every member's console language (one who
  // chose none), and this file's other tests, running beside it, read English. The language of the
  // console is the i18n tests' subject.
  await page.getByLabel('Temperature').selectOption('F');
  await page.getByLabel('Mapbox access token').fill('pk.test-token-not-used');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved successfully' })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Currency')).toHaveValue('EUR');
  await expect(page.getByLabel('Time zone')).toHaveValue('Europe/Dublin');
  await expect(page.getByLabel('Language')).toHaveValue('en');
  await expect(page.getByLabel('Temperature')).toHaveValue('F');
  await expect(page.getByLabel('Weight')).toHaveValue('kg');
  await expect(coordinate(page, 'Latitude')).toHaveValue('51.5281');
  await expect(coordinate(page, 'Longitude')).toHaveValue('-0.1054');
  await expect(page.getByLabel('Contact email')).toHaveValue('dispatch@globex.test');
  await expect(page.getByLabel('Mapbox access token')).toHaveValue('pk.test-token-not-used');

  // Back as seeded, so other screens see London, pounds and no maps key.
  await page.getByLabel('Contact email').fill('ops@globex.test');
  await coordinate(page, 'Latitude').fill('51.5054');
  await coordinate(page, 'Longitude').fill('-0.0235');
  await page.getByLabel('Currency').selectOption('GBP');
  await page.getByLabel('Time zone').selectOption('Europe/London');
  await page.getByLabel('Temperature').selectOption('C');
  await page.getByLabel('Mapbox access token').fill('');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved successfully' })).toBeVisible();
});

async function openBrandSettings(page: Page) {
  await page.getByRole('link', { name: 'Brand settings' }).click();
  await expect(page).toHaveURL(/\/globex\/admin\/brand-settings$/);
  await expect(page.getByLabel('Preset')).toHaveValue('Globex Sunset');
}

test('brand settings: the contrast warning, the preview, and Reset to preset', async ({ page }) => {
  await openBrandSettings(page);
  const preview = page.getByTestId('brand-preview');
  await expect(page.getByLabel('Primary', { exact: true })).toHaveValue('#ea580c');

  await page.getByLabel('Light text', { exact: true }).fill('#fde68a');
  await expect(page.getByRole('alert').filter({ hasText: 'Light text on background' })).toBeVisible();
  await page.getByLabel('Primary', { exact: true }).fill('#7c3aed');
  await expect(preview.getByText('Create delivery')).toHaveCSS('background-color', 'rgb(124, 58, 237)');

  await page.getByLabel('Primary', { exact: true }).fill('blue');
  await page.getByRole('button', { name: 'Save brand' }).click();
  await expect(page.getByText('Enter a hex colour such as #1d4ed8')).toBeVisible();

  await page.getByRole('button', { name: 'Reset to preset' }).click();
  await expect(page.getByLabel('Primary', { exact: true })).toHaveValue('#ea580c');
  await expect(page.getByLabel('Light text', { exact: true })).toHaveValue('#78716c');
  await expect(preview.getByText('Create delivery')).toHaveCSS('background-color', 'rgb(234, 88, 12)');

  await page.getByLabel('Preset').selectOption('Thames Green');
  await expect(page.getByLabel('Primary', { exact: true })).toHaveValue('#15803d');
  await expect(page.getByTestId('contrast-ok')).toBeVisible();
});

test('a saved brand change repaints a second member\'s open page at once, without a reload', async ({ page, browser }) => {
  // A dispatcher of globex, signed in in another browser, looking at their panel.
  const other = await browser.newContext();
  const dispatcher = await other.newPage();
  try {
    await dispatcher.goto('/sign-in');
    await dispatcher.getByLabel('Email').fill('dispatcher@globex.test');
    await dispatcher.getByLabel('Password', { exact: true }).fill('Waypost!2026');
    await dispatcher.getByRole('button', { name: 'Sign in' }).click();
    await expect(dispatcher).toHaveURL(/\/globex\/dispatcher$/);
    await expect.poll(() => dispatcher.evaluate<string>(BACKGROUND)).toBe('rgb(255, 251, 235)');
    // Nothing but the broadcast may repaint it: the page is not reloaded from here on.
    let navigations = 0;
    dispatcher.on('framenavigated', () => (navigations += 1));

    await openBrandSettings(page);
    await page.getByLabel('Background', { exact: true }).fill('#ecfeff');
    await page.getByRole('button', { name: 'Save brand' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Brand settings saved' })).toBeVisible();
    await expect.poll(() => page.evaluate<string>(BACKGROUND)).toBe('rgb(236, 254, 255)');

    await expect.poll(() => dispatcher.evaluate<string>(BACKGROUND)).toBe('rgb(236, 254, 255)');
    expect(navigations).toBe(0);
    // The brand cache follows too: the next visit paints the new brand at once.
    const cached = await dispatcher.evaluate<string | null>("localStorage.getItem('waypost:brand:globex')");
    expect(JSON.stringify(JSON.parse(cached ?? 'null'))).toContain('#ecfeff');
  } finally {
    await page.getByLabel('Background', { exact: true }).fill('#fffbeb');
    await page.getByRole('button', { name: 'Save brand' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Brand settings saved' }).first()).toBeVisible();
    await other.close();
  }
});

/** A 1x1 transparent PNG. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

test('brand settings: a logo and a favicon uploaded through upload-file become the console\'s', async ({ page, request }) => {
  const headers = { apikey: ANON_KEY, authorization: `Bearer ${admin.accessToken()}`, 'content-type': 'application/json' };
  const read = await request.get('/rest/v1/tenants?slug=eq.globex&select=brand_settings', { headers });
  expect(read.status()).toBe(200);
  const [{ brand_settings: original }] = (await read.json()) as { brand_settings: unknown }[];
  try {
    await openBrandSettings(page);
    await page.getByLabel('Logo (light theme)', { exact: true }).setInputFiles({ name: 'globex light.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expect(page.getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', /^blob:/);
    await page.getByLabel('Favicon', { exact: true }).setInputFiles({ name: 'globex-icon.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByRole('button', { name: 'Save brand' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Brand settings saved' })).toBeVisible();

    const stored = /\/storage\/v1\/object\/public\/tenants\/b0000000-0000-4000-8000-000000000001\//;
    await expect(page.getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', stored);
    await expect.poll(() => page.evaluate<string>("document.querySelector('link[rel~=\"icon\"]')?.href ?? ''")).toMatch(stored);
    await expect(page.getByRole('complementary').getByRole('img').first()).toHaveAttribute('src', stored);
  } finally {
    const restore = await request.post('/rest/v1/rpc/save_tenant_brand', { headers, data: { p_tenant_id: 'b0000000-0000-4000-8000-000000000001', p_brand: original } });
    expect(restore.status(), await restore.text()).toBeLessThan(300);
  }
});
