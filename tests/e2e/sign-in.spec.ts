import { expect, test, type Page } from '@playwright/test';

const ADMIN = { email: 'admin@acme.test', password: 'Waypost!2026' };

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a demo user signs in, sees their account and signs out', async ({ page }) => {
  await page.goto('/sign-in');
  await fillSignIn(page, ADMIN.email, ADMIN.password);

  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await expect(page.getByTestId('account-email')).toHaveText(ADMIN.email);

  await page.reload();
  await expect(page.getByTestId('account-email')).toHaveText(ADMIN.email);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByLabel('Email')).toBeVisible();

  await page.goto('/account');
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('a wrong password shows the server error and keeps the form usable', async ({ page }) => {
  await page.goto('/sign-in');
  await fillSignIn(page, ADMIN.email, 'not-the-password');

  await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await expect(page.getByLabel('Email')).toHaveValue(ADMIN.email);
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

test('the root path sends a guest to sign-in', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Waypost' })).toBeVisible();
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');

  await expect(page).toHaveTitle('404 page not found! | Error');
  await expect(page.getByRole('heading', { name: 'Sorry, page not found!' })).toBeVisible();
  await expect(page.getByText(/couldn’t find the page.*check your spelling/)).toBeVisible();

  await page.getByRole('link', { name: 'Go to home' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
});
