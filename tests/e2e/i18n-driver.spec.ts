import type { APIRequestContext } from '@playwright/test';
import { asServiceRole, asUser, expect, signInTo, test, tokenOf, unique } from './fixtures.ts';

/**
 * The driver app in the driver's language: French chosen in the language menu turns the screen's
 * words, dates and money French at once, without a reload; the choice is saved on the driver's
 * profile, so a reload (or another device) opens in French.
 */
const ACME = 'a0000000-0000-4000-8000-000000000001';
// A seeded driver no other browser test follows.
const DRIVER = 'a5500000-0000-4000-8000-000000000001';
const DRIVER_EMAIL = 'marco.rossi@acmelogistics.example';
const CUSTOMER = 'a1000000-0000-4000-8000-000000000004';
const SAME_DAY = 'a6100000-0000-4000-8000-000000000002';
const DEPOT = 'a4000000-0000-4000-8000-000000000001';
const BOX_TRUCK = 'a3000000-0000-4000-8000-000000000002';

async function setLanguage(request: APIRequestContext, language: string | null) {
  await asServiceRole(request, 'PATCH', `/rest/v1/profiles?id=eq.${DRIVER}`, { language });
}

async function profileLanguage(request: APIRequestContext): Promise<string | null> {
  const [row] = (await asServiceRole(request, 'GET', `/rest/v1/profiles?select=language&id=eq.${DRIVER}`)) as { language: string | null }[];
  return row?.language ?? null;
}

test.afterAll(async ({ request }) => {
  await setLanguage(request, null);
});

test('switching to French changes the words and the date formats live, and a reload keeps French', async ({ browser, request }) => {
  test.setTimeout(90_000);
  await setLanguage(request, null);
  const dispatcher = await tokenOf(request, 'dispatcher@acme.test');
  const [home] = (await asServiceRole(request, 'GET', `/rest/v1/addresses?select=id&user_id=eq.${CUSTOMER}&is_active=eq.true&latitude=not.is.null&order=is_primary.desc&limit=1`)) as { id: string }[];
  // A drop-off window two days ahead: the card prints its day, in the page's language.
  const start = new Date();
  start.setDate(start.getDate() + 2);
  start.setHours(10, 0, 0, 0);
  const end = new Date(start.getTime() + 2 * 3600_000);
  const [delivery] = (await asUser(request, dispatcher, '/rest/v1/deliveries', {
    tenant_id: ACME,
    kind: 'delivery',
    customer_id: CUSTOMER,
    pickup_address_id: DEPOT,
    dropoff_address_id: home!.id,
    service_id: SAME_DAY,
    packages: [{ description: 'Espresso machine', quantity: 1, weight_kg: 6.5, fragile: true, temperature_sensitive: false }],
    priority: 'normal',
    cod_amount: 0,
    external_reference_id: unique('PO'),
    dropoff_window_start: start.toISOString(),
    dropoff_window_end: end.toISOString(),
  })) as { id: string; delivery_code: string }[];
  await asUser(request, dispatcher, '/rest/v1/assignments', { tenant_id: ACME, delivery_id: delivery!.id, driver_id: DRIVER, vehicle_id: BOX_TRUCK });

  const day = (locale: string) => new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short' }).format(start);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  const page = await context.newPage();
  try {
    await signInTo(page, DRIVER_EMAIL, '/acme/driver');
    const offer = page.getByRole('article', { name: `New assignment · ${delivery!.delivery_code}` });
    await expect(offer).toBeVisible();
    await expect(offer).toContainText(day('en-US'));
    await expect(offer).toContainText('1 package, 6.5 kg');
    await expect(page.getByRole('heading', { name: 'Today', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitemradio', { name: 'Français' }).click();

    // Live: the same page, in French, dates included.
    const offerFr = page.getByRole('article', { name: `Nouvelle affectation · ${delivery!.delivery_code}` });
    await expect(offerFr).toBeVisible();
    await expect(offerFr).toContainText(day('fr'));
    await expect(offerFr).toContainText('1 colis, 6.5 kg');
    await expect(offerFr.getByRole('button', { name: 'Accepter' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Aujourd’hui', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Tâches du jour/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Langue : Français' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { name: 'Today', exact: true })).toHaveCount(0);
    // Saved on the profile: every device of the driver opens in French.
    await expect.poll(() => profileLanguage(request)).toBe('fr');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Aujourd’hui', exact: true })).toBeVisible();
    await expect(page.getByRole('article', { name: `Nouvelle affectation · ${delivery!.delivery_code}` })).toContainText(day('fr'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  } finally {
    await context.close();
  }
});
