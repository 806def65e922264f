import type { Browser, Page } from '@playwright/test';
import { randomInt } from 'node:crypto';
import { createCustomer, deleteUser, deleteUserByEmail, expect, PASSWORD, signIn, storedSession, TENANTLESS_MESSAGE, test, unique, verifyLinkOf, waitForMail, workerSession } from './fixtures.ts';

/**
 * Users (admin area): the list's search and filters, inviting someone who then sets a password
 * from the mailed link and lands in their role's panel, a role change and a deactivation reaching
 * the person's open app at once, and the user detail's states.
 *
 * The seed's people (supabase/seeds/20_people.sql) are only read here; every person the tests
 * change is created by the test and removed afterwards.
 */
const LIST = '/acme/admin/users';
const MARCUS = { id: 'a1000000-0000-4000-8000-000000000100', name: 'Marcus Chen', email: 'marcus.chen@acmelogistics.example', phone: '+1 415 555 0200' };
const LUIS = { email: 'luis.ortega@acmelogistics.example' };
const PRIYA = { email: 'priya.shah@acmelogistics.example' };
const MEI = { email: 'mei.tanaka@missionbakery.example' };

const admin = workerSession('admin@acme.test', '/acme/admin');

const table = (page: Page) => page.getByRole('table', { name: 'Users' });
const rowOf = (page: Page, name: string) => table(page).getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
/** The row of the person with this (unique) email. */
const rowWith = (page: Page, email: string) => table(page).getByRole('row').filter({ hasText: email });
const filtersButton = (page: Page) => page.getByRole('button', { name: /^Filters( \(\d+ active\))?$/ });
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Filters' });

async function expectParam(page: Page, name: string, value: string | null): Promise<void> {
  await expect.poll(() => new URL(page.url()).searchParams.get(name), { message: `?${name} in ${page.url()}` }).toBe(value);
}

/** A second browser window for another person, looking like its own client to the stack's per-address limits. */
async function otherWindow(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` } });
  return context.newPage();
}

/** Narrows the list to the one person with this email and opens their row menu. */
async function openRowMenu(page: Page, email: string, name: string): Promise<void> {
  await page.getByRole('searchbox').fill(email);
  await expect(table(page).locator('tbody tr:not([data-skeleton])')).toHaveCount(1);
  await expect(rowWith(page, email)).toBeVisible();
  await rowWith(page, email).getByRole('button', { name: `Actions for ${name}` }).click();
}

test.describe('list', () => {
  test.beforeEach(({ page }) => admin.enter(page));

  test('searches name, email and phone on the server, filters by role, user type and status, all in the URL', async ({ page }) => {
    test.slow();
    await page.goto(LIST);
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    await page.getByRole('searchbox').fill('marcus');
    await expectParam(page, 'q', 'marcus');
    await expect(rowOf(page, MARCUS.name)).toBeVisible();
    const marcus = rowOf(page, MARCUS.name);
    await expect(marcus).toContainText(MARCUS.email);
    await expect(marcus).toContainText('Admin');
    await expect(marcus).toContainText('Active');

    await page.getByRole('searchbox').fill('ortega');
    await expectParam(page, 'q', 'ortega');
    await expect(rowWith(page, LUIS.email)).toBeVisible();
    await expect(rowOf(page, MARCUS.name)).toHaveCount(0);

    await page.getByRole('searchbox').fill('marcus.chen@');
    await expect(rowOf(page, MARCUS.name)).toBeVisible();
    await expect(table(page).locator('tbody tr:not([data-skeleton])')).toHaveCount(1);

    await page.getByRole('searchbox').fill('555 0200');
    await expect(rowOf(page, MARCUS.name)).toBeVisible();
    await expect(table(page).locator('tbody tr:not([data-skeleton])')).toHaveCount(1);

    await page.getByRole('searchbox').fill('');
    await expectParam(page, 'q', null);
    await filtersButton(page).click();
    await drawer(page).getByLabel('Role').selectOption({ label: 'Driver' });
    await drawer(page).getByLabel('Status').selectOption({ label: 'Invited' });
    await drawer(page).getByRole('button', { name: 'Apply' }).click();
    await expectParam(page, 'role', 'driver');
    await expectParam(page, 'status', 'invited');
    await expect(rowWith(page, PRIYA.email)).toBeVisible();
    await expect(rowWith(page, LUIS.email)).toHaveCount(0);
    await expect(filtersButton(page)).toHaveAccessibleName('Filters (2 active)');

    await page.reload();
    await expect(rowWith(page, PRIYA.email)).toBeVisible();
    await filtersButton(page).click();
    await drawer(page).getByLabel('Role').selectOption({ label: 'Any' });
    await drawer(page).getByLabel('Status').selectOption({ label: 'Any' });
    await drawer(page).getByLabel('User type').selectOption({ label: 'Business' });
    await drawer(page).getByRole('button', { name: 'Apply' }).click();
    await expectParam(page, 'type', 'business');
    await expect(rowWith(page, MEI.email)).toBeVisible();
    await expect(rowWith(page, PRIYA.email)).toHaveCount(0);
  });

  test('the nav leads to the list and a row to the detail', async ({ page }) => {
    await admin.home(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/acme\/admin\/users$/);
    await openRowMenu(page, MARCUS.email, MARCUS.name);
    await page.getByRole('menuitem', { name: 'View' }).click();
    await expect(page).toHaveURL(new RegExp(`/acme/admin/users/${MARCUS.id}/detail$`));
  });
});

test.describe('invite', () => {
  test.beforeEach(({ page }) => admin.enter(page));

  test('invite > mailbox > set password > the invited role’s panel', async ({ page, browser, request }) => {
    // Two people, several round trips through the mailbox, the function and the live topic.
    test.slow();
    const email = `${unique('dina')}@people.example`;
    try {
      await page.goto(LIST);
      await page.getByRole('button', { name: 'Invite user' }).click();
      const dialog = page.getByRole('dialog', { name: 'Invite user' });
      // The form's own checks, before anything is sent.
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      await expect(dialog.getByText('Email is required')).toBeVisible();
      await expect(dialog.getByText('First name is required')).toBeVisible();
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByLabel('First name').fill('Dina');
      await dialog.getByLabel('Last name').fill('Dispatch');
      await dialog.getByLabel('Phone').fill('12345');
      await dialog.getByLabel('Role', { exact: true }).selectOption({ label: 'Dispatcher' });
      await dialog.getByLabel('User type').selectOption({ label: 'Other' });
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      await expect(dialog.getByText('Please enter a valid phone number with at least 10 digits')).toBeVisible();
      await dialog.getByLabel('Phone').fill('+1 415 555 0188');
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
      await expect(dialog).toBeHidden();
      await page.getByRole('searchbox').fill(email);
      await expect(rowWith(page, email)).toContainText('Invited');

      const mail = await waitForMail(request, email, 'You have been invited');
      const invitee = await otherWindow(browser);
      await invitee.goto(verifyLinkOf(mail));
      await expect(invitee).toHaveURL(/\/update-password\?invite=1/);
      await expect(invitee.getByRole('heading', { name: 'Set your password' })).toBeVisible();
      await invitee.getByLabel('New password', { exact: true }).fill('Dispatch!2026');
      await invitee.getByLabel('Confirm new password').fill('Dispatch!2026');
      await invitee.getByRole('button', { name: 'Set password' }).click();
      await expect(invitee).toHaveURL(/\/acme\/dispatcher$/);

      await page.reload();
      await expect(rowWith(page, email)).toContainText('Active');
      await invitee.context().close();
    } finally {
      await deleteUserByEmail(request, email);
    }
  });
});

test.describe('role and status reach the person at once', () => {
  test.beforeEach(({ page }) => admin.enter(page));

  test('a role change moves the person to the new panel', async ({ page, browser, request }) => {
    // Two people, several round trips through the mailbox, the function and the live topic.
    test.slow();
    const email = `${unique('rolf')}@people.example`;
    const id = await createCustomer(request, 'acme', email);
    try {
      const person = await otherWindow(browser);
      await signIn(person, email);
      await expect(person).toHaveURL(/\/acme\/customer$/);

      await page.goto(LIST);
      await openRowMenu(page, email, 'Test Customer');
      await page.getByRole('menuitem', { name: 'Change role' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change role' });
      await dialog.getByLabel('Role', { exact: true }).selectOption({ label: 'Driver' });
      await dialog.getByRole('button', { name: 'Change role' }).click();
      await expect(page.getByText('Test Customer is now Driver')).toBeVisible();
      await expect(rowWith(page, email)).toContainText('Driver');

      await expect(person).toHaveURL(/\/acme\/driver$/);
      await expect(person.getByText('Your role is now Driver')).toBeVisible();
      await person.context().close();
    } finally {
      await deleteUser(request, id);
    }
  });

  test('deactivating signs the person out with the message; they cannot sign in until reactivated', async ({ page, browser, request }) => {
    // Two people, several round trips through the mailbox, the function and the live topic.
    test.slow();
    const email = `${unique('dex')}@people.example`;
    const id = await createCustomer(request, 'acme', email);
    try {
      const person = await otherWindow(browser);
      await signIn(person, email);
      await expect(person).toHaveURL(/\/acme\/customer$/);

      await page.goto(LIST);
      await openRowMenu(page, email, 'Test Customer');
      await page.getByRole('menuitem', { name: 'Deactivate' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Deactivate user?' });
      await confirm.getByRole('button', { name: 'Deactivate' }).click();
      await expect(page.getByText('Test Customer was deactivated')).toBeVisible();
      await expect(rowWith(page, email)).toContainText('Inactive');

      await expect(person.getByText(TENANTLESS_MESSAGE)).toBeVisible();
      await expect(person).toHaveURL(/\/sign-in$/);
      expect(await storedSession(person)).toBe(false);
      await signIn(person, email);
      await expect(person.getByRole('alert').filter({ hasText: TENANTLESS_MESSAGE })).toBeVisible();
      await expect(person).toHaveURL(/\/sign-in$/);

      await page.getByRole('button', { name: 'Actions for Test Customer' }).click();
      await page.getByRole('menuitem', { name: 'Reactivate' }).click();
      await page.getByRole('alertdialog', { name: 'Reactivate user?' }).getByRole('button', { name: 'Reactivate' }).click();
      await expect(rowWith(page, email)).toContainText('Active');
      await signIn(person, email, PASSWORD);
      await expect(person).toHaveURL(/\/acme\/customer$/);
      await person.context().close();
    } finally {
      await deleteUser(request, id);
    }
  });

  test('an admin cannot change their own role or deactivate themselves', async ({ page }) => {
    await page.goto(LIST);
    await openRowMenu(page, 'admin@acme.test', 'Ada Admin');
    await expect(page.getByRole('menuitem', { name: /Change role/ })).toBeDisabled();
    await expect(page.getByRole('menuitem', { name: /Deactivate/ })).toBeDisabled();
    await expect(page.getByText('You cannot deactivate your own account')).toBeVisible();
  });
});

test.describe('user detail', () => {
  test.beforeEach(({ page }) => admin.enter(page));
  const detail = (id: string) => `/acme/admin/users/${id}/detail`;

  test('breadcrumbs, the cover, the about card, and tabs chosen by ?tab=', async ({ page }) => {
    await page.goto(detail(MARCUS.id));
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(crumbs.getByRole('link', { name: 'Users' })).toBeVisible();
    await expect(crumbs).toContainText(MARCUS.name);
    await expect(page.getByTestId('user-cover-name')).toHaveText(MARCUS.name);
    const cover = page.getByRole('region', { name: 'User' });
    await expect(cover.getByRole('img').or(cover.locator('img'))).toHaveCount(1);
    await expect(cover).toContainText('Active');
    const about = page.getByRole('region', { name: 'About' });
    await expect(about).toContainText(MARCUS.phone);
    await expect(about).toContainText(MARCUS.email);
    await expect(about).toContainText('Other');
    await expect(about).toContainText('Created');

    await page.getByRole('tab', { name: 'Addresses' }).click();
    await expectParam(page, 'tab', 'address');
    await page.getByRole('tab', { name: 'History' }).click();
    await expectParam(page, 'tab', 'history');
    await page.getByRole('tab', { name: 'Profile' }).click();
    await expectParam(page, 'tab', null);
    await expect(page.getByRole('tab', { name: /API keys|Webhooks/i })).toHaveCount(0);

    await page.goto(`${detail(MARCUS.id)}?tab=address`);
    await expect(page.getByRole('tab', { name: 'Addresses' })).toHaveAttribute('aria-selected', 'true');
  });

  test('a loading skeleton while the person loads', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/rest/v1/profiles?*id=eq.${MARCUS.id}*`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(detail(MARCUS.id));
    await expect(page.getByRole('status', { name: 'Loading user' })).toBeVisible();
    release();
    await expect(page.getByTestId('user-cover-name')).toHaveText(MARCUS.name);
  });

  test('an error with Retry and a way back to the list', async ({ page }) => {
    let fail = true;
    await page.route(`**/rest/v1/profiles?*id=eq.${MARCUS.id}*`, (route) =>
      fail ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'XX000', message: 'The database is down' }) }) : route.continue(),
    );
    await page.goto(detail(MARCUS.id));
    await expect(page.getByRole('alert').filter({ hasText: 'Could not load this user' })).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('user-cover-name')).toHaveText(MARCUS.name);

    fail = true;
    await page.reload();
    await page.getByRole('button', { name: 'Back to users' }).click();
    await expect(page).toHaveURL(/\/acme\/admin\/users$/);
  });

  test("not found: an unknown id, a malformed one, another tenant's person", async ({ page }) => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', 'b2000000-0000-4000-8000-000000000001']) {
      await page.goto(detail(id));
      await expect(page.getByText('User not found')).toBeVisible();
    }
    await page.getByRole('button', { name: 'Back to users' }).or(page.getByRole('link', { name: 'Back to users' })).click();
    await expect(page).toHaveURL(/\/acme\/admin\/users$/);
  });
});

test.describe('own profile', () => {
  test('every signed-in person edits their names, phone and avatar, and changes their password', async ({ page, request }) => {
    test.slow();
    const email = `${unique('olga')}@people.example`;
    const id = await createCustomer(request, 'globex', email);
    try {
      await signIn(page, email);
      await expect(page).toHaveURL(/\/globex\/customer$/);
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('button', { name: 'Profile' }).click();
      const dialog = page.getByRole('dialog', { name: 'Profile' });
      await expect(dialog.getByLabel('First name')).toHaveValue('Test');
      await dialog.getByLabel('First name').fill('Olga');
      await dialog.getByLabel('Last name').fill('Owens');
      await dialog.getByLabel('Phone').fill('+44 20 7946 0999');
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000100ffff03000006000557bfabd40000000049454e44ae426082', 'hex');
      await dialog.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
      await dialog.getByRole('button', { name: 'Save profile' }).click();
      await expect(page.getByText('Profile updated')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: 'Account' }).locator('img')).toHaveAttribute('src', new RegExp(`/tenants/b0000000-0000-4000-8000-000000000001/avatar-${id}-`));
      await page.getByRole('button', { name: 'Account' }).click();
      await expect(page.getByTestId('account-name')).toHaveText('Olga Owens');
      await page.getByRole('button', { name: 'Profile' }).click();
      await expect(dialog.getByLabel('Phone')).toHaveValue('+44 20 7946 0999');

      await dialog.getByRole('button', { name: 'Password' }).click();
      await dialog.getByLabel('New password', { exact: true }).fill('short');
      await dialog.getByRole('button', { name: 'Change password' }).click();
      await expect(dialog.getByText('Password must be at least 8 characters')).toBeVisible();
      await dialog.getByLabel('New password', { exact: true }).fill('Changed!2026');
      await dialog.getByLabel('Confirm new password').fill('Changed!2026');
      await dialog.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByText('Password changed')).toBeVisible();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await expect(page).toHaveURL(/\/sign-in$/);
      await signIn(page, email, 'Changed!2026');
      await expect(page).toHaveURL(/\/globex\/customer$/);
    } finally {
      await deleteUser(request, id);
    }
  });
});
