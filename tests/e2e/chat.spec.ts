import type { APIRequestContext, Page } from '@playwright/test';
import { asServiceRole, asUser, expect, signInTo, test, tokenOf, unique } from './fixtures.ts';

/**
 * Chat both ways with unread counts: the admin opens a delivery's chat from its detail
 * page and writes; the driver carrying it, on a phone-sized page, sees the header's unread badge and
 * the task's Chat button move and the message arrive live, answers, and the admin sees the answer
 * live with no reload. A send that fails shows Retry, and retrying stores the message once.
 */
test.describe.configure({ mode: 'serial' });

const ACME = 'a0000000-0000-4000-8000-000000000001';
// A seeded driver no other browser test gives work to or signs in as (Omar Haddad, commercial licence, the box truck).
const DRIVER = 'a5500000-0000-4000-8000-000000000005';
const DRIVER_EMAIL = 'omar.haddad@acmelogistics.example';
const BOX_TRUCK = 'a3000000-0000-4000-8000-000000000002';
const CUSTOMER = 'a1000000-0000-4000-8000-000000000004';
const SAME_DAY = 'a6100000-0000-4000-8000-000000000002';
const DEPOT = 'a4000000-0000-4000-8000-000000000001';

/** A delivery the dispatcher made and gave to the driver, who accepted it: it is on the driver's phone. */
async function acceptedDelivery(request: APIRequestContext): Promise<{ id: string; delivery_code: string }> {
  const dispatcher = await tokenOf(request, 'dispatcher@acme.test');
  const driver = await tokenOf(request, DRIVER_EMAIL);
  const [home] = (await asServiceRole(request, 'GET', `/rest/v1/addresses?select=id&user_id=eq.${CUSTOMER}&is_active=eq.true&latitude=not.is.null&order=is_primary.desc&limit=1`)) as { id: string }[];
  const [delivery] = (await asUser(request, dispatcher, '/rest/v1/deliveries', {
    tenant_id: ACME,
    kind: 'delivery',
    customer_id: CUSTOMER,
    pickup_address_id: DEPOT,
    dropoff_address_id: home!.id,
    service_id: SAME_DAY,
    packages: [{ description: 'Office chair, flat-packed', quantity: 1, weight_kg: 18, fragile: false, temperature_sensitive: false }],
    priority: 'normal',
    external_reference_id: unique('PO'),
  })) as { id: string; delivery_code: string }[];
  const [assignment] = (await asUser(request, dispatcher, '/rest/v1/assignments', { tenant_id: ACME, delivery_id: delivery!.id, driver_id: DRIVER, vehicle_id: BOX_TRUCK })) as { id: string }[];
  await asUser(request, driver, '/rest/v1/rpc/respond_to_assignment', { assignment_id: assignment!.id, accept: true });
  return delivery!;
}

async function storedMessages(request: APIRequestContext, conversationId: string, content: string): Promise<number> {
  const rows = (await asServiceRole(request, 'GET', `/rest/v1/messages?select=id&conversation_id=eq.${conversationId}&content=eq.${encodeURIComponent(content)}`)) as unknown[];
  return rows.length;
}

const conversationOf = (page: Page) => page.getByRole('region', { name: /^Conversation / });
const messageIn = (page: Page, text: string) => conversationOf(page).getByTestId('chat-message').filter({ hasText: text });

/** The header's Messages button's unread total, from its name ('Messages' or 'Messages, 3 unread'). */
async function unreadInHeader(page: Page): Promise<number> {
  const name = (await page.getByRole('button', { name: /^Messages/ }).getAttribute('aria-label')) ?? '';
  return Number(/, (\d+) unread$/.exec(name)?.[1] ?? 0);
}

const headerName = (unread: number) => (unread > 0 ? `Messages, ${unread} unread` : 'Messages');

async function write(page: Page, text: string) {
  const box = conversationOf(page).getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

let delivery: { id: string; delivery_code: string };

test.beforeAll(async ({ request }) => {
  delivery = await acceptedDelivery(request);
});

test.afterAll(async ({ request }) => {
  // Nothing of this run stays on the driver: the delivery is cancelled and he is off duty as the seed has him.
  const admin = await tokenOf(request, 'admin@acme.test');
  await asUser(request, admin, '/rest/v1/rpc/transition_delivery', { delivery_id: delivery.id, status: 'cancelled', reason: 'Chat test finished' }).catch(() => undefined);
  await asUser(request, await tokenOf(request, DRIVER_EMAIL), '/rest/v1/rpc/set_driver_status', { driver_id: DRIVER, status: 'offline' }).catch(() => undefined);
});

test('the admin and the driver chat about a delivery both ways, live, with unread counts', async ({ browser }) => {
  test.setTimeout(120_000);
  const desk = await browser.newContext();
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const driverPage = await phone.newPage();
    await signInTo(driverPage, DRIVER_EMAIL, '/acme/driver');
    const card = driverPage.getByRole('article', { name: new RegExp(delivery.delivery_code) });
    await expect(card).toBeVisible();
    const inboxButton = driverPage.getByRole('button', { name: /^Messages/ });
    await expect(inboxButton).toBeVisible();
    // Read once the list has answered (a rerun on a reused stack may have left some unread).
    await expect(inboxButton).toHaveAttribute('data-inbox', 'ready');
    const before = await unreadInHeader(driverPage);

    const adminPage = await desk.newPage();
    await signInTo(adminPage, 'admin@acme.test', '/acme/admin');
    await adminPage.goto(`/acme/admin/deliveries/${delivery.id}`);
    await adminPage.getByRole('button', { name: `Chat about ${delivery.delivery_code}` }).click();
    await expect(conversationOf(adminPage).getByTestId('chat-title')).toHaveText(`${delivery.delivery_code} with Omar Haddad`);
    await expect(conversationOf(adminPage).getByText('No messages yet. Say hello.')).toBeVisible();
    await expect(conversationOf(adminPage).getByRole('status').filter({ hasText: 'Live' })).toBeVisible();

    const question = `Can you call the recipient before you arrive? ${unique('q')}`;
    await write(adminPage, question);
    await expect(messageIn(adminPage, question)).toHaveAttribute('data-status', 'sent');
    await expect(messageIn(adminPage, question)).toContainText('You');

    // The driver's phone: the badge and the task's button move without a reload.
    await expect(inboxButton).toHaveAccessibleName(headerName(before + 1));
    await expect(driverPage.getByTestId('chat-unread')).toHaveText(String(before + 1));
    await expect(card.getByRole('button', { name: `Chat about ${delivery.delivery_code}, 1 unread` })).toBeVisible();

    await card.getByRole('button', { name: /^Chat about/ }).click();
    const sheet = driverPage.getByRole('dialog', { name: 'Chat' });
    await expect(sheet).toBeVisible();
    // A full-screen sheet on the phone.
    const box = await sheet.boundingBox();
    expect(box?.width).toBe(390);
    await expect(messageIn(driverPage, question)).toBeVisible();
    await expect(messageIn(driverPage, question)).toContainText('Ada Admin');
    await expect(conversationOf(driverPage).getByRole('separator', { name: 'Today' })).toBeVisible();
    // Reading it clears its unread count.
    await expect(inboxButton).toHaveAccessibleName(headerName(before));

    // Shift+Enter is a new line; Enter sends.
    const answerBox = conversationOf(driverPage).getByRole('textbox', { name: 'Message' });
    await answerBox.fill('Sure, calling now.');
    await answerBox.press('Shift+Enter');
    await answerBox.pressSequentially('Ten minutes out.');
    await expect(answerBox).toHaveValue('Sure, calling now.\nTen minutes out.');
    await answerBox.press('Enter');
    await expect(messageIn(driverPage, 'Ten minutes out.')).toHaveAttribute('data-status', 'sent');
    await expect(answerBox).toHaveValue('');

    // The admin sees the answer live, in the open conversation, with no reload.
    await expect(messageIn(adminPage, 'Ten minutes out.')).toContainText('Omar Haddad');
    await expect(messageIn(adminPage, 'Ten minutes out.')).toContainText('Sure, calling now.');

    // The admin's Messages drawer lists it with the last message.
    await adminPage.keyboard.press('Escape');
    await adminPage.getByRole('button', { name: /^Messages/ }).click();
    const row = adminPage.getByRole('button', { name: new RegExp(`^${delivery.delivery_code} with Omar Haddad`) });
    await expect(row).toContainText('Ten minutes out.');
  } finally {
    await desk.close();
    await phone.close();
  }
});

test('a send that fails shows Retry, and retrying stores the message once', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const desk = await browser.newContext();
  try {
    const page = await desk.newPage();
    await signInTo(page, 'admin@acme.test', '/acme/admin');
    await page.goto(`/acme/admin/deliveries/${delivery.id}`);
    await page.getByRole('button', { name: `Chat about ${delivery.delivery_code}` }).click();
    await expect(conversationOf(page).getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    const conversationId = ((await asServiceRole(request, 'GET', `/rest/v1/conversations?select=id&delivery_id=eq.${delivery.id}`)) as { id: string }[])[0]!.id;

    let calls = 0;
    let failNext = true;
    await page.route('**/rest/v1/rpc/send_message', async (route) => {
      calls += 1;
      if (failNext) {
        failNext = false;
        await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service unavailable' }) });
        return;
      }
      await route.continue();
    });

    const text = `The gate code is 4821 ${unique('g')}`;
    await write(page, text);
    const message = messageIn(page, text);
    await expect(message).toHaveAttribute('data-status', 'failed');
    await expect(message.getByRole('alert')).toHaveText('Failed to send');
    expect(await storedMessages(request, conversationId, text)).toBe(0);

    await message.getByRole('button', { name: 'Retry' }).click();
    await expect(message).toHaveAttribute('data-status', 'sent');
    await expect(messageIn(page, text)).toHaveCount(1);
    expect(calls).toBe(2);
    expect(await storedMessages(request, conversationId, text)).toBe(1);
  } finally {
    await desk.close();
  }
});

test('a chat the driver opens first reaches the dispatcher who assigned the delivery, live', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const second = await acceptedDelivery(request);
  const desk = await browser.newContext();
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const dispatcherPage = await desk.newPage();
    await signInTo(dispatcherPage, 'dispatcher@acme.test', '/acme/dispatcher');
    const inbox = dispatcherPage.getByRole('button', { name: /^Messages/ });
    await expect(inbox).toHaveAttribute('data-inbox', 'ready');
    const before = await unreadInHeader(dispatcherPage);

    const driverPage = await phone.newPage();
    await signInTo(driverPage, DRIVER_EMAIL, '/acme/driver');
    const card = driverPage.getByRole('article', { name: new RegExp(second.delivery_code) });
    await card.getByRole('button', { name: /^Chat about/ }).click();
    await expect(conversationOf(driverPage).getByText('With Dana Dispatcher')).toBeVisible();
    const question = `The loading dock is closed, where should I go? ${unique('d')}`;
    await write(driverPage, question);
    await expect(messageIn(driverPage, question)).toHaveAttribute('data-status', 'sent');

    // The dispatcher who assigned it hears it without a reload, and reading it clears the count.
    await expect(inbox).toHaveAccessibleName(headerName(before + 1));
    await inbox.click();
    const row = dispatcherPage.getByRole('button', { name: `${second.delivery_code} with Omar Haddad, 1 unread` });
    await expect(row).toContainText(question);
    await row.click();
    await expect(messageIn(dispatcherPage, question)).toContainText('Omar Haddad');
    await expect(inbox).toHaveAccessibleName(headerName(before));
    await write(dispatcherPage, 'Use the side gate on 4th St.');
    await expect(messageIn(driverPage, 'Use the side gate on 4th St.')).toContainText('Dana Dispatcher');

    // Dispatch adds a colleague (update participants, action add), then takes her out again after confirming.
    const panel = conversationOf(dispatcherPage);
    await panel.getByRole('button', { name: /^Participants/ }).click();
    const lookup = panel.getByRole('combobox', { name: 'Add people' });
    await lookup.fill('Sofia');
    await dispatcherPage.getByRole('option', { name: /Sofia Ramirez/ }).first().click();
    // Several may be chosen: the list stays open until focus moves on.
    await lookup.press('Tab');
    await panel.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(panel.getByRole('status').filter({ hasText: 'Participants added' })).toBeVisible();
    const people = panel.getByTestId('chat-participants');
    await expect(people).toContainText('Sofia Ramirez');
    await people.getByRole('button', { name: 'Remove Sofia Ramirez' }).click();
    await panel.getByRole('alertdialog', { name: 'Remove Sofia Ramirez from the conversation?' }).getByRole('button', { name: 'Remove' }).click();
    await expect(people).not.toContainText('Sofia Ramirez');
    await panel.getByRole('button', { name: /^Participants/ }).click();

    // Dispatch archives it (after confirming): nobody writes in it, it lists as archived, and unarchiving reopens it.
    await conversationOf(dispatcherPage).getByRole('button', { name: 'Archive' }).click();
    const confirm = dispatcherPage.getByRole('alertdialog', { name: 'Archive this conversation?' });
    await confirm.getByRole('button', { name: 'Archive' }).click();
    await expect(conversationOf(dispatcherPage).getByRole('status').filter({ hasText: 'This conversation is archived' })).toBeVisible();
    await expect(conversationOf(dispatcherPage).getByRole('textbox', { name: 'Message' })).toHaveCount(0);
    await conversationOf(dispatcherPage).getByRole('button', { name: 'Back to conversations' }).click();
    await dispatcherPage.getByRole('button', { name: 'Archived', exact: true }).click();
    await dispatcherPage.getByRole('button', { name: `${second.delivery_code} with Omar Haddad` }).click();
    await conversationOf(dispatcherPage).getByRole('button', { name: 'Unarchive' }).click();
    await expect(conversationOf(dispatcherPage).getByRole('textbox', { name: 'Message' })).toBeVisible();
  } finally {
    await desk.close();
    await phone.close();
    const admin = await tokenOf(request, 'admin@acme.test');
    await asUser(request, admin, '/rest/v1/rpc/transition_delivery', { delivery_id: second.id, status: 'cancelled', reason: 'Chat test finished' }).catch(() => undefined);
  }
});
