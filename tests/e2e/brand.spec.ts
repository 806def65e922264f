import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// Evaluated in the page (the tests' tsconfig has no DOM types).
const PRIMARY = "getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim()";

async function brandOf(page: Page) {
  return page.evaluate<{ primary: string; panel: string; font: string; favicon: string }>(`({
    primary: ${PRIMARY},
    panel: getComputedStyle(document.querySelector('[data-testid="brand-panel"]')).backgroundColor,
    font: getComputedStyle(document.body).fontFamily,
    favicon: document.querySelector('link[rel~="icon"]')?.href ?? '',
  })`);
}

/** Globex's brand orange as the console draws it under white text. */
const GLOBEX_INK = 'rgb(184, 69, 9)';

test('the sign-up page wears the tenant brand: acme and globex differ visibly', async ({ page }) => {
  await page.goto('/acme/sign-up');
  await expect(page.getByTestId('brand-panel')).toHaveCSS('background-color', 'rgb(29, 78, 216)');
  const acme = await brandOf(page);
  expect(acme.primary).toBe('#1d4ed8');
  expect(acme.font).toContain('Inter');

  // Globex's orange (#ea580c) carries white text at 3.6:1 only: the console paints the readable ink it
  // derives from it (the same hue, darkened to 4.5:1), never the brand colour as given.
  await page.goto('/globex/sign-up');
  await expect(page.getByTestId('brand-panel')).toHaveCSS('background-color', GLOBEX_INK);
  const globex = await brandOf(page);
  expect(globex.primary).toBe('#ea580c');
  expect(globex.font).toContain('Poppins');
  expect(globex.favicon).not.toBe(acme.favicon);
  expect(globex.panel).not.toBe(acme.panel);
  await expect(page.getByTestId('brand-panel')).toContainText('Globex Freight');

  // The primary button is themed too.
  const button = page.getByRole('button', { name: /sign up/i }).first();
  await expect(button).toHaveCSS('background-color', GLOBEX_INK);
});

test('a brand is cached in local storage and painted from it when the server cannot answer', async ({ page }) => {
  await page.goto('/globex/sign-up');
  await expect(page.getByTestId('brand-panel')).toHaveCSS('background-color', GLOBEX_INK);
  const cached = await page.evaluate<string | null>("localStorage.getItem('waypost:brand:globex')");
  expect(JSON.parse(cached ?? 'null')).toMatchObject({ slug: 'globex', name: 'Globex Freight' });

  // The brand read fails from now on: the cached brand still paints.
  await page.route(/\/rest\/v1\/tenants\?select=id%2Cslug%2Cname%2Clogo_url%2Cbrand_settings/, (route) => route.fulfill({ status: 503, body: '{}' }));
  await page.reload();
  await expect(page.getByTestId('brand-panel')).toHaveCSS('background-color', GLOBEX_INK);
});

test('pages outside a tenant wear the system brand', async ({ page }) => {
  await page.goto('/globex/sign-up');
  await expect(page.getByTestId('brand-panel')).toHaveCSS('background-color', GLOBEX_INK);
  await page.goto('/blank');
  await expect.poll(() => page.evaluate<string>(PRIMARY)).toBe('#0f766e');
});
