import type { APIRequestContext } from '@playwright/test';
import { asServiceRole, createCustomer, deleteUser, expect, signInTo, test, unique } from './fixtures.ts';

// Each test works with its own user: they change read states, and tests run in parallel.

/**
 * Other specs' deliveries notify the demo users (new work, acceptances, failures: every such title
 * names a delivery code); the first two tests count the seeded notifications only.
 */
async function onlySeeded(request: APIRequestContext, userId: string) {
  await asServiceRole(request, 'DELETE', `/rest/v1/notifications?user_id=eq.${userId}&title=match.${encodeURIComponent('[A-Z]+-[0-9]{6}')}`);
}

test('the demo dispatcher finds the seeded notifications under the bell', async ({ page, request }) => {
  await onlySeeded(request, 'a1000000-0000-4000-8000-000000000002');
  await signInTo(page, 'dispatcher@acme.test', '/acme/dispatcher');
  // Presence only: other specs' deliveries may notify every dispatcher of the tenant while this runs.
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const seeded = panel.getByTestId('notification-item').filter({ hasText: 'System maintenance tonight' });
  await expect(seeded).toHaveCount(1);
  // Seeded 10 minutes before the stack started; the suite may have run for a while since.
  await expect(seeded.locator('time')).toHaveText(/^\d+ minutes ago$/);
});

test('the bell shows the unread count; one is marked read, and it stays read', async ({ page, request }) => {
  // A person of its own: other specs' deliveries notify the demo staff while this runs.
  const email = `${unique('bell')}@acme.test`;
  const id = await createCustomer(request, 'acme', email);
  try {
    const [profile] = (await asServiceRole(request, 'GET', `/rest/v1/profiles?select=tenant_id&id=eq.${id}`)) as { tenant_id: string }[];
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
    const rows = [
      { title: 'Your parcel was delivered', read_at: minutesAgo(50), created_at: minutesAgo(60) },
      { title: 'Your parcel is on its way', read_at: minutesAgo(80), created_at: minutesAgo(90) },
      { title: 'Delivery window changed', read_at: null, created_at: minutesAgo(20) },
      { title: 'Driver is nearby', read_at: null, created_at: minutesAgo(10) },
    ];
    for (const row of rows) await asServiceRole(request, 'POST', '/rest/v1/notifications', { tenant_id: profile?.tenant_id, user_id: id, link: '/acme/customer', ...row });
    await signInTo(page, email, '/acme/customer');
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
    await expect(page.getByTestId('notifications-unread')).toHaveText('2');

    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByTestId('notification-item')).toHaveCount(4);
    await expect(panel.locator('[data-unread="true"]')).toHaveCount(2);
    // Newest first.
    await expect(panel.getByTestId('notification-item').first()).toContainText('Driver is nearby');
    await expect(panel.locator('time').first()).toHaveText(/^1[01] minutes ago$/);

    await panel.getByRole('button', { name: 'Mark read “Driver is nearby”' }).click();
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    await expect(panel.locator('[data-unread="true"]')).toHaveCount(1);

    await page.reload();
    await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveAccessibleName('Notifications, 1 unread');
  } finally {
    await deleteUser(request, id);
  }
});

test('mark all read clears the badge and the list', async ({ page, request }) => {
  // A person of its own: other specs' deliveries notify the demo driver while this runs.
  const email = `${unique('reader')}@acme.test`;
  const id = await createCustomer(request, 'acme', email);
  try {
    const [profile] = (await asServiceRole(request, 'GET', `/rest/v1/profiles?select=tenant_id&id=eq.${id}`)) as { tenant_id: string }[];
    for (const title of ['Your parcel is on its way', 'Your parcel was delivered']) {
      await asServiceRole(request, 'POST', '/rest/v1/notifications', { tenant_id: profile?.tenant_id, user_id: id, title, link: '/acme/customer' });
    }
    await signInTo(page, email, '/acme/customer');
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByRole('button', { name: 'Mark all read' }).click();
    await expect(bell).toHaveAccessibleName('Notifications');
    await expect(page.getByTestId('notifications-unread')).toHaveCount(0);
    await expect(panel.locator('[data-unread="true"]')).toHaveCount(0);
    await expect(panel.getByTestId('notification-item')).toHaveCount(2);
    await expect(panel.getByRole('button', { name: 'Mark all read' })).toBeDisabled();

    await page.reload();
    await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveAccessibleName('Notifications');
  } finally {
    await deleteUser(request, id);
  }
});

test('a notification inserted on the server appears live, without a reload', async ({ page, request }) => {
  const [profile] = (await asServiceRole(request, 'GET', '/rest/v1/profiles?select=id,tenant_id&email=eq.customer%40globex.test')) as { id: string; tenant_id: string }[];
  // The seed's two unread, plus any other specs' deliveries for this customer have sent meanwhile: the
  // badge is held against the server's count read just before.
  const unread = async () => ((await asServiceRole(request, 'GET', `/rest/v1/notifications?select=id&user_id=eq.${profile?.id}&read_at=is.null`)) as unknown[]).length;
  const badgeFollowsServer = async () => {
    await expect(async () => {
      const count = await unread();
      expect(count).toBeGreaterThanOrEqual(2);
      await expect(bell).toHaveAccessibleName(`Notifications, ${count} unread`, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  };
  await signInTo(page, 'customer@globex.test', '/globex/customer');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await badgeFollowsServer();
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText('Live', { exact: true })).toBeVisible();

  const before = await unread();
  const title = unique('Parcel delivered');
  await asServiceRole(request, 'POST', '/rest/v1/notifications', {
    tenant_id: profile?.tenant_id,
    user_id: profile?.id,
    title,
    body: 'Your parcel was left with the concierge.',
    link: '/globex/customer',
  });

  await expect(panel.getByText(title).first()).toBeVisible();
  expect(await unread()).toBeGreaterThan(before);
  await badgeFollowsServer();
  await expect(panel.getByTestId('notification-item').first()).toContainText(title);
});

test('a user without notifications sees the empty state; a failed read offers Retry', async ({ page, request }) => {
  const email = `${unique('quiet')}@acme.test`;
  const id = await createCustomer(request, 'acme', email);
  try {
    let failing = true;
    await page.route(/\/rest\/v1\/notifications\?select=/, (route) => {
      if (failing) return route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' });
      return route.continue();
    });
    await signInTo(page, email, '/acme/customer');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByText('Could not load notifications.')).toBeVisible();
    failing = false;
    await panel.getByRole('button', { name: 'Retry' }).click();
    await expect(panel.getByText('No notifications')).toBeVisible();
  } finally {
    await deleteUser(request, id);
  }
});
