import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { ANON_KEY, expect, test, tokenOf } from './fixtures.ts';
import { ACME, assignToDerek, createDelivery, forgetNotifications, driverSilentSince, recordFix, rpc, transition } from './tracking-api.ts';

/**
 * The public tracking page (/tracking), as a recipient on a phone opens it, signed in as nobody:
 * a delivery created by the dispatcher and moved by the driver through the API shows in each state
 * (pending, accepted, in transit with the driver and a map, the driver's position hidden once the
 * fix is stale, delivered with its proof, failed with its reason), changes arrive live without a
 * reload, and a link that matches nothing gets the neutral not-found.
 */

test.describe.configure({ timeout: 90_000 });
test.afterEach(({ request }) => forgetNotifications(request));
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const headline = (page: Page) => page.getByTestId('tracking-headline');
const progress = (page: Page) => page.getByRole('list', { name: 'Delivery progress' });
const currentStep = (page: Page) => progress(page).locator('li[aria-current="step"]');

test('a delivery followed live from placed to delivered, the driver and the map only while in transit and fresh', { tag: '@map' }, async ({ page, request }) => {
  const dispatcher = await tokenOf(request, 'dispatcher@acme.test');
  const driver = await tokenOf(request, 'driver@acme.test');
  const start = new Date(Date.now() + 2 * 3600_000);
  const end = new Date(start.getTime() + 2 * 3600_000);
  const delivery = await createDelivery(request, dispatcher, { dropoff_window_start: start.toISOString(), dropoff_window_end: end.toISOString() });

  // Pending: the business's brand, the code, the window, the city; no driver.
  await page.goto(`/tracking?token=${delivery.tracking_token}`);
  await expect(headline(page)).toHaveText('Your order is placed');
  await expect(page.getByTestId('tracking-business')).toContainText('Acme');
  await expect(page.getByText(delivery.delivery_code)).toBeVisible();
  await expect(page.getByTestId('tracking-status')).toHaveText('Pending');
  await expect(page.getByTestId('tracking-window')).not.toBeEmpty();
  await expect(page.getByTestId('tracking-destination')).toContainText('San Francisco');
  await expect(currentStep(page)).toContainText('Order placed');
  await expect(page.getByTestId('tracking-driver')).toHaveCount(0);
  await expect(page).toHaveTitle(`Tracking ${delivery.delivery_code} | Acme Logistics`);
  // Nothing personal leaves the server: no street, no names.
  await expect(page.locator('main')).not.toContainText('Carla');
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();

  // Assigned and accepted arrive live, no reload.
  const assignment = await assignToDerek(request, dispatcher, delivery.id);
  await expect(page.getByTestId('tracking-status')).toHaveText('Assigned');
  await rpc(request, driver, 'respond_to_assignment', { assignment_id: assignment, accept: true });
  await expect(page.getByTestId('tracking-status')).toHaveText('Accepted');
  await expect(headline(page)).toHaveText('A driver will pick up your parcel');
  await expect(currentStep(page)).toContainText('Driver assigned');
  await expect(page.getByTestId('tracking-driver')).toHaveCount(0);

  // In transit with a fresh fix: the driver's first name, a live estimate and the map.
  await transition(request, driver, delivery.id, 'picked_up');
  await expect(page.getByTestId('tracking-status')).toHaveText('Picked up');
  await recordFix(request, driver, 0);
  await transition(request, driver, delivery.id, 'in_transit');
  await expect(page.getByTestId('tracking-status')).toHaveText('In transit');
  await expect(headline(page)).toHaveText('Derek is on the way');
  await expect(page.getByTestId('tracking-driver')).toHaveText('Derek');
  await expect(page.locator('main')).not.toContainText('Driver Derek');
  await expect(page.getByTestId('tracking-estimate')).toBeVisible();
  await expect(page.getByTestId('tracking-position')).toContainText('Location updated');
  // The map shows the driver: a pin where WebGL draws, else the point listed (offline basemap, nothing fetched).
  const driverRegion = page.getByRole('region', { name: 'Your driver' });
  await expect(driverRegion.getByRole('img', { name: /^Derek at / }).or(driverRegion.getByRole('list', { name: 'Points on the map' })).first()).toBeVisible({
    timeout: 30_000,
  });

  // The phone went quiet, then a fix queued 3 minutes ago arrives: stale, so the position is hidden (live).
  await driverSilentSince(request, 300);
  await recordFix(request, driver, 180, 37.7755, -122.4178);
  await expect(page.getByTestId('tracking-position-unavailable')).toBeVisible();
  await expect(page.getByTestId('tracking-position')).toHaveCount(0);
  // A reload asks the server, which hides it too.
  await page.reload();
  await expect(page.getByTestId('tracking-driver')).toHaveText('Derek');
  await expect(page.getByTestId('tracking-position-unavailable')).toBeVisible();
  // A fresh fix brings it back without a reload.
  await recordFix(request, driver, 0, 37.776, -122.4172);
  await expect(page.getByTestId('tracking-position')).toBeVisible();

  // Delivered: the proof's shape and the time; the driver gone.
  await transition(request, driver, delivery.id, 'delivered', { proof: { recipient_name: 'Carla Customer', notes: 'Left with Carla', photo_urls: [`${ACME}/${delivery.id}/door.jpg`, `${ACME}/${delivery.id}/parcel.jpg`] } });
  await expect(page.getByTestId('tracking-status')).toHaveText('Delivered');
  await expect(headline(page)).toHaveText('Delivered');
  await expect(page.getByTestId('tracking-delivered-at')).toBeVisible();
  await expect(page.getByTestId('tracking-proof')).toContainText('2 photos taken at the door');
  await expect(page.getByTestId('tracking-driver')).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText('Carla Customer');
  await expect(progress(page).locator('li[data-state="done"]')).toHaveCount(5);
});

test('a failed delivery shows its reason', async ({ page, request }) => {
  const dispatcher = await tokenOf(request, 'dispatcher@acme.test');
  const driver = await tokenOf(request, 'driver@acme.test');
  const delivery = await createDelivery(request, dispatcher);
  const assignment = await assignToDerek(request, dispatcher, delivery.id);
  await rpc(request, driver, 'respond_to_assignment', { assignment_id: assignment, accept: true });
  await transition(request, driver, delivery.id, 'picked_up');
  await page.goto(`/tracking?token=${delivery.tracking_token}`);
  await expect(page.getByTestId('tracking-status')).toHaveText('Picked up');
  await transition(request, driver, delivery.id, 'failed', { reason: 'Nobody home, building locked' });
  await expect(headline(page)).toHaveText('The delivery could not be completed');
  await expect(page.getByTestId('tracking-failure-reason')).toHaveText('Nobody home, building locked');
  await expect(currentStep(page)).toContainText('Delivery failed');
  await expect(page.getByTestId('tracking-driver')).toHaveCount(0);
});

test('the field takes a pasted link or code; an unknown token gets the neutral not-found', async ({ page, request }) => {
  const dispatcher = await tokenOf(request, 'dispatcher@acme.test');
  const delivery = await createDelivery(request, dispatcher);

  await page.goto('/tracking');
  await expect(page.getByRole('heading', { name: 'Track your delivery' })).toBeVisible();
  const field = page.getByLabel('Tracking link or code');
  await page.getByRole('button', { name: 'Track' }).click();
  await expect(page.getByText('Enter your tracking link or code')).toBeVisible();
  await field.fill('ACME-000001');
  await page.getByRole('button', { name: 'Track' }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('This is not a tracking link or code.', { exact: false })).toBeVisible();

  await field.fill(`https://somewhere.example/tracking?token=${delivery.tracking_token}`);
  await page.getByRole('button', { name: 'Track' }).click();
  await expect(page).toHaveURL(new RegExp(`/tracking\\?token=${delivery.tracking_token}$`));
  await expect(headline(page)).toHaveText('Your order is placed');

  // Another one, as a bare code typed into the field under it.
  await page.getByLabel('Track another delivery').fill('f'.repeat(64));
  await page.getByRole('button', { name: 'Track' }).click();
  await expect(page.getByRole('heading', { name: 'No delivery matches this tracking link' })).toBeVisible();
  await expect(page.locator('main')).not.toContainText('Acme');
  // Back returns to the delivery.
  await page.goBack();
  await expect(headline(page)).toHaveText('Your order is placed');

  // A malformed token never reaches a lookup and gets the same words.
  await page.goto('/tracking?token=not-a-token');
  await expect(page.getByRole('heading', { name: 'No delivery matches this tracking link' })).toBeVisible();
});

test('too many lookups from one address get the rate-limit message', async ({ page, request }) => {
  const dispatcher = await tokenOf(request, 'dispatcher@acme.test');
  const delivery = await createDelivery(request, dispatcher);
  // 60 lookups a minute per address: this page's address (each test has its own) spends them first.
  await page.goto('/tracking');
  const statuses = await page.evaluate(
    async ({ apikey, token }) => {
      const answers: number[] = [];
      for (let i = 0; i < 60; i += 1) {
        const res = await fetch('/rest/v1/rpc/track_delivery', { method: 'POST', headers: { apikey, 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
        answers.push(res.status);
      }
      return answers;
    },
    { apikey: ANON_KEY, token: delivery.tracking_token },
  );
  expect(new Set(statuses)).toEqual(new Set([200]));
  await page.goto(`/tracking?token=${delivery.tracking_token}`);
  await expect(page.getByRole('heading', { name: 'Too many tracking lookups' })).toBeVisible();
  await expect(page.getByText('Try again in a minute.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.locator('main')).not.toContainText(delivery.delivery_code);
});

test('the page speaks the recipient’s language: French for a customer whose delivery preference says fr', async ({ page, request }) => {
  // Hannah of Presidio Florists (acme; no other test touches her) prefers French at her first address
  // (the seed's address ids are md5(<person>:address:<k>)).
  const hannah = 'a1000000-0000-4000-8000-000000000111';
  const hex = createHash('md5').update(`${hannah}:address:0`).digest('hex');
  const dropoff = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const dispatcher = await tokenOf(request, 'dispatcher@acme.test');
  const delivery = await createDelivery(request, dispatcher, { customer_id: hannah, dropoff_address_id: dropoff });

  await page.goto(`/tracking?token=${delivery.tracking_token}`);
  await expect(headline(page)).toHaveText('Votre commande est enregistrée');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByTestId('tracking-status')).toHaveText('En attente');
  const steps = page.getByRole('list', { name: 'Progression de la livraison' });
  await expect(steps.locator('li[aria-current="step"]')).toContainText('Commande enregistrée');
  await expect(page.getByText(`Livraison ${delivery.delivery_code}`)).toBeVisible();
  await expect(page).toHaveTitle(`Suivi ${delivery.delivery_code} | Acme Logistics`);
  await expect(page.getByRole('textbox', { name: 'Suivre une autre livraison' })).toBeVisible();
});
