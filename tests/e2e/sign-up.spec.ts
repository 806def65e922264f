import { deleteUserByEmail, expect, test, unique, verifyLinkOf, waitForMail } from './fixtures.ts';

test('a visitor signs up, confirms from the mail, and lands signed in on their customer panel', async ({ page, request }) => {
  const email = `${unique('signup')}@example.test`;
  try {
    await page.goto('/acme/sign-up');
    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Last name').fill('Sampleton');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('+1 555 010 2030');
    await page.getByLabel('Password').fill('Newcomer2026');
    await page.getByRole('button', { name: 'Sign up' }).click();

    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    const mail = await waitForMail(request, email, 'Confirm Your Email');
    const link = verifyLinkOf(mail);
    expect(new URL(link).searchParams.get('redirect_to')).toMatch(/\/verify$/);

    await page.goto(link);
    await expect(page).toHaveURL(/\/acme\/customer$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Sam Sampleton');

    // The link is used up: opening it again explains the problem and offers a way out.
    await page.evaluate("localStorage.clear()");
    await page.goto(link);
    await expect(page).toHaveURL(/\/verify/);
    await expect(page.getByRole('heading', { name: 'We could not verify your email' })).toBeVisible();
    await expect(page.getByText(/invalid or has expired/)).toBeVisible();
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
  } finally {
    await deleteUserByEmail(request, email);
  }
});

test('sign-up checks every field, with the server password rules, before calling the server', async ({ page }) => {
  let signUps = 0;
  page.on('request', (request) => {
    if (request.url().includes('/auth/v1/signup')) signUps += 1;
  });
  await page.goto('/acme/sign-up');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByLabel('First name')).toHaveAccessibleDescription('First name is required');
  await expect(page.getByLabel('Last name')).toHaveAccessibleDescription('Last name is required');
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Email is required');
  await expect(page.getByLabel('Phone')).toHaveAccessibleDescription('Phone number is required');
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription('Password is required');
  await expect(page.getByLabel('First name')).toBeFocused();

  await page.getByLabel('Phone').fill('555-0102');
  await page.getByLabel('Password').fill('alllowercase1');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByLabel('Phone')).toHaveAccessibleDescription('Phone number must have at least 10 digits');
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription('Password must contain a lowercase letter, an uppercase letter and a digit');
  expect(signUps).toBe(0);
});

test('an invalid verify link shows the error with a way out', async ({ page }) => {
  await page.goto('/verify#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired');
  await expect(page.getByRole('heading', { name: 'We could not verify your email' })).toBeVisible();
  await expect(page.getByText('Email link is invalid or has expired')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to sign in' })).toBeVisible();
});
