import { expect, signInTo, test } from './fixtures.ts';

test('the settings drawer switches dark mode and the navigation layout, and both survive a reload', async ({ page }) => {
  await signInTo(page, 'admin@acme.test', '/acme/admin');
  const html = page.locator('html');
  const settingsButton = page.getByRole('button', { name: 'Settings' });
  await expect(page.getByTestId('side-nav')).toHaveCSS('width', '300px');

  await settingsButton.click();
  const drawer = page.getByRole('dialog', { name: 'Settings' });
  await expect(drawer).toBeVisible();
  await drawer.getByText('Dark', { exact: true }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  await drawer.getByText('Mini', { exact: true }).click();
  await expect(page.getByTestId('side-nav')).toHaveCSS('width', '88px');

  // Focus stays in the drawer; Escape closes it and gives focus back.
  for (let i = 0; i < 8; i += 1) await page.keyboard.press('Tab');
  expect(await page.evaluate<boolean>("document.querySelector('dialog[open]').contains(document.activeElement)")).toBe(true);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(settingsButton).toBeFocused();

  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(page.getByTestId('side-nav')).toHaveCSS('width', '88px');

  await settingsButton.click();
  await drawer.getByText('Horizontal', { exact: true }).click();
  await drawer.getByRole('switch', { name: 'Compact content' }).click();
  await drawer.getByText('Light', { exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(page.getByTestId('side-nav')).toHaveCount(0);
  await expect(page.getByTestId('top-nav')).toHaveCSS('height', '64px');
  await expect(page.getByTestId('content')).toHaveCSS('max-width', '448px');

  await page.reload();
  await expect(page.getByTestId('top-nav')).toHaveCSS('height', '64px');
  await expect(page.getByTestId('content')).toHaveCSS('max-width', '448px');
  await expect(html).not.toHaveClass(/\bdark\b/);
});

test('the admin dashboard shows the tenant, its people per panel and the navigation that exists', async ({ page }) => {
  await signInTo(page, 'admin@acme.test', '/acme/admin');
  await expect(page.getByTestId('dashboard-tenant')).toHaveText('Acme Logistics');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ada Admin');
  for (const panel of ['admin', 'dispatcher', 'driver', 'customer']) {
    await expect(page.getByTestId(`count-${panel}`)).toHaveText(/^[1-9]\d*$/);
  }
  await expect(page.getByRole('heading', { name: 'Recent notifications' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main navigation' }).first();
  // Each issue adds its screens to the nav; these come first, in this order.
  await expect(nav.getByRole('link')).toContainText(['Dashboard', 'Users', 'Vehicles']);
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
});

test('the driver layout: search, language, account drawer with sign out', async ({ page }) => {
  await signInTo(page, 'driver@globex.test', '/globex/driver');
  await expect(page.getByRole('search')).toBeVisible();
  await expect(page.getByTestId('dashboard-role')).toHaveText('Driver');
  await expect(page.getByTestId('dashboard-tenant')).toHaveText('Globex Freight');

  await page.getByRole('button', { name: /^Language/ }).click();
  const menu = page.getByRole('menu', { name: 'Language' });
  await expect(menu.getByRole('menuitemradio', { name: 'English' })).toBeFocused();
  await expect(menu.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  await page.getByRole('button', { name: 'Account' }).click();
  const account = page.getByRole('dialog', { name: 'Account' });
  await expect(account.getByTestId('account-name')).toHaveText('Gus Driver');
  await expect(account.getByTestId('account-email')).toHaveText('driver@globex.test');
  await expect(account.getByTestId('account-role')).toHaveText('Driver');
  await account.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('the customer dashboard reuses the driver layout', async ({ page }) => {
  await signInTo(page, 'customer@acme.test', '/acme/customer');
  await expect(page.getByTestId('dashboard-role')).toHaveText('Customer');
  await expect(page.getByRole('search')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).first().getByRole('link')).toHaveText(['Dashboard']);
});

test('the main layout has the full footer away from home', async ({ page }) => {
  await page.goto('/blank');
  const footer = page.getByTestId('footer-full');
  await expect(footer.getByRole('link', { name: 'Terms and condition' })).toHaveAttribute('href', '#');
  await expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '#');
  await expect(footer.getByRole('link', { name: /Contact/ })).toBeVisible();
  for (const network of ['Twitter', 'Facebook', 'Instagram', 'LinkedIn']) await expect(footer.getByRole('link', { name: network })).toBeVisible();
  await expect(footer.getByText('© All rights reserved.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('a page whose code cannot load shows the chunk-load screen after the retries and one reload', async ({ page }) => {
  test.setTimeout(90_000);
  let blocked = 0;
  await page.route(/\/assets\/AdminDashboardPage-[^/]*\.js$/, (route) => {
    blocked += 1;
    return route.abort('failed');
  });
  await signInTo(page, 'admin@acme.test', '/acme/admin');

  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible({ timeout: 40_000 });
  await expect(page.getByText('Failed to load page resources. This might be due to a recent update.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload Page' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
  expect(blocked).toBeGreaterThanOrEqual(2);
  expect(await page.evaluate<string | null>("sessionStorage.getItem('waypost:chunk-reload')")).toBe('1');

  // It stays on the screen: no reload loop.
  const requests = blocked;
  await page.waitForTimeout(2_000);
  expect(blocked).toBe(requests);

  // The page's code is back: Reload Page loads it.
  await page.unroute(/\/assets\/AdminDashboardPage-[^/]*\.js$/);
  await page.getByRole('button', { name: 'Reload Page' }).click();
  await expect(page.getByTestId('dashboard-tenant')).toHaveText('Acme Logistics');
  expect(await page.evaluate<string | null>("sessionStorage.getItem('waypost:chunk-reload')")).toBeNull();
});
