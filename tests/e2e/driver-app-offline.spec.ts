import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { asServiceRole, asUser, expect, signInTo, test, tokenOf, unique } from './fixtures.ts';

/**
 * The driver app opened or reloaded with no connection (a phone in a basement, a tab the OS killed):
 * the service worker serves the app shell, the session starts from the profile kept on the phone,
 * and the work kept from the last read is shown with an offline notice; what the driver does is
 * queued and reaches the server once, with the phone's time, when the connection returns.
 */
test.describe.configure({ mode: 'serial' });

const ACME = 'a0000000-0000-4000-8000-000000000001';
// A seeded driver no other browser test follows (Elena, Grace, Tyler, Omar and Rachel are other specs').
const DRIVER = 'a5500000-0000-4000-8000-000000000004';
const DRIVER_EMAIL = 'hannah.schmidt@acmelogistics.example';
const CUSTOMER = 'a1000000-0000-4000-8000-000000000004';
const SAME_DAY = 'a6100000-0000-4000-8000-000000000002';
const DEPOT = 'a4000000-0000-4000-8000-000000000001';
const CITY_VAN = 'a3000000-0000-4000-8000-000000000001';

interface Delivery {
  id: string;
  delivery_code: string;
}

/** A delivery the dispatcher assigns to the driver, accepted by her through the API. */
async function acceptedDelivery(request: APIRequestContext): Promise<Delivery> {
  const [dispatcher, driver] = [await tokenOf(request, 'dispatcher@acme.test'), await tokenOf(request, DRIVER_EMAIL)];
  const [home] = (await asServiceRole(request, 'GET', `/rest/v1/addresses?select=id&user_id=eq.${CUSTOMER}&is_active=eq.true&latitude=not.is.null&order=is_primary.desc&limit=1`)) as { id: string }[];
  const [delivery] = (await asUser(request, dispatcher, '/rest/v1/deliveries', {
    tenant_id: ACME,
    kind: 'delivery',
    customer_id: CUSTOMER,
    pickup_address_id: DEPOT,
    dropoff_address_id: home!.id,
    service_id: SAME_DAY,
    packages: [{ description: 'Box of tiles', quantity: 1, weight_kg: 12, fragile: true, temperature_sensitive: false }],
    priority: 'normal',
    external_reference_id: unique('PO'),
  })) as Delivery[];
  const [assignment] = (await asUser(request, dispatcher, '/rest/v1/assignments', { tenant_id: ACME, delivery_id: delivery!.id, driver_id: DRIVER, vehicle_id: CITY_VAN })) as { id: string }[];
  await asUser(request, driver, '/rest/v1/rpc/respond_to_assignment', { assignment_id: assignment!.id, accept: true });
  return delivery!;
}

async function phone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  // The service worker is what this spec is about (playwright.config.ts blocks it elsewhere).
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });
  return { context, page: await context.newPage() };
}

/** The driver app, signed in online, once the service worker controls the page (it has the app shell) and the work was read. */
async function openOnline(page: Page) {
  await signInTo(page, DRIVER_EMAIL, '/acme/driver');
  await page.waitForFunction('navigator.serviceWorker.controller !== null', null, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: /Today’s tasks/ })).toBeVisible();
}

/** What the phone kept of the driver's work in IndexedDB (lib/device-snapshots), by key. */
function keptWorkCodes(page: Page): Promise<string[] | null> {
  return page.evaluate<string[] | null>(`new Promise((resolve, reject) => {
    const open = indexedDB.open('waypost-snapshots');
    open.onerror = () => reject(new Error(String(open.error)));
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('snapshots')) { db.close(); resolve(null); return; }
      const read = db.transaction('snapshots').objectStore('snapshots').getAll();
      read.onerror = () => reject(new Error(String(read.error)));
      read.onsuccess = () => {
        db.close();
        const work = read.result.find((s) => Array.isArray(s.value && s.value.active));
        resolve(work ? work.value.active.map((t) => t.delivery_code) : null);
      };
    };
  })`);
}

/** Drops what the phone kept (the snapshots store), as on a phone that never read the work. */
function dropKeptWork(page: Page): Promise<void> {
  return page.evaluate<void>(`new Promise((resolve, reject) => {
    const open = indexedDB.open('waypost-snapshots');
    open.onerror = () => reject(new Error(String(open.error)));
    open.onsuccess = () => {
      const clear = open.result.transaction('snapshots', 'readwrite').objectStore('snapshots').clear();
      clear.onerror = () => reject(new Error(String(clear.error)));
      clear.onsuccess = () => { open.result.close(); resolve(); };
    };
  })`);
}

const card = (page: Page, code: string) => page.getByRole('article', { name: new RegExp(code) });

test('reloaded offline, the app opens with the work kept on the phone; an action taken then reaches the server once with the phone’s time', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const delivery = await acceptedDelivery(request);
  const { context, page } = await phone(browser);
  try {
    await openOnline(page);
    await expect(card(page, delivery.delivery_code).getByText('Accepted')).toBeVisible();
    await expect.poll(() => keptWorkCodes(page)).toContain(delivery.delivery_code);

    await context.setOffline(true);
    const reloaded = await page.reload();
    // The page came from the service worker's precache: there is no network.
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expect(page.getByTestId('offline-snapshot')).toContainText(/Offline — showing your work as of \d{1,2}:\d{2}/);
    const task = card(page, delivery.delivery_code);
    await expect(task.getByText('Accepted')).toBeVisible();

    const offlineFrom = Date.now();
    await task.getByRole('button', { name: 'Picked up', exact: true }).click();
    await page.getByRole('dialog', { name: `Pick up ${delivery.delivery_code}` }).getByRole('button', { name: 'Confirm by hand' }).click();
    await expect(task.getByText('Waiting to send')).toBeVisible();
    await expect(page.getByTestId('pending-count')).toHaveText('1 action waiting to send');
    const offlineUntil = Date.now();
    // Nothing reached the server while offline.
    const [before] = (await asServiceRole(request, 'GET', `/rest/v1/deliveries?select=status&id=eq.${delivery.id}`)) as { status: string }[];
    expect(before!.status).toBe('accepted');

    await context.setOffline(false);
    await expect(page.getByTestId('pending-count')).toBeHidden({ timeout: 20_000 });
    await expect(page.getByTestId('offline-snapshot')).toBeHidden({ timeout: 20_000 });
    await expect(task.getByText('Waiting to send')).toBeHidden();

    const events = (await asServiceRole(request, 'GET', `/rest/v1/delivery_events?select=status,occurred_at,idempotency_key&delivery_id=eq.${delivery.id}&action=eq.status&status=eq.picked_up`)) as {
      status: string;
      occurred_at: string;
      idempotency_key: string | null;
    }[];
    expect(events).toHaveLength(1);
    expect(Date.parse(events[0]!.occurred_at)).toBeGreaterThanOrEqual(offlineFrom - 1_000);
    expect(Date.parse(events[0]!.occurred_at)).toBeLessThanOrEqual(offlineUntil + 1_000);
    expect(events[0]!.idempotency_key).toMatch(/^drv:/);
    const [after] = (await asServiceRole(request, 'GET', `/rest/v1/deliveries?select=status&id=eq.${delivery.id}`)) as { status: string }[];
    expect(after!.status).toBe('picked_up');
  } finally {
    await context.close();
  }
});

test('reloaded offline with nothing kept on the phone, the app says it is offline instead of spinning, and opens when the connection returns', async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page } = await phone(browser);
  try {
    await openOnline(page);
    await context.setOffline(true);

    // No work kept: the driver page says so.
    await dropKeptWork(page);
    await page.reload();
    const noCopy = page.getByRole('main').getByRole('alert');
    await expect(noCopy).toContainText('You are offline');
    await expect(noCopy).toContainText('This phone has no copy of your work yet');
    await expect(page.getByRole('heading', { name: /Today’s tasks/ })).toBeHidden();

    // Not even the profile kept: the whole app says so (after a few tries), and keeps the session.
    await page.evaluate("localStorage.removeItem('waypost:profile-memory')");
    await page.reload();
    await expect(page.getByTestId('session-offline')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('session-offline')).toContainText('You are offline');

    await context.setOffline(false);
    await expect(page.getByRole('heading', { name: /Today’s tasks/ })).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/acme\/driver$/);
    await expect(page.getByTestId('session-offline')).toBeHidden();
  } finally {
    await context.close();
  }
});
