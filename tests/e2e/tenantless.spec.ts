import { createCustomer, deleteUser, expect, signIn, storedSession, TENANTLESS_MESSAGE, test, unique, verifyLinkOf, waitForMail } from './fixtures.ts';

test('a user without a tenant is told so and signed out', async ({ page }) => {
  await signIn(page, 'orphan@acme.test');
  await expect(page.getByText(TENANTLESS_MESSAGE)).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect.poll(() => storedSession(page)).toBe(false);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('a user without a tenant may still choose a new password on update-password', async ({ page, request }) => {
  const email = `${unique('orphan')}@example.test`;
  const id = await createCustomer(request, null, email);
  try {
    await page.goto('/reset-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    const mail = await waitForMail(request, email, 'Reset Your Password');

    await page.goto(verifyLinkOf(mail));
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    // Signed in there, and not refused: the tenant check skips update-password.
    await expect(page.getByText(TENANTLESS_MESSAGE)).toHaveCount(0);
    expect(await storedSession(page)).toBe(true);

    await page.getByLabel('New password', { exact: true }).fill('Orphaned2026');
    await page.getByLabel('Confirm new password').fill('Orphaned2026');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);

    await signIn(page, email, 'Orphaned2026');
    await expect(page.getByText(TENANTLESS_MESSAGE)).toBeVisible();
    await expect.poll(() => storedSession(page)).toBe(false);
  } finally {
    await deleteUser(request, id);
  }
});
