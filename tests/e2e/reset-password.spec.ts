import { createCustomer, deleteUser, expect, PASSWORD, signIn, test, unique, verifyLinkOf, waitForMail } from './fixtures.ts';

test('reset by mail, choose a new password, then sign in with it', async ({ page, request }) => {
  const email = `${unique('reset')}@example.test`;
  const id = await createCustomer(request, 'globex', email);
  const newPassword = 'Changed2026x';
  try {
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

    const mail = await waitForMail(request, email, 'Reset Your Password');
    const link = verifyLinkOf(mail);
    expect(new URL(link).searchParams.get('redirect_to')).toMatch(/\/update-password$/);
    await page.goto(link);
    await expect(page).toHaveURL(/\/update-password#?$/);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();

    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill('Different2026');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByLabel('Confirm new password')).toHaveAccessibleDescription('Passwords do not match');

    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByText('Your password has been updated. Sign in with your new password.')).toBeVisible();

    await signIn(page, email, PASSWORD);
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid login credentials' })).toBeVisible();
    await signIn(page, email, newPassword);
    await expect(page).toHaveURL(/\/globex\/customer$/);
  } finally {
    await deleteUser(request, id);
  }
});

test('update-password without a recovery session explains the link did not work', async ({ page }) => {
  await page.goto('/update-password');
  await expect(page.getByRole('heading', { name: 'This reset link does not work' })).toBeVisible();
  await page.getByRole('link', { name: 'Send a new password reset link' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
});
