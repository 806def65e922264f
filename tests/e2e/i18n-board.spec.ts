import type { APIRequestContext } from '@playwright/test';
import { asServiceRole, asUser, expect, signInTo, test, tokenOf, unique, workerSession } from './fixtures.ts';

/**
 * The dispatcher's board in the dispatcher's language: Spanish chosen in the account drawer turns
 * the board's words and dates Spanish at once, without a reload, and is saved on the profile, so a
 * reload keeps it. Before anyone signs in, the auth pages speak the browser's language. A Spanish
 * admin's save the database refuses reads in Spanish (the refusal's key, not its English).
 */
const GLOBEX = 'b0000000-0000-4000-8000-000000000001';
// A seeded dispatcher no other browser test follows (the language is saved on their profile).
const DISPATCHER = 'b2000000-0000-4000-8000-000000000101';
const DISPATCHER_EMAIL = 'amelia.clarke@globexfreight.example';

async function setLanguage(request: APIRequestContext, language: string | null) {
  await asServiceRole(request, 'PATCH', `/rest/v1/profiles?id=eq.${DISPATCHER}`, { language });
}

async function profileLanguage(request: APIRequestContext): Promise<string | null> {
  const [row] = (await asServiceRole(request, 'GET', `/rest/v1/profiles?select=language&id=eq.${DISPATCHER}`)) as { language: string | null }[];
  return row?.language ?? null;
}

test.afterAll(async ({ request }) => {
  await setLanguage(request, null);
});

test('a dispatcher switches the board to Spanish: words and dates change live, and a reload keeps Spanish', async ({ browser, request }) => {
  test.setTimeout(90_000);
  await setLanguage(request, null);
  const token = await tokenOf(request, DISPATCHER_EMAIL);
  // A delivery like one already on the board, its drop-off window two days ahead: its card prints the day.
  const [like] = (await asServiceRole(request, 'GET', `/rest/v1/deliveries?select=customer_id,pickup_address_id,dropoff_address_id,service_id&tenant_id=eq.${GLOBEX}&kind=eq.delivery&limit=1`)) as {
    customer_id: string;
    pickup_address_id: string;
    dropoff_address_id: string;
    service_id: string;
  }[];
  const start = new Date();
  start.setDate(start.getDate() + 2);
  start.setHours(10, 0, 0, 0);
  const end = new Date(start.getTime() + 2 * 3600_000);
  const [delivery] = await asUser<{ delivery_code: string }[]>(request, token, '/rest/v1/deliveries', {
    tenant_id: GLOBEX,
    kind: 'delivery',
    ...like,
    packages: [{ description: 'Coffee grinder', quantity: 1, weight_kg: 4.5, fragile: false, temperature_sensitive: false }],
    priority: 'normal',
    cod_amount: 0,
    external_reference_id: unique('PO'),
    dropoff_window_start: start.toISOString(),
    dropoff_window_end: end.toISOString(),
  });
  const by = (locale: string) =>
    `${new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' }).format(end)} ${new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(end)}`;

  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  try {
    await signInTo(page, DISPATCHER_EMAIL, '/globex/dispatcher');
    // The queue is long and drawn as it scrolls: the search brings the new card into view (and stays in the URL).
    await page.getByRole('searchbox', { name: 'Search' }).fill(delivery!.delivery_code);
    const card = page.getByRole('list', { name: 'Unassigned queue' }).locator(`[data-code="${delivery!.delivery_code}"]`);
    await expect(card).toContainText(`by ${by('en-US')}`);
    await expect(page.getByRole('heading', { name: 'Live board' })).toBeVisible();

    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('dialog').getByText('Español').click();
    await page.keyboard.press('Escape');

    // Live: the same page, in Spanish, the card's date included.
    const cardEs = page.getByRole('list', { name: 'Cola sin asignar' }).locator(`[data-code="${delivery!.delivery_code}"]`);
    await expect(cardEs).toContainText(`hasta ${by('es')}`);
    await expect(cardEs).toContainText('4,5 kg');
    await expect(page.getByRole('heading', { name: 'Tablero en vivo' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Conductores', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Atajos de teclado del tablero' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Franja' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Live board' })).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect.poll(() => profileLanguage(request)).toBe('es');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Tablero en vivo' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Cola sin asignar' }).locator(`[data-code="${delivery!.delivery_code}"]`)).toContainText(`hasta ${by('es')}`);
  } finally {
    await context.close();
  }
});

test('the sign-in page speaks French to a French browser, its checks included', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  try {
    await page.goto('/sign-in');
    await expect(page.getByRole('heading', { name: 'Connectez-vous à Waypost' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('link', { name: 'Mot de passe oublié ?' })).toBeVisible();
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByText('L’e-mail est obligatoire')).toBeVisible();
    await expect(page.getByText('Le mot de passe est obligatoire')).toBeVisible();
  } finally {
    await context.close();
  }
});

// Acme's second admin, whom no other browser test signs in as (the language is saved on their profile).
const SPANISH_ADMIN = { id: 'a1000000-0000-4000-8000-000000000100', email: 'marcus.chen@acmelogistics.example' };
const spanishAdmin = workerSession(SPANISH_ADMIN.email, '/acme/admin');

test('a Spanish admin\'s save the database refuses shows its refusal in Spanish, and nothing is saved', async ({ page, request }) => {
  const profile = `/rest/v1/profiles?id=eq.${SPANISH_ADMIN.id}`;
  // The admin's own choice, on their profile (the tenant's default language stays as it is: other tests read it).
  await asServiceRole(request, 'PATCH', profile, { language: 'es' });
  try {
    await spanishAdmin.enter(page);
    await page.goto('/acme/admin/system-settings');
    await expect(page.getByRole('heading', { name: 'Ajustes del sistema' })).toBeVisible();
    const email = page.getByLabel('Correo de contacto');
    const stored = await email.inputValue();
    // More than 64 characters before the @: the form's own check accepts it, the database refuses it.
    await email.fill(`${'a'.repeat(65)}@acme.test`);
    const answer = page.waitForResponse((response) => response.url().includes('/rest/v1/rpc/save_tenant_settings'));
    await page.getByRole('button', { name: 'Guardar ajustes' }).click();
    expect((await answer).status()).toBe(400);
    await expect(email).toHaveAccessibleDescription(/Introduzca un correo electrónico válido/);
    await expect(page.getByRole('alert').filter({ hasText: 'La validación falló' })).toBeVisible();
    await expect(page.getByText('Enter a valid email address')).toHaveCount(0);

    await page.reload();
    await expect(page.getByLabel('Correo de contacto')).toHaveValue(stored);
  } finally {
    await asServiceRole(request, 'PATCH', profile, { language: null });
  }
});

