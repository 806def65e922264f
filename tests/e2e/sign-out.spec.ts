import { createCustomer, deleteUser, expect, signInTo, storedSession, test, unique } from './fixtures.ts';

test('sign out everywhere ends the sessions on the other devices too', async ({ browser, request }) => {
  // A user of this test only: a global sign-out of a shared demo user would sign other tests out.
  const email = `${unique('everywhere')}@example.test`;
  const id = await createCustomer(request, 'acme', email);
  const laptop = await browser.newContext();
  const phone = await browser.newContext();
  try {
    const onLaptop = await laptop.newPage();
    const onPhone = await phone.newPage();
    await signInTo(onLaptop, email, '/acme/customer');
    await signInTo(onPhone, email, '/acme/customer');

    await onLaptop.getByRole('button', { name: 'Account' }).click();
    await onLaptop.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(onLaptop).toHaveURL(/\/sign-in$/);
    expect(await storedSession(onLaptop)).toBe(false);

    // The phone's access token lives until it expires; once it must refresh, the revoked session ends there too.
    await onPhone.evaluate(`(() => {
      const key = Object.keys(localStorage).find((name) => name.startsWith('sb-') && name.endsWith('-auth-token'));
      const session = JSON.parse(localStorage.getItem(key));
      session.expires_at = Math.floor(Date.now() / 1000) - 10;
      localStorage.setItem(key, JSON.stringify(session));
    })()`);
    await onPhone.reload();
    await expect(onPhone).toHaveURL(/\/sign-in$/);
    await expect.poll(() => storedSession(onPhone)).toBe(false);
  } finally {
    await laptop.close();
    await phone.close();
    await deleteUser(request, id);
  }
});
