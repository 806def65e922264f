import type { Page } from '@playwright/test';
import { DEFAULT_SERVICE_ROLE_KEY as SERVICE_KEY } from '../../stack/keys.ts';
import { ANON_KEY, expect, signInTo, test, tokenOf, unique, workerSession } from './fixtures.ts';
import { ACME, assignToDerek, createDelivery, forgetNotifications, rpc, transition } from './tracking-api.ts';

/**
 * The dispatcher's support queue: a failed attempt arriving live, acknowledged and
 * resolved with a note; an exception a driver raised, acknowledged (investigating, the dispatcher its
 * owner) and resolved; and "Contact your admins" reaching the admin's notifications. Each problem is
 * made in the test through the API (the dispatcher creates, the demo driver Derek carries and fails).
 */

const SUPPORT = '/acme/dispatcher/support';
const dispatcher = workerSession('dispatcher@acme.test', '/acme/dispatcher');
test.describe.configure({ timeout: 120_000 });
test.beforeEach(({ page }) => dispatcher.enter(page));
test.afterEach(({ request }) => forgetNotifications(request));

const rows = (page: Page, table: string) => page.getByRole('table', { name: table }).locator('tbody tr');

/** A delivery Derek accepted and picked up; answers it. */
async function pickedUp(request: Parameters<typeof createDelivery>[0]) {
  const dispatcherToken = await tokenOf(request, 'dispatcher@acme.test');
  const driver = await tokenOf(request, 'driver@acme.test');
  const d = await createDelivery(request, dispatcherToken, { external_reference_id: unique('SUP') });
  const assignment = await assignToDerek(request, dispatcherToken, d.id);
  await rpc(request, driver, 'respond_to_assignment', { assignment_id: assignment, accept: true });
  await transition(request, driver, d.id, 'picked_up');
  return { delivery: d, driver };
}

async function rowAction(page: Page, table: string, label: string, action: string) {
  await page.getByRole('table', { name: table }).getByRole('button', { name: `Actions for ${label}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('a failed attempt arrives live, is acknowledged, then resolved with a note', async ({ page, request }) => {
  await page.goto(SUPPORT);
  await expect(page.getByRole('heading', { name: 'Support' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Failed attempts' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('Live', { exact: true })).toBeVisible();

  const { delivery, driver } = await pickedUp(request);
  await transition(request, driver, delivery.id, 'failed', { reason: 'Recipient not available', note: 'Nobody at the side door' });
  const row = rows(page, 'Failed attempts').filter({ hasText: delivery.delivery_code });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Recipient not available');
  await expect(row).toContainText('Derek Driver');
  await expect(row).toContainText('Open');

  await rowAction(page, 'Failed attempts', delivery.delivery_code, 'Acknowledge');
  const dialog = page.getByRole('alertdialog');
  await dialog.getByLabel('Note (optional)').fill('Calling Carla to rebook');
  await dialog.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(page.getByText('Acknowledged: it is yours now')).toBeVisible();
  await expect(row).toContainText('Acknowledged');
  await expect(row).toContainText('by Dana Dispatcher');

  await rowAction(page, 'Failed attempts', delivery.delivery_code, 'Resolve');
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await expect(dialog.getByText('A resolution note is required')).toBeVisible();
  await dialog.getByLabel('Resolution note').fill('Rebooked for tomorrow 9:00-11:00');
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await expect(page.getByText('Resolved', { exact: true }).first()).toBeVisible();
  // Resolved items leave the default view; the Resolved filter (in the URL) shows it with its note.
  await expect(row).toHaveCount(0);
  await page.goto(`${SUPPORT}?view=failures&state=resolved&q=${delivery.delivery_code}`);
  await expect(rows(page, 'Failed attempts').filter({ hasText: delivery.delivery_code })).toContainText('Dana Dispatcher: Rebooked for tomorrow 9:00-11:00');
  // The delivery opens in its section.
  await rows(page, 'Failed attempts').getByRole('link', { name: delivery.delivery_code }).click();
  await expect(page).toHaveURL(new RegExp(`/acme/dispatcher/delivery_orders/${delivery.id}$`));
});

test('an exception a driver raised: marked, acknowledged, resolved', async ({ page, request }) => {
  const { delivery, driver } = await pickedUp(request);
  const res = await request.post('/rest/v1/exceptions?select=id,exception_code', {
    headers: { apikey: ANON_KEY, authorization: `Bearer ${driver}`, 'content-type': 'application/json', prefer: 'return=representation', accept: 'application/vnd.pgrst.object+json' },
    data: { tenant_id: ACME, delivery_id: delivery.id, type: 'damaged', severity: 'high', description: 'Box corner crushed when loading' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { exception_code: code } = (await res.json()) as { exception_code: string };

  await page.goto(`${SUPPORT}?view=exceptions&raised_by=driver`);
  await expect(page.getByRole('link', { name: 'Exceptions' })).toHaveAttribute('aria-current', 'page');
  const row = rows(page, 'Exceptions').filter({ hasText: code });
  await expect(row).toContainText('Box corner crushed when loading');
  await expect(row).toContainText('Driver');
  await expect(row).toContainText('Open');

  await page.getByRole('table', { name: 'Exceptions' }).getByRole('button', { name: `Actions for ${code}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Resolve' })).toContainText('Acknowledge it first');
  await page.getByRole('menuitem', { name: 'Acknowledge' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(row).toContainText('Investigating');
  await expect(row).toContainText('Dana Dispatcher');

  await rowAction(page, 'Exceptions', code, 'Resolve');
  await dialog.getByLabel('Resolution notes').fill('Photos sent to the sender; replacement booked');
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await expect(row).toHaveCount(0);
  await page.goto(`${SUPPORT}?view=exceptions&status=resolved&q=${code}`);
  await expect(rows(page, 'Exceptions').filter({ hasText: code })).toContainText('Resolved');
});

test('contact your admins: checked, sent, and in the admin\'s notifications', async ({ page, browser, request }) => {
  await page.goto(`${SUPPORT}?view=contact`);
  const form = page.getByRole('form', { name: 'Contact your admins' });
  await form.getByRole('button', { name: 'Send to admins' }).click();
  await expect(form.getByText('Subject is required')).toBeVisible();
  await expect(form.getByText('Message is required')).toBeVisible();

  const subject = unique('Van 2 tyre pressure');
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill('The warning light came on at Mission Bay; booking it into the garage after the last drop.');
  await form.getByRole('button', { name: 'Send to admins' }).click();
  await expect(page.getByText('Message sent to your 2 admins')).toBeVisible();
  await expect(form.getByLabel('Subject')).toHaveValue('');
  await expect(page.getByRole('list', { name: 'Sent messages' }).getByText(subject)).toBeVisible();

  const admin = await browser.newPage();
  try {
    await signInTo(admin, 'admin@acme.test', '/acme/admin');
    await admin.getByRole('button', { name: /notifications/i }).click();
    await expect(admin.getByText(`Dana Dispatcher: ${subject}`).first()).toBeVisible();
  } finally {
    await admin.close();
    // Take the notices back, so the demo admins' unread counts stay what other specs count on.
    const res = await request.fetch(`/rest/v1/notifications?title=like.*${encodeURIComponent(subject)}*`, {
      method: 'DELETE',
      headers: { apikey: SERVICE_KEY, authorization: `Bearer ${SERVICE_KEY}` },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
});
