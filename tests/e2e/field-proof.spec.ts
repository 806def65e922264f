import { type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { DEFAULT_SERVICE_ROLE_KEY as SERVICE_KEY } from '../../stack/keys.ts';
import { ANON_KEY, asServiceRole, asUser, expect, signInTo, test, tokenOf, unique } from './fixtures.ts';

/**
 * Proof of delivery and the driver's missing steps, end to end: the driver's phone records
 * 'Arrived at pickup' and 'Arrived'; staff, the customer and the public tracking page see the
 * proof's thumbnails through signed URLs of the private bucket (the tracking page through the
 * tracking-proof edge function); 'Download proof' builds the PDF and opens it in the viewer; a
 * failure's photo is stored as the failure's proof.
 */
test.describe.configure({ mode: 'serial' });

const ACME = 'a0000000-0000-4000-8000-000000000001';
// A seeded driver (standard licence, the city van) no other browser test gives work to.
const DRIVER = 'a5500000-0000-4000-8000-000000000002';
const DRIVER_EMAIL = 'grace.liu@acmelogistics.example';
const CUSTOMER = 'a1000000-0000-4000-8000-000000000004';
const SAME_DAY = 'a6100000-0000-4000-8000-000000000002';
const DEPOT = 'a4000000-0000-4000-8000-000000000001';
const CITY_VAN = 'a3000000-0000-4000-8000-000000000001';
const SF = { latitude: 37.7749, longitude: -122.4194 };
// An 8×4 PNG: what a phone's camera or the signature pad hands over.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAECAIAAAA8r+mnAAAAEUlEQVR4nGM4YaOBFTFQTwIAZ80lgVDsxXAAAAAASUVORK5CYII=', 'base64');

const codes: string[] = [];

interface Delivery {
  id: string;
  delivery_code: string;
  tracking_token: string;
}

/** A delivery for Carla made by the dispatcher and assigned to Grace; `accepted` answers the offer too. */
async function dispatchDelivery(request: APIRequestContext, accept: boolean): Promise<Delivery> {
  const dispatcher = await tokenOf(request, 'dispatcher@acme.test');
  const [home] = (await asServiceRole(request, 'GET', `/rest/v1/addresses?select=id&user_id=eq.${CUSTOMER}&is_active=eq.true&latitude=not.is.null&order=is_primary.desc&limit=1`)) as { id: string }[];
  const [delivery] = await asUser<Delivery[]>(request, dispatcher, '/rest/v1/deliveries?select=id,delivery_code,tracking_token', {
    tenant_id: ACME,
    kind: 'delivery',
    customer_id: CUSTOMER,
    pickup_address_id: DEPOT,
    dropoff_address_id: home!.id,
    service_id: SAME_DAY,
    packages: [{ description: 'Ceramic vase', quantity: 1, weight_kg: 3, fragile: true, temperature_sensitive: false }],
    priority: 'normal',
    cod_amount: 0,
    external_reference_id: unique('POD'),
  });
  codes.push(delivery!.delivery_code);
  const [assignment] = await asUser<{ id: string }[]>(request, dispatcher, '/rest/v1/assignments?select=id', { tenant_id: ACME, delivery_id: delivery!.id, driver_id: DRIVER, vehicle_id: CITY_VAN });
  if (accept) await asUser(request, await tokenOf(request, DRIVER_EMAIL), '/rest/v1/rpc/respond_to_assignment', { assignment_id: assignment!.id, accept: true });
  return delivery!;
}

async function upload(request: APIRequestContext, token: string, path: string): Promise<void> {
  const res = await request.post(`/storage/v1/object/proofs/${path}`, { headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'image/png' }, data: PNG });
  expect(res.ok(), `upload ${path}: ${await res.text()}`).toBe(true);
}

async function events(request: APIRequestContext, deliveryId: string): Promise<{ action: string; status: string; proof: { photo_urls?: string[] } | null }[]> {
  return (await asServiceRole(request, 'GET', `/rest/v1/delivery_events?select=action,status,proof&delivery_id=eq.${deliveryId}&order=seq`)) as never;
}

/** Every image of a gallery was really loaded (a signed URL that works), not just put in the page. */
async function expectLoadedImages(gallery: Locator, count: number): Promise<void> {
  await expect(gallery.getByRole('img')).toHaveCount(count, { timeout: 20_000 });
  for (const img of await gallery.getByRole('img').all()) {
    await expect
      .poll(() =>
        img.evaluate((el) => {
          const image = el as unknown as { complete: boolean; naturalWidth: number };
          return image.complete ? image.naturalWidth : 0;
        }),
      )
      .toBe(8);
  }
}

async function expectProofPdf(page: Page, code: string): Promise<void> {
  await page.getByRole('button', { name: `Download proof of ${code}` }).click();
  const viewer = page.getByRole('dialog', { name: `proof-of-delivery-${code}.pdf` });
  // pdf.js rendered it: a page count and a canvas.
  await expect(viewer.getByText(/^Page 1 of \d+$/)).toBeVisible({ timeout: 15_000 });
  await expect(viewer.locator('canvas').first()).toBeVisible();
  await expect(viewer.getByRole('link', { name: 'Download' })).toHaveAttribute('href', /^blob:/);
  await expect(viewer.getByRole('button', { name: 'Print' })).toBeVisible();
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();
}

async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, geolocation: SF, permissions: ['geolocation'] });
  return { context, page: await context.newPage() };
}

test.afterAll(async ({ request }) => {
  // Carla's and the dispatchers' notices of these deliveries: other specs count the demo users' unread ones.
  for (const code of codes) {
    const res = await request.fetch(`/rest/v1/notifications?title=like.*${encodeURIComponent(code)}*`, {
      method: 'DELETE',
      headers: { apikey: SERVICE_KEY, authorization: `Bearer ${SERVICE_KEY}` },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
});

test('the driver records arriving at the pickup and at the door; the proof shows as thumbnails and a PDF to staff, the customer and the tracking page', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const delivery = await dispatchDelivery(request, true);
  const driver = await tokenOf(request, DRIVER_EMAIL);

  const { context, page } = await phone(browser);
  try {
    await signInTo(page, DRIVER_EMAIL, '/acme/driver');
    const task = page.getByRole('article', { name: new RegExp(delivery.delivery_code) });
    await task.getByRole('button', { name: 'Arrived at pickup' }).click();
    await expect(task.getByTestId('task-arrived')).toContainText('Arrived at pickup');
    await expect.poll(async () => (await events(request, delivery.id)).map((e) => e.action)).toContain('arrived_pickup');

    await task.getByRole('button', { name: 'Picked up', exact: true }).click();
    await page.getByRole('dialog', { name: `Pick up ${delivery.delivery_code}` }).getByRole('button', { name: 'Confirm by hand' }).click();
    await task.getByRole('button', { name: 'In transit', exact: true }).click();
    await task.getByRole('button', { name: 'Arrived', exact: true }).click();
    await expect(task.getByTestId('task-arrived')).toContainText('Arrived at drop-off');
    await expect
      .poll(async () => (await events(request, delivery.id)).filter((e) => e.action !== 'status').map((e) => `${e.action}:${e.status}`))
      .toEqual(['created:pending', 'assigned:assigned', 'arrived_pickup:accepted', 'arrived_dropoff:in_transit']);
    // Reloaded, the phone reads the arrival back from the server.
    await page.reload();
    await expect(page.getByRole('article', { name: new RegExp(delivery.delivery_code) }).getByTestId('task-arrived')).toContainText('Arrived at drop-off');
  } finally {
    await context.close();
  }

  // The proof as the driver app sends it: files into the delivery's folder, then delivered.
  const folder = `${ACME}/${delivery.id}`;
  await upload(request, driver, `${folder}/signature-e2e.png`);
  await upload(request, driver, `${folder}/photo-e2e.png`);
  await asUser(request, driver, '/rest/v1/rpc/transition_delivery', {
    delivery_id: delivery.id,
    status: 'delivered',
    proof: { signature_url: `${folder}/signature-e2e.png`, photo_urls: [`${folder}/photo-e2e.png`], recipient_name: 'Carla Customer', notes: 'Handed over at the door' },
  });

  // Staff: thumbnails, the timeline's arrivals, the image viewer and the PDF.
  const desk = await browser.newContext();
  try {
    const admin = await desk.newPage();
    await signInTo(admin, 'admin@acme.test', '/acme/admin');
    await admin.goto(`/acme/admin/deliveries/${delivery.id}`);
    const timeline = admin.getByRole('list', { name: 'Status timeline' });
    await expect(timeline).toContainText('Arrived at pickup');
    await expect(timeline).toContainText('Arrived at drop-off');
    const gallery = admin.getByRole('list', { name: `Proof of delivery ${delivery.delivery_code}` });
    await expectLoadedImages(gallery, 2);
    await gallery.getByRole('button', { name: 'Open photo 1' }).click();
    const image = admin.getByRole('dialog', { name: 'photo-e2e.png' });
    await expect(image.getByRole('img', { name: 'photo-e2e.png' })).toBeVisible();
    await image.getByRole('button', { name: 'Close' }).click();
    await expectProofPdf(admin, delivery.delivery_code);
  } finally {
    await desk.close();
  }

  // The customer: the delivered card's thumbnails and the PDF.
  const home = await browser.newContext();
  try {
    const carla = await home.newPage();
    await signInTo(carla, 'customer@acme.test', '/acme/customer');
    await carla.goto('/acme/customer?show=past');
    const cardOf = carla.getByRole('article', { name: delivery.delivery_code });
    await expectLoadedImages(cardOf.getByRole('list', { name: `Proof of delivery ${delivery.delivery_code}` }), 2);
    await expectProofPdf(carla, delivery.delivery_code);
  } finally {
    await home.close();
  }

  // Anyone with the link: the photo only (never the signature), signed by the edge function; the arrivals as sub-steps.
  const street = await browser.newContext();
  try {
    const visitor = await street.newPage();
    await visitor.goto(`/tracking?token=${delivery.tracking_token}`);
    await expect(visitor.getByTestId('tracking-proof')).toContainText('1 photo taken at the door');
    await expectLoadedImages(visitor.getByRole('list', { name: 'Photos taken at the door' }), 1);
    await expect(visitor.getByTestId('tracking-arrival')).toHaveCount(2);
    await expect(visitor.getByTestId('tracking-arrival').first()).toContainText('Driver arrived at pickup');
  } finally {
    await street.close();
  }
});

test('a failure photo from the phone is kept as the failure\'s proof and shown to staff', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const delivery = await dispatchDelivery(request, true);
  const driver = await tokenOf(request, DRIVER_EMAIL);
  await asUser(request, driver, '/rest/v1/rpc/transition_delivery', { delivery_id: delivery.id, status: 'picked_up' });
  await asUser(request, driver, '/rest/v1/rpc/transition_delivery', { delivery_id: delivery.id, status: 'in_transit' });

  const { context, page } = await phone(browser);
  try {
    await signInTo(page, DRIVER_EMAIL, '/acme/driver');
    const task = page.getByRole('article', { name: new RegExp(delivery.delivery_code) });
    await task.getByRole('button', { name: 'Could not deliver' }).click();
    const fail = page.getByRole('dialog', { name: `Could not deliver ${delivery.delivery_code}?` });
    await fail.getByRole('radio', { name: 'Business closed' }).check();
    await fail.getByLabel('Photo (optional)').setInputFiles({ name: 'shutters.png', mimeType: 'image/png', buffer: PNG });
    await fail.getByLabel('Note (optional)').fill('Shutters down at 3 pm');
    await fail.getByRole('button', { name: 'Mark as failed' }).click();
    await page.getByTestId('undo-bar').getByRole('button', { name: 'Send now' }).click();
    await expect(page.getByTestId('undo-bar')).toBeHidden();
  } finally {
    await context.close();
  }

  await expect.poll(async () => (await events(request, delivery.id)).find((e) => e.status === 'failed')?.proof?.photo_urls?.[0] ?? null).toMatch(
    new RegExp(`^${ACME}/${delivery.id}/failure-[0-9a-f-]+\\.png$`),
  );
  const [row] = (await asServiceRole(request, 'GET', `/rest/v1/deliveries?select=status,status_reason,proof&id=eq.${delivery.id}`)) as { status: string; status_reason: string; proof: { photo_urls: string[] } }[];
  expect(row!.status).toBe('failed');
  expect(row!.status_reason).toBe('Business closed');
  expect(row!.proof.photo_urls).toHaveLength(1);
  const failure = (await events(request, delivery.id)).find((e) => e.status === 'failed');
  expect(failure?.proof?.photo_urls).toEqual(row!.proof.photo_urls);

  const desk = await browser.newContext();
  try {
    const admin = await desk.newPage();
    await signInTo(admin, 'admin@acme.test', '/acme/admin');
    await admin.goto(`/acme/admin/deliveries/${delivery.id}`);
    const section = admin.getByRole('region', { name: 'Failure photos' });
    // The detail page reads the delivery, its events and assignments first (slow on a busy machine).
    await expect(section).toBeVisible({ timeout: 30_000 });
    await expectLoadedImages(section.getByRole('list', { name: `Failure photos of ${delivery.delivery_code}` }), 1);
  } finally {
    await desk.close();
  }
});
