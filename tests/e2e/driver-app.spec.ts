import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import bwipjs from 'bwip-js';
import { ANON_KEY, asServiceRole, asUser, expect, signInTo, test, tokenOf, unique } from './fixtures.ts';

/**
 * The driver app on a phone-sized page, with dispatch on the other side (a second browser context
 * and the API): a new assignment arrives live, the whole flow to delivered with a drawn signature
 * and a photo as the tenant requires, offline work that reaches the server once with the phone's
 * times, Undo, and rejection with a reason.
 */
test.describe.configure({ mode: 'serial' });

const ACME = 'a0000000-0000-4000-8000-000000000001';
// A seeded driver no other browser test follows (the demo driver's unread notifications and duty status are other specs' fixtures).
const DRIVER = 'a5500000-0000-4000-8000-000000000006';
const DRIVER_EMAIL = 'elena.petrova@acmelogistics.example';
const CUSTOMER = 'a1000000-0000-4000-8000-000000000004';
const SAME_DAY = 'a6100000-0000-4000-8000-000000000002';
const DEPOT = 'a4000000-0000-4000-8000-000000000001';
const CITY_VAN = 'a3000000-0000-4000-8000-000000000001';
const SF = { latitude: 37.7749, longitude: -122.4194 };
// A 1x1 PNG: the photo a phone camera would hand over.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

interface Delivery {
  id: string;
  delivery_code: string;
}

async function customerHome(request: APIRequestContext): Promise<string> {
  const rows = (await asServiceRole(request, 'GET', `/rest/v1/addresses?select=id&user_id=eq.${CUSTOMER}&is_active=eq.true&latitude=not.is.null&order=is_primary.desc&limit=1`)) as { id: string }[];
  return rows[0]!.id;
}

/** A delivery made by the dispatcher, and (unless told otherwise) assigned to the demo driver. */
async function dispatchDelivery(request: APIRequestContext, dispatcher: string, options: { cod?: number; assign?: boolean } = {}): Promise<Delivery & { assignmentId: string | null }> {
  const [delivery] = (await asUser(request, dispatcher, '/rest/v1/deliveries', {
    tenant_id: ACME,
    kind: 'delivery',
    customer_id: CUSTOMER,
    pickup_address_id: DEPOT,
    dropoff_address_id: await customerHome(request),
    service_id: SAME_DAY,
    packages: [{ description: 'Espresso machine', quantity: 1, weight_kg: 6.5, fragile: true, temperature_sensitive: false }],
    priority: 'normal',
    cod_amount: options.cod ?? 0,
    external_reference_id: unique('PO'),
    notes: 'Ring the bell at the side door',
  })) as Delivery[];
  if (options.assign === false) return { ...delivery!, assignmentId: null };
  const [assignment] = (await asUser(request, dispatcher, '/rest/v1/assignments', { tenant_id: ACME, delivery_id: delivery!.id, driver_id: DRIVER, vehicle_id: CITY_VAN })) as { id: string }[];
  return { ...delivery!, assignmentId: assignment!.id };
}

async function deliveryRow(request: APIRequestContext, id: string) {
  const [row] = (await asServiceRole(request, 'GET', `/rest/v1/deliveries?select=status,status_reason,proof,delivered_at&id=eq.${id}`)) as {
    status: string;
    status_reason: string | null;
    proof: { signature_url?: string; photo_urls?: string[]; recipient_name?: string };
  }[];
  return row!;
}

async function phone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, geolocation: SF, permissions: ['geolocation'] });
  return { context, page: await context.newPage() };
}

const card = (page: Page, code: string) => page.getByRole('article', { name: new RegExp(code) });

async function saveDeliverySettings(request: APIRequestContext, admin: string, delivery: unknown) {
  return asUser(request, admin, '/rest/v1/rpc/save_delivery_settings', { p_tenant_id: ACME, p_delivery: delivery });
}

// The tenant's proof settings as they were before a test required more: put back after that test
// however it ends (a hook still runs when the test times out; the test's own finally does not get
// to send), so no later test of any spec meets a signature it never asked for.
let settingsBefore: { admin: string; delivery: unknown } | null = null;
test.afterEach(async ({ request }) => {
  if (!settingsBefore) return;
  await saveDeliverySettings(request, settingsBefore.admin, settingsBefore.delivery);
  settingsBefore = null;
});

test.afterAll(async ({ request }) => {
  // The driver as the seed has her: on duty, free.
  await asUser(request, await tokenOf(request, DRIVER_EMAIL), '/rest/v1/rpc/set_driver_status', { driver_id: DRIVER, status: 'available' });
});

test('a new assignment arrives live; accepted, picked up, in transit, delivered with a drawn signature and a photo the tenant requires', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const [admin, dispatcher, driver] = [await tokenOf(request, 'admin@acme.test'), await tokenOf(request, 'dispatcher@acme.test'), await tokenOf(request, DRIVER_EMAIL)];
  await asUser(request, driver, '/rest/v1/rpc/set_driver_status', { driver_id: DRIVER, status: 'offline' });
  const before = await asUser(request, admin, '/rest/v1/rpc/get_delivery_settings', {});
  settingsBefore = { admin, delivery: before };
  await saveDeliverySettings(request, admin, { ...(before as object), proof: { signature: 'required', photo: 'required', recipient_name: 'required', notes: 'optional' } });
  const { context, page } = await phone(browser);
  const desk = await browser.newContext();
  try {
    await signInTo(page, DRIVER_EMAIL, '/acme/driver');
    await expect(page.getByTestId('duty-status')).toHaveText('Off duty');
    await page.getByRole('button', { name: 'Go on duty' }).click();
    await expect(page.getByTestId('duty-status')).toContainText('On duty');
    await expect(page.getByTestId('geo-status')).toHaveText(/Sharing your location/);
    // The phone's position reached the drivers row (record_driver_position).
    await expect
      .poll(async () => ((await asServiceRole(request, 'GET', `/rest/v1/drivers?select=last_lat,last_lng&id=eq.${DRIVER}`)) as { last_lat: number; last_lng: number }[])[0]?.last_lat)
      .toBeCloseTo(SF.latitude, 4);

    const cashBefore = Number((await page.getByTestId('cash-today').innerText()).replace(/[^0-9.]/g, ''));

    // Dispatch assigns; the card appears on the phone without a reload.
    const delivery = await dispatchDelivery(request, dispatcher, { cod: 42.5 });
    const offer = card(page, `New assignment · ${delivery.delivery_code}`);
    await expect(offer).toBeVisible({ timeout: 5_000 });
    await expect(offer).toContainText('Cash to collect');
    await expect(offer).toContainText('$42.50');
    await expect(offer).toContainText('Espresso machine');
    // A screen reader hears it politely, in one sentence; focus stays where it was.
    await expect(page.getByTestId('live-announcer')).toContainText(`New assignment ${delivery.delivery_code}: accept or reject it under New assignments.`);

    // The dispatcher's screen of that delivery follows it live.
    const board = await desk.newPage();
    await signInTo(board, 'admin@acme.test', '/acme/admin');
    await board.goto(`/acme/admin/deliveries/${delivery.id}`);
    await expect(board.getByTestId('delivery-status')).toHaveText('Assigned');

    await offer.getByRole('button', { name: 'Accept', exact: true }).click();
    const task = card(page, delivery.delivery_code);
    await expect(task.getByText('Accepted')).toBeVisible();
    await expect(board.getByTestId('delivery-status')).toHaveText('Accepted');
    await expect(task.getByRole('link', { name: 'Navigate to pickup' })).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/);
    await expect(task.getByRole('link', { name: 'Navigate to pickup' })).toHaveAttribute('target', '_blank');
    // What the customer asked for at that address (their seeded preference): instructions and who else may receive it.
    const door = task.getByRole('region', { name: 'At the door' });
    await expect(door).toContainText('leave the parcel with the concierge');
    await expect(door).toContainText('Marco Rossi (Partner)');

    await task.getByRole('button', { name: 'Picked up', exact: true }).click();
    const pickup = page.getByRole('dialog', { name: `Pick up ${delivery.delivery_code}` });
    await expect(pickup.getByRole('button', { name: 'Scan barcode' })).toBeVisible();
    await pickup.getByRole('button', { name: 'Confirm by hand' }).click();
    await expect(task.getByText('Picked up', { exact: true })).toBeVisible();
    await expect(board.getByTestId('delivery-status')).toHaveText('Picked up');

    await task.getByRole('button', { name: 'In transit', exact: true }).click();
    await expect(task.getByText('In transit', { exact: true })).toBeVisible();
    await expect(task.getByRole('link', { name: 'Navigate', exact: true })).toBeVisible();

    await task.getByRole('button', { name: 'Deliver', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: `Deliver ${delivery.delivery_code}` });
    await sheet.getByRole('button', { name: 'Complete delivery' }).click();
    await expect(sheet.getByText('A signature is required')).toBeVisible();
    await expect(sheet.getByText('A photo is required')).toBeVisible();
    await expect(sheet.getByText("The recipient's name is required")).toBeVisible();
    await expect(sheet.getByText('Confirm that you collected the cash')).toBeVisible();

    const pad = sheet.getByTestId('signature-pad');
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + box.height / 2);
    await page.mouse.down();
    for (const [dx, dy] of [
      [60, -30],
      [110, 25],
      [170, -20],
      [230, 30],
    ] as const) {
      await page.mouse.move(box.x + 30 + dx, box.y + box.height / 2 + dy, { steps: 5 });
    }
    await page.mouse.up();
    await sheet.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'doorstep.png', mimeType: 'image/png', buffer: PNG });
    await expect(sheet.getByRole('img', { name: 'Photo 1' })).toBeVisible();
    await sheet.getByLabel("Recipient's name").fill('Carla Customer');
    await sheet.getByRole('checkbox', { name: /I collected/ }).check();
    await sheet.getByRole('button', { name: 'Complete delivery' }).click();

    // Held for Undo, then sent.
    const undo = page.getByTestId('undo-bar');
    await expect(undo).toContainText(`${delivery.delivery_code} marked delivered`);
    await undo.getByRole('button', { name: 'Send now' }).click();
    await expect(undo).toBeHidden();
    await expect(board.getByTestId('delivery-status')).toHaveText('Delivered');

    const done = await deliveryRow(request, delivery.id);
    expect(done.status).toBe('delivered');
    expect(done.proof.recipient_name).toBe('Carla Customer');
    expect(done.proof.signature_url).toMatch(new RegExp(`^${ACME}/${delivery.id}/signature-[0-9a-f-]+\\.png$`));
    expect(done.proof.photo_urls).toHaveLength(1);
    for (const path of [done.proof.signature_url!, ...done.proof.photo_urls!]) {
      const file = await request.get(`/storage/v1/object/authenticated/proofs/${path}`, { headers: { apikey: ANON_KEY, authorization: `Bearer ${admin}` } });
      expect(file.ok(), path).toBe(true);
      expect(file.headers()['content-type']).toContain('image/png');
    }

    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByTestId('history-row').filter({ hasText: delivery.delivery_code })).toContainText('Delivered');
    await expect(page.getByTestId('cash-today')).toHaveText(new RegExp((cashBefore + 42.5).toLocaleString('en-US', { minimumFractionDigits: 2 }).replace('.', '\\.')));
  } finally {
    await context.close();
    await desk.close();
  }
});

test('offline: actions are kept on the phone, shown pending, and reach the server once with the phone’s times', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const [dispatcher, driver] = [await tokenOf(request, 'dispatcher@acme.test'), await tokenOf(request, DRIVER_EMAIL)];
  await asUser(request, driver, '/rest/v1/rpc/set_driver_status', { driver_id: DRIVER, status: 'available' });
  const delivery = await dispatchDelivery(request, dispatcher);
  await asUser(request, driver, '/rest/v1/rpc/respond_to_assignment', { assignment_id: delivery.assignmentId, accept: true });
  const { context, page } = await phone(browser);
  try {
    await signInTo(page, DRIVER_EMAIL, '/acme/driver');
    const task = card(page, delivery.delivery_code);
    await expect(task.getByText('Accepted')).toBeVisible();
    await expect(page.getByTestId('geo-status')).toHaveText(/Sharing your location/);

    await context.setOffline(true);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    const offlineFrom = Date.now();
    // The van moves about 200 m while offline: the fix waits on the phone.
    const moved = { latitude: SF.latitude + 0.0018, longitude: SF.longitude };
    await context.setGeolocation(moved);
    await task.getByRole('button', { name: 'Picked up', exact: true }).click();
    await page.getByRole('dialog', { name: `Pick up ${delivery.delivery_code}` }).getByRole('button', { name: 'Confirm by hand' }).click();
    await expect(task.getByText('Waiting to send')).toBeVisible();
    await task.getByRole('button', { name: 'In transit', exact: true }).click();
    await task.getByRole('button', { name: 'Deliver', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: `Deliver ${delivery.delivery_code}` });
    await sheet.getByLabel("Recipient's name").fill('Neighbour at number 12');
    await sheet.getByRole('button', { name: 'Complete delivery' }).click();
    await page.getByTestId('undo-bar').getByRole('button', { name: 'Send now' }).click();
    await expect(page.getByTestId('pending-count')).toHaveText('3 actions waiting to send');
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByTestId('history-row').filter({ hasText: delivery.delivery_code })).toContainText('Waiting to send');
    expect((await deliveryRow(request, delivery.id)).status).toBe('accepted');
    const offlineUntil = Date.now();

    await context.setOffline(false);
    await expect(page.getByTestId('pending-count')).toBeHidden({ timeout: 15_000 });
    // The fix taken offline arrives in the batch (record_driver_positions) with the phone's time.
    await expect
      .poll(async () => ((await asServiceRole(request, 'GET', `/rest/v1/drivers?select=last_lat&id=eq.${DRIVER}`)) as { last_lat: number }[])[0]?.last_lat)
      .toBeCloseTo(moved.latitude, 5);
    await expect(history.getByTestId('history-row').filter({ hasText: delivery.delivery_code })).not.toContainText('Waiting to send');

    expect((await deliveryRow(request, delivery.id)).status).toBe('delivered');
    const events = (await asServiceRole(request, 'GET', `/rest/v1/delivery_events?select=status,occurred_at,recorded_at,idempotency_key&delivery_id=eq.${delivery.id}&action=eq.status&order=occurred_at`)) as {
      status: string;
      occurred_at: string;
      recorded_at: string;
      idempotency_key: string | null;
    }[];
    const moves = events.filter((e) => e.status !== 'accepted');
    expect(moves.map((e) => e.status)).toEqual(['picked_up', 'in_transit', 'delivered']);
    for (const event of moves) {
      // The time of the tap on the phone, not of the upload after reconnecting.
      expect(Date.parse(event.occurred_at)).toBeGreaterThanOrEqual(offlineFrom - 1_000);
      expect(Date.parse(event.occurred_at)).toBeLessThanOrEqual(offlineUntil + 1_000);
      expect(Date.parse(event.recorded_at)).toBeGreaterThanOrEqual(Date.parse(event.occurred_at));
      expect(event.idempotency_key).toMatch(/^drv:/);
    }
    expect(new Set(moves.map((e) => e.idempotency_key)).size).toBe(3);
  } finally {
    await context.close();
  }
});

test('Undo takes a completion back before anything is sent; left alone it is sent after 10 s', async ({ browser, request }) => {
  test.setTimeout(60_000);
  const [dispatcher, driver] = [await tokenOf(request, 'dispatcher@acme.test'), await tokenOf(request, DRIVER_EMAIL)];
  const delivery = await dispatchDelivery(request, dispatcher);
  await asUser(request, driver, '/rest/v1/rpc/respond_to_assignment', { assignment_id: delivery.assignmentId, accept: true });
  await asUser(request, driver, '/rest/v1/rpc/transition_delivery', { delivery_id: delivery.id, status: 'picked_up' });
  await asUser(request, driver, '/rest/v1/rpc/transition_delivery', { delivery_id: delivery.id, status: 'in_transit' });
  const { context, page } = await phone(browser);
  try {
    await signInTo(page, DRIVER_EMAIL, '/acme/driver');
    const task = card(page, delivery.delivery_code);
    await task.getByRole('button', { name: 'Deliver', exact: true }).click();
    await page.getByRole('dialog', { name: `Deliver ${delivery.delivery_code}` }).getByRole('button', { name: 'Complete delivery' }).click();
    const undo = page.getByTestId('undo-bar');
    await expect(undo).toContainText('Sending in');
    await undo.getByRole('button', { name: 'Undo' }).click();
    await expect(undo).toBeHidden();
    await expect(task.getByText('In transit', { exact: true })).toBeVisible();
    expect((await deliveryRow(request, delivery.id)).status).toBe('in_transit');

    await task.getByRole('button', { name: 'Could not deliver' }).click();
    const fail = page.getByRole('dialog', { name: `Could not deliver ${delivery.delivery_code}?` });
    await fail.getByRole('button', { name: 'Mark as failed' }).click();
    await expect(fail.getByText('Choose a reason')).toBeVisible();
    await fail.getByRole('radio', { name: 'Address not found' }).check();
    await fail.getByLabel('Note (optional)').fill('No number 12 on this street');
    await fail.getByRole('button', { name: 'Mark as failed' }).click();
    await expect(undo).toContainText(`${delivery.delivery_code} marked failed`);
    // Nobody touches Undo: the 10 s run out and the failure is sent.
    await expect(undo).toBeHidden({ timeout: 15_000 });
    await expect.poll(async () => (await deliveryRow(request, delivery.id)).status).toBe('failed');
    expect((await deliveryRow(request, delivery.id)).status_reason).toBe('Address not found');
  } finally {
    await context.close();
  }
});

test('an assignment is rejected with a reason, which dispatch reads', async ({ browser, request }) => {
  const dispatcher = await tokenOf(request, 'dispatcher@acme.test');
  const { context, page } = await phone(browser);
  try {
    await signInTo(page, DRIVER_EMAIL, '/acme/driver');
    await expect(page.getByRole('heading', { name: 'Today', exact: true })).toBeVisible();
    const delivery = await dispatchDelivery(request, dispatcher);
    const offer = card(page, `New assignment · ${delivery.delivery_code}`);
    await expect(offer).toBeVisible({ timeout: 5_000 });
    await offer.getByRole('button', { name: 'Reject', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Reject ${delivery.delivery_code}?` });
    await dialog.getByRole('button', { name: 'Reject assignment' }).click();
    await expect(dialog.getByText('A reason is required')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Van is full');
    await dialog.getByRole('button', { name: 'Reject assignment' }).click();
    await expect(offer).toBeHidden();
    await expect
      .poll(async () => ((await asServiceRole(request, 'GET', `/rest/v1/assignments?select=status,rejection_reason&id=eq.${delivery.assignmentId}`)) as { status: string }[])[0])
      .toEqual({ status: 'rejected', rejection_reason: 'Van is full' });
    expect((await deliveryRow(request, delivery.id)).status).toBe('pending');
  } finally {
    await context.close();
  }
});

/**
 * A camera that films a package label: a Y4M video (what Chromium's fake capture device plays) of
 * the Code 128 barcode of `text`, black bars on white.
 */
function labelVideo(text: string): string {
  const [{ sbs }] = bwipjs.raw({ bcid: 'code128', text }) as unknown as [{ sbs: number[] }];
  const width = 640;
  const height = 480;
  const modules = sbs.reduce((sum, w) => sum + w, 0);
  const scale = Math.floor((width - 80) / modules);
  const luma = Buffer.alloc(width * height, 235);
  let x = Math.floor((width - modules * scale) / 2);
  sbs.forEach((w, i) => {
    if (i % 2 === 0) for (let px = x; px < x + w * scale; px += 1) for (let y = 120; y < 360; y += 1) luma[y * width + px] = 16;
    x += w * scale;
  });
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const file = path.join(os.tmpdir(), `${unique('label')}.y4m`);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame, frame]));
  return file;
}

test('picked up by scanning the package label with the camera; the scanner is served by the app, nothing from elsewhere', async ({ request, baseURL }) => {
  test.setTimeout(60_000);
  const [dispatcher, driver] = [await tokenOf(request, 'dispatcher@acme.test'), await tokenOf(request, DRIVER_EMAIL)];
  const delivery = await dispatchDelivery(request, dispatcher);
  await asUser(request, driver, '/rest/v1/rpc/respond_to_assignment', { assignment_id: delivery.assignmentId, accept: true });
  const camera = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${labelVideo(delivery.delivery_code)}`],
  });
  try {
    const context = await camera.newContext({ baseURL, viewport: { width: 390, height: 844 }, permissions: ['camera'] });
    const page = await context.newPage();
    const elsewhere: string[] = [];
    page.on('request', (req) => {
      if (!req.url().startsWith(baseURL!) && !req.url().startsWith('blob:') && !req.url().startsWith('data:')) elsewhere.push(req.url());
    });
    await signInTo(page, DRIVER_EMAIL, '/acme/driver');
    const task = card(page, delivery.delivery_code);
    await task.getByRole('button', { name: 'Picked up', exact: true }).click();
    const pickup = page.getByRole('dialog', { name: `Pick up ${delivery.delivery_code}` });
    await pickup.getByRole('button', { name: 'Scan barcode' }).click();
    await expect(pickup).toBeHidden({ timeout: 15_000 });
    await expect(task.getByText('Picked up', { exact: true })).toBeVisible();
    await expect
      .poll(async () => ((await asServiceRole(request, 'GET', `/rest/v1/delivery_events?select=note&delivery_id=eq.${delivery.id}&status=eq.picked_up`)) as { note: string }[])[0]?.note)
      .toBe('Package barcode scanned');
    expect(elsewhere).toEqual([]);
    // Finished, so the driver carries no work into other specs (an accepted delivery keeps her busy).
    await asUser(request, driver, '/rest/v1/rpc/transition_delivery', { delivery_id: delivery.id, status: 'failed', reason: 'Recipient not available' });
  } finally {
    await camera.close();
  }
});

test('picked up with a hardware scanner typing the label into the pickup sheet; a machine without a camera says so and still takes the code', async ({ browser, request }) => {
  const [dispatcher, driver] = [await tokenOf(request, 'dispatcher@acme.test'), await tokenOf(request, DRIVER_EMAIL)];
  const delivery = await dispatchDelivery(request, dispatcher);
  await asUser(request, driver, '/rest/v1/rpc/respond_to_assignment', { assignment_id: delivery.assignmentId, accept: true });
  // Camera allowed, but this machine has none.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, permissions: ['camera'] });
  try {
    const page = await context.newPage();
    await signInTo(page, DRIVER_EMAIL, '/acme/driver');
    const task = card(page, delivery.delivery_code);
    await task.getByRole('button', { name: 'Picked up', exact: true }).click();
    const pickup = page.getByRole('dialog', { name: `Pick up ${delivery.delivery_code}` });
    await pickup.getByRole('button', { name: 'Scan barcode' }).click();
    await expect(pickup.getByRole('alert')).toHaveText('No camera could be opened. Confirm the pickup by hand.');

    // A keyboard-wedge scanner types the label's code and Enter into the focused input.
    const input = pickup.getByLabel('Package barcode');
    await input.pressSequentially('ACME-999999\n');
    await expect(pickup.getByRole('alert')).toHaveText(`That label is ACME-999999, not ${delivery.delivery_code}. Scan this delivery’s package.`);
    await input.pressSequentially(`${delivery.delivery_code.toLowerCase()}\n`);
    await expect(pickup).toBeHidden();
    await expect(task.getByText('Picked up', { exact: true })).toBeVisible();
    await expect
      .poll(async () => ((await asServiceRole(request, 'GET', `/rest/v1/delivery_events?select=note&delivery_id=eq.${delivery.id}&status=eq.picked_up`)) as { note: string }[])[0]?.note)
      .toBe('Package barcode scanned');
    await asUser(request, driver, '/rest/v1/rpc/transition_delivery', { delivery_id: delivery.id, status: 'failed', reason: 'Recipient not available' });
  } finally {
    await context.close();
  }
});

test('a refused location permission says what to do', async ({ browser, request }) => {
  await asUser(request, await tokenOf(request, DRIVER_EMAIL), '/rest/v1/rpc/set_driver_status', { driver_id: DRIVER, status: 'offline' });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await signInTo(page, DRIVER_EMAIL, '/acme/driver');
    await page.getByRole('button', { name: 'Go on duty' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Location is blocked' })).toContainText('Allow location in your browser’s site settings');
    await page.getByRole('button', { name: 'Go off duty' }).click();
    await expect(page.getByTestId('duty-status')).toHaveText('Off duty');
    await expect(page.getByTestId('geo-status')).toHaveCount(0);
  } finally {
    await context.close();
  }
});
