import { expect, signIn, test } from './fixtures.ts';

const ADMIN = 'admin@acme.test';

test('a demo user signs in, lands on their panel, and stays signed in after a reload', async ({ page }) => {
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/acme\/admin$/);
  await page.reload();
  await expect(page).toHaveURL(/\/acme\/admin$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Waypost' })).toHaveCount(0);
});

test('a wrong password shows the server error and keeps the form usable', async ({ page }) => {
  await signIn(page, ADMIN, 'not-the-password');

  await expect(page.getByRole('alert').filter({ hasText: 'Invalid login credentials' })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await expect(page.getByLabel('Email')).toHaveValue(ADMIN);
  await expect(page.getByLabel('Password')).toBeFocused();
});

test('an empty form shows a message under each field without calling the server', async ({ page }) => {
  let authCalls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/auth/v1/token')) authCalls += 1;
  });
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Email is required');
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription('Password is required');
  await expect(page.getByLabel('Email')).toBeFocused();

  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Enter a valid email address');
  expect(authCalls).toBe(0);
});

test('sign-in links to the business picker and to password reset', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();

  await page.goto('/sign-in');
  await page.getByRole('link', { name: /Find your business/ }).click();
  await expect(page).toHaveURL(/\/businesses$/);
  await expect(page.getByRole('heading', { name: 'Find your business' })).toBeVisible();
});
