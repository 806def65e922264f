import type { APIRequestContext, Page } from '@playwright/test';
import { asServiceRole, asUser, expect as baseExpect, signInTo, test, tokenOf, unique, workerSession } from './fixtures.ts';

// Live changes cross the database, the stack's realtime and the page: on a busy shared machine that takes more than the default 10 s.
const expect = baseExpect.configure({ timeout: 25_000 });

/**
 * The board with the keyboard alone: no click, no focus set by the test. The dispatcher tabs to the
 * unassigned queue, moves between lanes and cards with the arrows, opens a delivery and assigns it
 * through the assign dialog; the board says politely what changed meanwhile (a new delivery, the
 * driver's acceptance). Then the driver's side on a phone-sized page: accept, pick up, carry and
 * deliver with Tab and Enter only (the typed signature is proven in the kit's unit tests).
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.use({ viewport: { width: 1440, height: 1000 } });

// Globex, whose delivery settings no other browser test changes: proof is optional, as seeded.
const GLOBEX = 'b0000000-0000-4000-8000-000000000001';
const CUSTOMER = 'b2000000-0000-4000-8000-000000000004';
const SAME_DAY = 'b6100000-0000-4000-8000-000000000002';
const DEPOT = 'b4000000-0000-4000-8000-000000000001';
// Imogen (her own van, available, on duty): a seeded driver no other browser test follows.
const IMOGEN = { id: 'b5500000-0000-4000-8000-000000000002', name: 'Imogen Clarke', email: 'imogen.clarke@globexfreight.example' };
const IMOGEN_VAN = 'b3000000-0000-4000-8000-000000000001';

const dispatcher = workerSession('dispatcher@globex.test', '/globex/dispatcher');

interface Made {
  id: string;
  delivery_code: string;
}

async function createDelivery(request: APIRequestContext, token: string, reference: string): Promise<Made> {
  const [home] = (await asServiceRole(request, 'GET', `/rest/v1/addresses?select=id&user_id=eq.${CUSTOMER}&is_active=eq.true&latitude=not.is.null&order=is_primary.desc&limit=1`)) as { id: string }[];
  const [row] = await asUser<Made[]>(request, token, '/rest/v1/deliveries', {
    tenant_id: GLOBEX,
    kind: 'delivery',
    customer_id: CUSTOMER,
    pickup_address_id: DEPOT,
    dropoff_address_id: home!.id,
    service_id: SAME_DAY,
    packages: [{ description: 'Desk lamp', quantity: 1, weight_kg: 2, fragile: false, temperature_sensitive: false }],
    priority: 'normal',
    external_reference_id: `${reference}-${Math.random().toString(36).slice(2, 6)}`,
  });
  return row!;
}

async function deliveryDriver(request: APIRequestContext, id: string): Promise<{ status: string; driver_id: string | null }> {
  const [row] = (await asServiceRole(request, 'GET', `/rest/v1/deliveries?select=status,driver_id&id=eq.${id}`)) as { status: string; driver_id: string | null }[];
  return row!;
}

interface Focused {
  role: string | null;
  name: string | null;
  tag: string;
  type: string | null;
  /** The text of the card (article) it is in, if any. */
  article: string | null;
  /** Whether it draws a focus ring (an outline or a box-shadow ring). */
  ring: boolean;
}

// Run in the page (as text: this project's types have no DOM).
const FOCUSED = `(() => {
  const el = document.activeElement;
  const style = getComputedStyle(el);
  const name = el.getAttribute('aria-label') ?? ((el.labels && el.labels[0] ? el.labels[0].textContent : el.textContent) ?? '').trim();
  const article = el.closest('article');
  return {
    role: el.getAttribute('role'),
    name,
    tag: el.tagName,
    type: el.getAttribute('type'),
    article: article ? article.textContent : null,
    ring: style.boxShadow !== 'none' || (style.outlineStyle !== 'none' && style.outlineWidth !== '0px'),
  };
})()`;

/** What has the keyboard focus: its role and accessible name as the page states them. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(FOCUSED) as Promise<Focused>;
}

/** Whether the page itself scrolls sideways (a table may scroll inside its own region). */
function sideways(page: Page): Promise<boolean> {
  return page.evaluate('document.scrollingElement.scrollWidth > document.scrollingElement.clientWidth') as Promise<boolean>;
}

/** Presses `key` until `reached` holds for what has focus (a bounded walk, as a keyboard user tabs). */
async function pressUntil(page: Page, key: string, reached: (f: Focused) => boolean, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    if (reached(await focused(page))) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} ${limit} times did not reach it: focus is on ${JSON.stringify(await focused(page))}`);
}

test.beforeEach(({ page }) => dispatcher.enter(page));

test('by keyboard alone: the dispatcher assigns on the board, and the board says what changed', async ({ page, request }) => {
  const token = dispatcher.accessToken();
  const reference = unique('KBD');
  await page.goto(`/globex/dispatcher?q=${encodeURIComponent(reference)}`);
  await expect(page.getByRole('heading', { name: 'Live board' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Live' }).first()).toBeVisible();
  const queue = page.getByRole('list', { name: 'Unassigned queue' });
  const announcer = page.getByTestId('live-announcer');

  // A delivery arrives while the board is open: said politely, focus untouched.
  const made = await createDelivery(request, token, reference);
  await expect(queue.getByRole('listitem', { name: new RegExp(`^${made.delivery_code}`) })).toBeVisible();
  await expect(announcer).toHaveText(`New unassigned delivery ${made.delivery_code}.`);
  await expect(announcer).toHaveAttribute('aria-live', 'polite');

  // Tab from the top of the page to the queue: a visible ring on the lane.
  await pressUntil(page, 'Tab', (f) => f.role === 'list' && f.name === 'Unassigned queue');
  expect((await focused(page)).ring).toBe(true);
  // Right goes to the next lane, left comes back.
  await page.keyboard.press('ArrowRight');
  const next = await focused(page);
  expect(next.role).toBe('list');
  expect(next.name).not.toBe('Unassigned queue');
  expect(next.ring).toBe(true);
  await page.keyboard.press('ArrowLeft');
  await expect(queue).toBeFocused();

  // The one card of the queue is current; Enter opens it beside the board.
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('status').filter({ hasText: `${made.delivery_code}, 1 of 1` })).toBeAttached();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('complementary', { name: `Delivery ${made.delivery_code}` })).toBeVisible();
  await expect(queue).toBeFocused();

  // A opens the assign dialog; the arrows choose the driver, Tab reaches Assign.
  await page.keyboard.press('a');
  const dialog = page.getByRole('dialog', { name: `Assign ${made.delivery_code}` });
  await expect(dialog.getByRole('radiogroup', { name: 'Driver' })).toBeVisible();
  await pressUntil(page, 'Tab', (f) => f.type === 'radio', 10);
  await pressUntil(page, 'ArrowDown', (f) => f.type === 'radio' && (f.name ?? '').includes(IMOGEN.name), 60);
  await expect(dialog.getByRole('radio', { name: new RegExp(IMOGEN.name) })).toBeChecked();
  await pressUntil(page, 'Tab', (f) => f.tag === 'BUTTON' && f.name === 'Assign', 10);
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  // Focus comes back to the lane it left.
  await expect(queue).toBeFocused();
  await expect.poll(() => deliveryDriver(request, made.id)).toEqual({ status: 'assigned', driver_id: IMOGEN.id });

  // The driver accepts (from the phone's API: the phone's own keyboard flow is proven in unit tests of
  // its step button and signature pad); the board hears of it without a reload and says it, focus
  // untouched.
  try {
    const [assignment] = (await asServiceRole(request, 'GET', `/rest/v1/assignments?select=id&delivery_id=eq.${made.id}&status=eq.pending&limit=1`)) as { id: string }[];
    await asUser(request, await tokenOf(request, IMOGEN.email), '/rest/v1/rpc/respond_to_assignment', { assignment_id: assignment!.id, accept: true });
    await expect(announcer).toHaveText(`${IMOGEN.name} accepted ${made.delivery_code}.`);
    await expect(queue).toBeFocused();
    // The board at 320 px: the lanes stack, nothing makes the page scroll sideways.
    await page.setViewportSize({ width: 320, height: 640 });
    await expect.poll(() => sideways(page)).toBe(false);
  } finally {
    await asUser(request, await tokenOf(request, IMOGEN.email), '/rest/v1/rpc/set_driver_status', { driver_id: IMOGEN.id, status: 'available' });
  }
});

test('by keyboard alone: the driver accepts, picks up, carries and delivers on the phone', async ({ browser, request }) => {
  const made = await createDelivery(request, dispatcher.accessToken(), unique('KBD-DRV'));
  await asUser(request, dispatcher.accessToken(), '/rest/v1/assignments', { tenant_id: GLOBEX, delivery_id: made.id, driver_id: IMOGEN.id, vehicle_id: IMOGEN_VAN });
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await phone.newPage();
    await signInTo(page, IMOGEN.email, '/globex/driver');
    const onCard = (name: string) => (f: Focused) => f.tag === 'BUTTON' && f.name === name && (f.article ?? '').includes(made.delivery_code);
    const card = page.getByRole('article', { name: new RegExp(made.delivery_code) });
    await expect(card.getByRole('button', { name: 'Accept', exact: true })).toBeVisible();

    // Tab to the offer's Accept: a visible ring; Enter accepts.
    await pressUntil(page, 'Tab', onCard('Accept'), 80);
    expect((await focused(page)).ring).toBe(true);
    await page.keyboard.press('Enter');
    await expect(card.getByText('Accepted')).toBeVisible();

    // Each next step is reached by Tab from where the last one left focus, and taken with Enter.
    await pressUntil(page, 'Tab', onCard('Picked up'), 80);
    await page.keyboard.press('Enter');
    const pickup = page.getByRole('dialog', { name: `Pick up ${made.delivery_code}` });
    await expect(pickup.getByRole('button', { name: 'Confirm by hand' })).toBeVisible();
    await pressUntil(page, 'Tab', (f) => f.tag === 'BUTTON' && f.name === 'Confirm by hand', 20);
    await page.keyboard.press('Enter');
    await expect(card.getByText('Picked up', { exact: true })).toBeVisible();

    await pressUntil(page, 'Tab', onCard('In transit'), 80);
    await page.keyboard.press('Enter');
    await expect(card.getByText('In transit', { exact: true })).toBeVisible();

    await pressUntil(page, 'Tab', onCard('Deliver'), 80);
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: `Deliver ${made.delivery_code}` });
    await expect(sheet.getByRole('button', { name: 'Complete delivery' })).toBeVisible();
    // Globex asks for no proof: the sheet's fields are optional, Complete is reached by Tab.
    await pressUntil(page, 'Tab', (f) => f.tag === 'BUTTON' && f.name === 'Complete delivery', 40);
    await page.keyboard.press('Enter');
    const undo = page.getByTestId('undo-bar');
    await expect(undo).toContainText(`${made.delivery_code} marked delivered`);
    await pressUntil(page, 'Tab', (f) => f.tag === 'BUTTON' && f.name === 'Send now', 80);
    await page.keyboard.press('Enter');
    await expect(undo).toBeHidden();
    await expect.poll(async () => (await deliveryDriver(request, made.id)).status).toBe('delivered');
  } finally {
    await phone.close();
    await asUser(request, await tokenOf(request, IMOGEN.email), '/rest/v1/rpc/set_driver_status', { driver_id: IMOGEN.id, status: 'available' });
  }
});
