import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEFAULT_SERVICE_ROLE_KEY } from '../../stack/keys.ts';
import { ANON_KEY, asServiceRole, expect as baseExpect, test, tokenOf, unique, workerSession } from './fixtures.ts';

// Live changes cross the database, the stack's realtime and the page: on a busy shared machine that takes more than the default 10 s.
const expect = baseExpect.configure({ timeout: 25_000 });

/**
 * The dispatcher's live board against the API on the other side: deliveries, assignments,
 * a driver's duty and positions arriving without a reload; drag-assign, keyboard-assign, a refusal
 * snapping back with the database's reason; auto-assign's preview and commit leaving a hand-placed
 * delivery where it is. Each test narrows the board with a search for its own reference, so the
 * seeded day around it does not matter.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });
// A dispatcher's desk screen: the map, the queue and the drivers side by side.
test.use({ viewport: { width: 1440, height: 1000 } });

const ACME = 'a0000000-0000-4000-8000-000000000001';
const CUSTOMER = 'a1000000-0000-4000-8000-000000000004';
const SAME_DAY = 'a6100000-0000-4000-8000-000000000002';
const COLD_CHAIN = 'a6100000-0000-4000-8000-000000000004';
const DEPOT = 'a4000000-0000-4000-8000-000000000001';
const CITY_VAN = 'a3000000-0000-4000-8000-000000000001';
// Elena (City Van 1, available) and Grace (City Van 1, available): seeded drivers on duty.
const ELENA = { id: 'a5500000-0000-4000-8000-000000000006', email: 'elena.petrova@acmelogistics.example', name: 'Elena Petrova' };
const GRACE = { id: 'a5500000-0000-4000-8000-000000000002', email: 'grace.liu@acmelogistics.example', name: 'Grace Liu' };
// Tyler is off duty with a fix from a day ago: on duty he is not responding until a position arrives.
const TYLER = { id: 'a5500000-0000-4000-8000-000000000007', email: 'tyler.brooks@acmelogistics.example', name: 'Tyler Brooks' };

const dispatcher = workerSession('dispatcher@acme.test', '/acme/dispatcher');

const tokens = new Map<string, string>();
/** One sign-in per person for the whole file (fixtures' tokenOf, remembered). */
async function tokenFor(request: APIRequestContext, email: string): Promise<string> {
  const known = tokens.get(email);
  if (known) return known;
  const token = await tokenOf(request, email);
  tokens.set(email, token);
  return token;
}

async function call(request: APIRequestContext, email: string, method: 'POST' | 'PATCH', path: string, data: unknown): Promise<unknown> {
  const res = await request.fetch(path, {
    method,
    headers: { apikey: ANON_KEY, authorization: `Bearer ${await tokenFor(request, email)}`, 'content-type': 'application/json', prefer: 'return=representation' },
    data,
  });
  if (!res.ok()) throw new Error(`${method} ${path} answered ${res.status()}: ${await res.text()}`);
  const text = await res.text();
  return text ? (JSON.parse(text) as unknown) : null;
}

async function customerHome(request: APIRequestContext): Promise<string> {
  const rows = (await asServiceRole(request, 'GET', `/rest/v1/addresses?select=id&user_id=eq.${CUSTOMER}&is_active=eq.true&latitude=not.is.null&order=is_primary.desc&limit=1`)) as { id: string }[];
  return rows[0]!.id;
}

interface Made {
  id: string;
  delivery_code: string;
}

/** A delivery as another dispatcher (or the API) makes it, tagged with `reference` so the board's search finds it. */
async function createDelivery(request: APIRequestContext, reference: string, overrides: Record<string, unknown> = {}): Promise<Made> {
  const [row] = (await call(request, 'dispatcher@acme.test', 'POST', '/rest/v1/deliveries', {
    tenant_id: ACME,
    kind: 'delivery',
    customer_id: CUSTOMER,
    pickup_address_id: DEPOT,
    dropoff_address_id: await customerHome(request),
    service_id: SAME_DAY,
    packages: [{ description: 'Coffee grinder', quantity: 1, weight_kg: 4, fragile: false, temperature_sensitive: false }],
    priority: 'normal',
    external_reference_id: `${reference}-${Math.random().toString(36).slice(2, 6)}`,
    ...overrides,
  })) as Made[];
  return row!;
}

async function assignViaApi(request: APIRequestContext, deliveryId: string, driverId: string): Promise<string> {
  const [row] = (await call(request, 'dispatcher@acme.test', 'POST', '/rest/v1/assignments', { tenant_id: ACME, delivery_id: deliveryId, driver_id: driverId, vehicle_id: CITY_VAN })) as { id: string }[];
  return row!.id;
}

/** Tyler's last fix, two hours old: as a driver whose phone went quiet (the API moves fixes only forward). */
async function silenceDriver(request: APIRequestContext, driverId: string): Promise<void> {
  const res = await request.fetch(`/rest/v1/drivers?id=eq.${driverId}`, {
    method: 'PATCH',
    headers: { apikey: DEFAULT_SERVICE_ROLE_KEY, authorization: `Bearer ${DEFAULT_SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
    data: { last_lat: 37.7615, last_lng: -122.4302, last_position_at: new Date(Date.now() - 2 * 3_600_000).toISOString() },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function deliveryDriver(request: APIRequestContext, id: string): Promise<{ status: string; driver_id: string | null }> {
  const [row] = (await asServiceRole(request, 'GET', `/rest/v1/deliveries?select=status,driver_id&id=eq.${id}`)) as { status: string; driver_id: string | null }[];
  return row!;
}

async function openBoard(page: Page, reference: string): Promise<void> {
  await page.goto(`/acme/dispatcher?q=${encodeURIComponent(reference)}`);
  await expect(page.getByRole('heading', { name: 'Live board' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Live' }).first()).toBeVisible();
}

const queue = (page: Page) => page.getByRole('list', { name: 'Unassigned queue' });
const driverRow = (page: Page, name: string) => page.getByRole('listitem', { name: `Driver ${name}` });
const card = (scope: Locator | Page, code: string) => scope.getByRole('listitem', { name: new RegExp(`^${code}`) });

async function dragTo(page: Page, from: Locator, to: Locator): Promise<void> {
  await from.scrollIntoViewIfNeeded();
  await to.scrollIntoViewIfNeeded();
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + 30, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + 40, a.y + a.height / 2 + 10, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + 20, { steps: 12 });
  await page.mouse.move(b.x + b.width / 2 + 2, b.y + 22, { steps: 2 });
  await page.mouse.up();
}

test.beforeEach(({ page }) => dispatcher.enter(page));

test('new deliveries, assignments, an acceptance, a driver on duty, a position and a status arrive without a reload', async ({ page, request }) => {
  const reference = unique('LIVE');
  await openBoard(page, reference);
  await expect(queue(page)).toContainText('Nothing waiting');

  const made = await createDelivery(request, reference);
  await expect(card(queue(page), made.delivery_code)).toBeVisible();
  await expect(page.getByTestId('count-unassigned')).toHaveText('1');

  const assignment = await assignViaApi(request, made.id, ELENA.id);
  const underElena = card(driverRow(page, ELENA.name), made.delivery_code);
  await expect(underElena).toContainText('Assigned');
  await expect(card(queue(page), made.delivery_code)).toHaveCount(0);

  await call(request, ELENA.email, 'POST', '/rest/v1/rpc/respond_to_assignment', { assignment_id: assignment, accept: true });
  await expect(underElena).toContainText('Accepted');

  await call(request, ELENA.email, 'POST', '/rest/v1/rpc/transition_delivery', { delivery_id: made.id, status: 'picked_up' });
  await expect(card(page.getByRole('list', { name: 'In progress' }), made.delivery_code)).toContainText('Picked up');
  await expect(page.getByTestId('count-in-progress')).toHaveText('1');

  // A driver coming on duty appears; an old fix makes him not responding until a position arrives.
  await silenceDriver(request, TYLER.id);
  await call(request, TYLER.email, 'POST', '/rest/v1/rpc/set_driver_status', { driver_id: TYLER.id, status: 'available' });
  try {
    await expect(driverRow(page, TYLER.name)).toContainText('Not responding');
    await call(request, TYLER.email, 'POST', '/rest/v1/rpc/record_driver_position', { lat: 37.7749, lng: -122.4194, heading: 90, speed: 5, accuracy: 8 });
    await expect(driverRow(page, TYLER.name)).toContainText('Available');
    await expect(driverRow(page, TYLER.name)).not.toContainText('Not responding');
  } finally {
    await call(request, TYLER.email, 'POST', '/rest/v1/rpc/set_driver_status', { driver_id: TYLER.id, status: 'offline' });
  }
  await expect(driverRow(page, TYLER.name)).toHaveCount(0);

  // Finish it so Elena carries nothing into the other tests.
  await call(request, ELENA.email, 'POST', '/rest/v1/rpc/transition_delivery', { delivery_id: made.id, status: 'failed', reason: 'Nobody home' });
  await expect(card(page.getByRole('list', { name: 'Done today' }), made.delivery_code)).toContainText('Failed');
});

test('the board shows its working set without waiting for the dashboard tools below it', async ({ page }) => {
  // Hold the code of the tools under the board (remit, quote): the board must not wait for it.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/DispatcherDashboardPage-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // A link that names the window (empty: any) instead of the demo dispatcher's saved 'due today', whose
  // queue is empty late in the day, when the seeded pending windows end after midnight.
  await page.goto('/acme/dispatcher?window=');
  await expect(page.getByRole('list', { name: 'Unassigned queue' }).getByTestId('board-card').first()).toBeVisible();
  await expect(page.getByTestId('board-driver').first()).toBeVisible();
  await expect(page.getByText('Cash remittance')).toHaveCount(0);
  release();
  await expect(page.getByText('Cash remittance')).toBeVisible();
});

test('drag a delivery onto a driver, drag it to another, and the side panel follows', async ({ page, request }) => {
  const reference = unique('DRAG');
  const made = await createDelivery(request, reference);
  await openBoard(page, reference);
  const queued = card(queue(page), made.delivery_code);
  await expect(queued).toBeVisible();

  await dragTo(page, queued, driverRow(page, ELENA.name));
  await expect(card(driverRow(page, ELENA.name), made.delivery_code)).toBeVisible();
  await expect.poll(() => deliveryDriver(request, made.id)).toEqual({ status: 'assigned', driver_id: ELENA.id });

  // Reassign a still-pending assignment by dragging it to Grace.
  await dragTo(page, card(driverRow(page, ELENA.name), made.delivery_code), driverRow(page, GRACE.name));
  await expect(card(driverRow(page, GRACE.name), made.delivery_code)).toBeVisible();
  await expect.poll(() => deliveryDriver(request, made.id)).toEqual({ status: 'assigned', driver_id: GRACE.id });

  // The side panel: details, timeline, and Unassign (confirmed) puts it back in the queue.
  await card(driverRow(page, GRACE.name), made.delivery_code).click();
  await expect(page).toHaveURL(new RegExp(`delivery=${made.id}`));
  const panel = page.getByRole('complementary', { name: `Delivery ${made.delivery_code}` });
  await expect(panel.getByTestId('panel-driver')).toHaveText(GRACE.name);
  await expect(panel.getByTestId('panel-timeline')).toContainText('Reassigned');
  await panel.getByRole('button', { name: 'Unassign' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Unassign' }).click();
  await expect(card(queue(page), made.delivery_code)).toBeVisible();
  await expect(panel.getByTestId('panel-driver')).toHaveText('Unassigned');
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect.poll(() => deliveryDriver(request, made.id)).toEqual({ status: 'pending', driver_id: null });
});

/** Web Mercator as maplibre draws it (512-px tiles, no pitch or bearing): world pixels of a point at a zoom. */
function worldPixels(lng: number, lat: number, zoom: number): { x: number; y: number } {
  const size = 512 * 2 ** zoom;
  return { x: ((lng + 180) / 360) * size, y: ((1 - Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) / Math.PI) / 2) * size };
}

function lngLatAt(x: number, y: number, zoom: number): { lng: number; lat: number } {
  const size = 512 * 2 ** zoom;
  return { lng: (x / size) * 360 - 180, lat: ((2 * Math.atan(Math.exp(Math.PI * (1 - (2 * y) / size))) - Math.PI / 2) * 180) / Math.PI };
}

test('drop a delivery on a driver’s dot on the map', { tag: '@map' }, async ({ page, request }) => {
  const reference = unique('MAPDROP');
  const made = await createDelivery(request, reference);
  await openBoard(page, reference);
  const queued = card(queue(page), made.delivery_code);
  await expect(queued).toBeVisible();

  // Where the map looks (MapView writes its centre and zoom on the map element once it has drawn).
  const map = page.getByTestId('map').and(page.getByRole('region', { name: 'Drivers and deliveries map' }));
  await map.scrollIntoViewIfNeeded();
  await expect(map).toHaveAttribute('data-zoom', /\d/);
  const [centreLng, centreLat] = (await map.getAttribute('data-center'))!.split(',').map(Number) as [number, number];
  const zoom = Number(await map.getAttribute('data-zoom'));
  const box = (await map.boundingBox())!;
  const centre = worldPixels(centreLng, centreLat, zoom);
  const onScreen = (lng: number, lat: number) => {
    const p = worldPixels(lng, lat, zoom);
    return { x: box.x + box.width / 2 + p.x - centre.x, y: box.y + box.height / 2 + p.y - centre.y };
  };

  // A spot on the visible map far from every other driver's dot, where Elena reports her position.
  const others = (await asServiceRole(request, 'GET', `/rest/v1/drivers?select=id,last_lat,last_lng&tenant_id=eq.${ACME}&id=neq.${ELENA.id}&last_lat=not.is.null`)) as {
    last_lat: number;
    last_lng: number;
  }[];
  const dots = others.map((d) => onScreen(d.last_lng, d.last_lat));
  let spot: { x: number; y: number } | null = null;
  // The spot as a place on the map (its offset from the map's corner): a missed drop's message pushes
  // the map down the page, so each try finds the spot again from where the map is then.
  let offset = { dx: 0, dy: 0 };
  let room = 0;
  for (let fx = 0.3; fx <= 0.7; fx += 0.05) {
    for (let fy = 0.3; fy <= 0.7; fy += 0.05) {
      const candidate = { x: box.x + box.width * fx, y: box.y + box.height * fy };
      const nearest = Math.min(...dots.map((d) => Math.hypot(d.x - candidate.x, d.y - candidate.y)));
      if (nearest > room) [spot, offset, room] = [candidate, { dx: box.width * fx, dy: box.height * fy }, nearest];
    }
  }
  expect(room, 'a free spot on the map').toBeGreaterThan(40);
  const at = lngLatAt(centre.x + spot!.x - (box.x + box.width / 2), centre.y + spot!.y - (box.y + box.height / 2), zoom);
  await call(request, ELENA.email, 'POST', '/rest/v1/rpc/record_driver_position', { lat: at.lat, lng: at.lng, heading: 0, speed: 0, accuracy: 5 });

  // Her dot glides there when the fix arrives; a drop that finds no dot changes nothing, so try until it lands.
  await expect(async () => {
    await queued.scrollIntoViewIfNeeded();
    const a = (await queued.boundingBox())!;
    const now = (await map.boundingBox())!;
    const target = { x: now.x + offset.dx, y: now.y + offset.dy };
    await page.mouse.move(a.x + 30, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(a.x + 40, a.y + a.height / 2 + 10, { steps: 4 });
    await page.mouse.move(target.x, target.y, { steps: 12 });
    await page.mouse.move(target.x + 1, target.y + 1, { steps: 2 });
    await page.mouse.up();
    await baseExpect(card(driverRow(page, ELENA.name), made.delivery_code)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect.poll(() => deliveryDriver(request, made.id)).toEqual({ status: 'assigned', driver_id: ELENA.id });

  // Back to the queue, so Elena carries nothing into the other tests.
  await call(request, 'dispatcher@acme.test', 'POST', '/rest/v1/rpc/unassign_delivery', { delivery_id: made.id });
  await expect(queued).toBeVisible();
});

test('assign from the keyboard: / searches, J moves, Enter opens, A assigns with suggestions', async ({ page, request }) => {
  const reference = unique('KEYS');
  const first = await createDelivery(request, reference);
  const second = await createDelivery(request, reference);
  // The demo dispatcher's saved default filter (due today) applies when the link names none; Clear filters clears it.
  await page.goto('/acme/dispatcher');
  await expect(page.getByRole('heading', { name: 'Live board' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Window' })).toHaveValue('today');
  await expect(page).toHaveURL(/\/acme\/dispatcher$/);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('combobox', { name: 'Window' })).toHaveValue('');
  await page.locator('body').press('/');
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeFocused();
  await page.keyboard.type(reference);
  await expect(page).toHaveURL(new RegExp(`q=${reference}`));
  await expect(queue(page).getByRole('listitem')).toHaveCount(2);

  await queue(page).focus();
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  await page.keyboard.press('Enter');
  const opened = new URL(page.url()).searchParams.get('delivery');
  expect([first.id, second.id]).toContain(opened);
  const code = opened === first.id ? first.delivery_code : second.delivery_code;
  const panel = page.getByRole('complementary', { name: `Delivery ${code}` });
  await expect(panel.getByRole('region', { name: 'Suggested drivers' }).getByRole('listitem').first()).toBeVisible();

  await page.locator('body').press('a');
  const dialog = page.getByRole('dialog', { name: `Assign ${code}` });
  await expect(dialog.getByText('Best fit')).toBeVisible();
  await dialog.getByRole('radio', { name: new RegExp(GRACE.name) }).check();
  await expect(dialog.getByRole('combobox', { name: 'Vehicle' })).toHaveValue(CITY_VAN);
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(card(driverRow(page, GRACE.name), code)).toBeVisible();
  await expect(panel.getByTestId('panel-driver')).toHaveText(GRACE.name);

  // Multi-select: tick the other one and assign it with A.
  await page.keyboard.press('Escape');
  const other = code === first.delivery_code ? second : first;
  await queue(page).getByRole('checkbox', { name: `Select ${other.delivery_code}` }).check();
  await page.locator('body').press('a');
  const multi = page.getByRole('dialog', { name: `Assign 1 deliveries` }).or(page.getByRole('dialog', { name: `Assign ${other.delivery_code}` }));
  await multi.getByRole('radio', { name: new RegExp(ELENA.name) }).check();
  await multi.getByRole('button', { name: 'Assign' }).click();
  await expect(card(driverRow(page, ELENA.name), other.delivery_code)).toBeVisible();
  await expect.poll(() => deliveryDriver(request, other.id)).toEqual({ status: 'assigned', driver_id: ELENA.id });

  for (const d of [first, second]) await call(request, 'dispatcher@acme.test', 'POST', '/rest/v1/rpc/unassign_delivery', { delivery_id: d.id });
});

test('a refused assignment snaps back with the database’s reason', async ({ page, request }) => {
  const reference = unique('COLD');
  const chilled = await createDelivery(request, reference, {
    service_id: COLD_CHAIN,
    packages: [{ description: 'Vaccines', quantity: 1, weight_kg: 3, fragile: true, temperature_sensitive: true }],
  });
  await openBoard(page, reference);
  const queued = card(queue(page), chilled.delivery_code);
  await dragTo(page, queued, driverRow(page, ELENA.name));
  const refusal = page.getByRole('alert').filter({ hasText: chilled.delivery_code });
  await expect(refusal).toContainText('City Van 1 lacks what Cold Chain Scheduled requires: refrigeration, temperature control');
  await expect(card(queue(page), chilled.delivery_code)).toBeVisible();
  await expect(card(driverRow(page, ELENA.name), chilled.delivery_code)).toHaveCount(0);
  expect(await deliveryDriver(request, chilled.id)).toEqual({ status: 'pending', driver_id: null });
});

/** The demo dispatcher's auto-assign mode (settings): 'suggest' as seeded shows no Auto-assign button. */
async function setAutoAssignMode(request: APIRequestContext, mode: 'off' | 'suggest' | 'auto'): Promise<void> {
  await call(request, 'dispatcher@acme.test', 'PATCH', '/rest/v1/dispatcher_settings?user_id=not.is.null', { auto_assign_mode: mode });
}

test('auto-assign previews a plan and commits it, leaving a delivery placed by hand where it is', async ({ page, request }) => {
  const reference = unique('AUTO');
  await openBoard(page, reference);
  await expect(page.getByRole('button', { name: 'Assign…' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Auto-assign' })).toHaveCount(0);
  await setAutoAssignMode(request, 'auto');
  const byHand = await createDelivery(request, reference);
  await assignViaApi(request, byHand.id, GRACE.id);
  const a = await createDelivery(request, reference);
  const b = await createDelivery(request, reference);
  await openBoard(page, reference);
  await expect(queue(page).getByRole('listitem')).toHaveCount(2);

  await page.getByRole('button', { name: 'Auto-assign' }).click();
  const preview = page.getByRole('dialog', { name: 'Auto-assign preview' });
  await expect(preview.getByTestId('auto-assign-summary')).toContainText('2 deliveries over');
  await expect(preview.getByTestId('auto-assign-summary')).toContainText('km in all');
  await expect(preview).toContainText(`Pick up ${a.delivery_code}`);
  await expect(preview).toContainText(`Drop off ${b.delivery_code}`);
  await preview.getByRole('button', { name: 'Assign 2 deliveries' }).click();
  await expect(preview.getByTestId('auto-assign-result')).toContainText('2 assigned');
  await preview.getByRole('button', { name: 'Done' }).click();

  await expect(queue(page).getByTestId('board-card')).toHaveCount(0);
  for (const d of [a, b]) await expect.poll(async () => (await deliveryDriver(request, d.id)).status).toBe('assigned');
  expect(await deliveryDriver(request, byHand.id)).toEqual({ status: 'assigned', driver_id: GRACE.id });
  await expect(card(driverRow(page, GRACE.name), byHand.delivery_code)).toBeVisible();

  for (const d of [byHand, a, b]) await call(request, 'dispatcher@acme.test', 'POST', '/rest/v1/rpc/unassign_delivery', { delivery_id: d.id });
});

test.afterAll(async ({ request }) => {
  await setAutoAssignMode(request, 'suggest');
});
