import type { Page } from '@playwright/test';
import { createCustomer, deleteUser, expect, signInTo, test, tokenOf, unique, workerSession } from './fixtures.ts';
import { ACME, assignToDerek, createDelivery, forgetNotifications, recordFix, rpc, transition } from './tracking-api.ts';

/**
 * The customer's dashboard (/acme/customer) as Carla: her deliveries, active first with the driver's
 * first name and live status, past ones with their proof; the filter and pages in the URL; a card
 * opens the delivery's tracking view; a customer without deliveries sees the empty state.
 * Her deliveries are created in the test through the API as the dispatcher and moved as the driver.
 */

test.describe.configure({ timeout: 90_000 });
test.afterEach(({ request }) => forgetNotifications(request));
const carla = workerSession('customer@acme.test', '/acme/customer');

const section = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) });
const card = (page: Page, code: string) => page.getByRole('article', { name: code });

test('active deliveries first with the driver and live status, past ones with their proof; a card opens its tracking', async ({ page, request }) => {
  const dispatcher = await tokenOf(request, 'dispatcher@acme.test');
  const driver = await tokenOf(request, 'driver@acme.test');
  const start = new Date(Date.now() + 3 * 3600_000);
  const waiting = await createDelivery(request, dispatcher, {
    dropoff_window_start: start.toISOString(),
    dropoff_window_end: new Date(start.getTime() + 2 * 3600_000).toISOString(),
  });
  const onTheWay = await createDelivery(request, dispatcher);
  const done = await createDelivery(request, dispatcher);
  for (const d of [onTheWay, done]) {
    const assignment = await assignToDerek(request, dispatcher, d.id);
    await rpc(request, driver, 'respond_to_assignment', { assignment_id: assignment, accept: true });
    await transition(request, driver, d.id, 'picked_up');
  }
  await recordFix(request, driver, 0);
  await transition(request, driver, onTheWay.id, 'in_transit');
  await transition(request, driver, done.id, 'in_transit');
  await transition(request, driver, done.id, 'delivered', { proof: { recipient_name: 'Carla Customer', signature_url: `${ACME}/${done.id}/signature.png`, photo_urls: [`${ACME}/${done.id}/door.jpg`] } });

  await carla.open(page);
  // The greeting stays; the deliveries come under it.
  await expect(page.getByTestId('dashboard-role')).toHaveText('Customer');
  await expect(page.getByRole('heading', { name: 'Your deliveries' })).toBeVisible();

  const active = section(page, 'Active deliveries');
  const past = section(page, 'Past deliveries');
  await expect(active.getByRole('article', { name: waiting.delivery_code })).toBeVisible();
  await expect(card(page, waiting.delivery_code)).toContainText('Pending');
  await expect(card(page, waiting.delivery_code)).toContainText('Delivery window');
  await expect(card(page, waiting.delivery_code).getByTestId('customer-delivery-driver')).toHaveCount(0);
  await expect(active.getByRole('article', { name: onTheWay.delivery_code })).toContainText('In transit');
  await expect(card(page, onTheWay.delivery_code).getByTestId('customer-delivery-driver')).toHaveText('Derek');
  await expect(card(page, onTheWay.delivery_code)).not.toContainText('Derek Driver');
  await expect(past.getByRole('article', { name: done.delivery_code })).toContainText('Delivered');
  await expect(card(page, done.delivery_code).getByTestId('customer-delivery-proof')).toHaveText('Received by Carla Customer · signed · 1 photo');
  // Active before past on the page.
  const order = await page.getByTestId('customer-delivery').evaluateAll((cards, codes) => codes.map((code) => cards.findIndex((c) => c.textContent?.includes(code))), [
    waiting.delivery_code,
    done.delivery_code,
  ]);
  expect(order[0]).toBeLessThan(order[1]!);

  // Live, without a reload: the waiting one is assigned, then accepted by Derek.
  await expect(page.getByRole('region', { name: 'Your deliveries' }).getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  const assignment = await assignToDerek(request, dispatcher, waiting.id);
  await expect(card(page, waiting.delivery_code)).toContainText('Assigned');
  await rpc(request, driver, 'respond_to_assignment', { assignment_id: assignment, accept: true });
  await expect(card(page, waiting.delivery_code)).toContainText('Accepted');
  // Delivered live: it moves to the past deliveries with its proof.
  await transition(request, driver, onTheWay.id, 'delivered', { proof: { recipient_name: 'Sam at the front desk' } });
  await expect(past.getByRole('article', { name: onTheWay.delivery_code })).toContainText('Received by Sam at the front desk');
  await expect(active.getByRole('article', { name: onTheWay.delivery_code })).toHaveCount(0);
  // Booked while she looks: the notice on her topic brings the new delivery onto the page.
  const booked = await createDelivery(request, dispatcher);
  await expect(active.getByRole('article', { name: booked.delivery_code })).toContainText('Pending');

  // The filter is in the URL.
  await page.getByRole('button', { name: 'Past', exact: true }).click();
  await expect(page).toHaveURL(/\/acme\/customer\?show=past$/);
  await expect(page.getByRole('button', { name: 'Past', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(section(page, 'Active deliveries')).toHaveCount(0);
  await expect(card(page, done.delivery_code)).toBeVisible();
  await page.getByRole('button', { name: 'Active', exact: true }).click();
  await expect(page).toHaveURL(/\?show=active$/);
  await expect(section(page, 'Past deliveries')).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\?show=past$/);

  // A card opens its tracking view.
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await page.getByRole('link', { name: `Track live ${waiting.delivery_code}` }).click();
  await expect(page).toHaveURL(new RegExp(`/tracking\\?token=${waiting.tracking_token}$`));
  await expect(page.getByTestId('tracking-headline')).toHaveText('A driver will pick up your parcel');
});

test('many past deliveries are paged, the page in the URL', async ({ page, request }) => {
  // A customer of their own, so deliveries other tests make for Carla never shift these pages.
  const email = `${unique('regular.customer')}@acme.test`;
  const id = await createCustomer(request, 'acme', email);
  const dispatcher = await tokenOf(request, 'dispatcher@acme.test');
  // Eleven cancelled deliveries: two pages of past ones.
  const cancelled: string[] = [];
  for (let i = 0; i < 11; i += 1) {
    const d = await createDelivery(request, dispatcher, {
      customer_id: id,
      dropoff_address_id: null,
      dropoff_address: { full_address: `${200 + i} Valencia St, San Francisco, CA, United States`, city: 'San Francisco', country: 'United States' },
      dropoff_lat: 37.7689,
      dropoff_lng: -122.4221,
    });
    await transition(request, dispatcher, d.id, 'cancelled', { reason: 'Ordered twice' });
    cancelled.push(d.delivery_code);
  }
  await signInTo(page, email, '/acme/customer');
  await page.getByRole('button', { name: 'Past', exact: true }).click();
  const past = section(page, 'Past deliveries');
  await expect(past).toHaveAccessibleName('Past deliveries (11)');
  await expect(past.getByTestId('customer-delivery')).toHaveCount(10);
  // The newest first: the last one made opens page 1, the first one is alone on page 2.
  await expect(past.getByTestId('customer-delivery').first()).toContainText(cancelled[10]!);
  await expect(card(page, cancelled[10]!)).toContainText('Ordered twice');
  await expect(card(page, cancelled[10]!)).toContainText('210 Valencia St');
  await expect(card(page, cancelled[0]!)).toHaveCount(0);
  const pager = page.getByRole('navigation', { name: 'Past deliveries pages' });
  await expect(pager).toContainText('Page 1 of 2');
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\?show=past&page=2$/);
  await expect(pager).toContainText('Page 2 of 2');
  await expect(past.getByTestId('customer-delivery')).toHaveCount(1);
  await expect(card(page, cancelled[0]!)).toBeVisible();
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.goBack();
  await expect(pager).toContainText('Page 1 of 2');
  // A page past the end (an old shared link) says so and leads to the last page.
  await page.goto('/acme/customer?show=past&page=7');
  await expect(past.getByText('Nothing on this page')).toBeVisible();
  await past.getByRole('button', { name: 'Go to the last page' }).click();
  await expect(page).toHaveURL(/\?show=past&page=2$/);
  await expect(card(page, cancelled[0]!)).toBeVisible();

  // Spanish, chosen in the header (saved on this customer's own profile): the nav, the dashboard,
  // the pages and the dates change live, without a reload.
  const closedAt = card(page, cancelled[0]!).locator('dt + dd').nth(1);
  await expect(closedAt).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}$/);
  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('menuitemradio', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('link', { name: 'Panel', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tus entregas' })).toBeVisible();
  await expect(page.getByTestId('dashboard-role')).toHaveText('Cliente');
  await expect(page).toHaveTitle(/^Panel de cliente \| /);
  await expect(page.getByRole('button', { name: 'Anteriores', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(section(page, 'Entregas anteriores')).toHaveAccessibleName('Entregas anteriores (11)');
  await expect(page.getByRole('navigation', { name: 'Páginas de entregas anteriores' })).toContainText('Página 2 de 2');
  await expect(card(page, cancelled[0]!).locator('dt').nth(1)).toHaveText('Cerrada');
  await expect(closedAt).toHaveText(/^\d{1,2} [a-z]{3,4}\.? \d{4}, \d{1,2}:\d{2}$/);
  await expect(page.getByRole('heading', { name: 'Your deliveries' })).toHaveCount(0);
});

test('a customer without deliveries sees the empty state', async ({ page, request }) => {
  const email = `${unique('new.customer')}@acme.test`;
  const id = await createCustomer(request, 'acme', email);
  try {
    await signInTo(page, email, '/acme/customer');
    await expect(page.getByRole('heading', { name: 'Your deliveries' })).toBeVisible();
    await expect(page.getByText('No deliveries yet')).toBeVisible();
    await expect(page.getByTestId('customer-delivery')).toHaveCount(0);
  } finally {
    await deleteUser(request, id);
  }
});

test('a delivered delivery can be returned: the reason and what comes back, then the request shows on its card', async ({ page, request }) => {
  const dispatcher = await tokenOf(request, 'dispatcher@acme.test');
  const driver = await tokenOf(request, 'driver@acme.test');
  const done = await createDelivery(request, dispatcher);
  const assignment = await assignToDerek(request, dispatcher, done.id);
  await rpc(request, driver, 'respond_to_assignment', { assignment_id: assignment, accept: true });
  await transition(request, driver, done.id, 'picked_up');
  await transition(request, driver, done.id, 'in_transit');
  await transition(request, driver, done.id, 'delivered', { proof: { recipient_name: 'Carla Customer' } });
  await forgetNotifications(request);

  await carla.open(page);
  const delivered = card(page, done.delivery_code);
  await delivered.getByRole('button', { name: 'Request a return' }).click();
  const dialog = page.getByRole('dialog', { name: `Return ${done.delivery_code}` });
  await dialog.getByRole('button', { name: 'Request the return' }).click();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  await dialog.getByLabel('Reason').selectOption('other');
  await dialog.getByRole('button', { name: 'Request the return' }).click();
  await expect(dialog.getByText('Describe the reason for the return')).toBeVisible();
  await dialog.getByLabel('Tell us more').fill('The colour is not the one I ordered');
  await dialog.getByRole('button', { name: 'Request the return' }).click();
  await expect(page.getByText(/^Return requested: ACME-R\d+/)).toBeVisible();
  await expect(delivered.getByTestId('customer-delivery-return')).toHaveText(/^Return ACME-R\d+: requested$/);
  await expect(delivered.getByRole('button', { name: 'Request a return' })).toHaveCount(0);

  // A second visit still shows the open request instead of the button.
  await page.reload();
  await expect(card(page, done.delivery_code).getByTestId('customer-delivery-return')).toHaveText(/requested$/);
});
