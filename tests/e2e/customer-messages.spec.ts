import type { Page } from '@playwright/test';
import { asServiceRole, expect, signInTo, test, tokenOf, unique } from './fixtures.ts';
import { createDelivery, transition, type CreatedDelivery } from './tracking-api.ts';

/**
 * Customers message dispatch about an order (issues 11 and 12), with two people at once: the
 * customer writes about a delivery from its card on their dashboard ('Message us'); the dispatcher's
 * support queue shows it live; the dispatcher opens it and answers; the customer sees the answer live
 * with an unread count; the dispatcher resolves it with a note; a new customer message reopens it.
 * A send lost with the connection goes again by itself when the connection returns, stored once.
 * The customer is Daniel Park, whom no other browser test signs in as; the delivery is made here.
 */
test.describe.configure({ mode: 'serial' });

const DANIEL = 'a1000000-0000-4000-8000-00000000010a';
const DANIEL_EMAIL = 'daniel.park@mail.example';
const SUPPORT = '/acme/dispatcher/support?view=messages';

let delivery: CreatedDelivery;
let conversationId: string | null = null;

test.beforeAll(async ({ request }) => {
  const dispatcher = await tokenOf(request, 'dispatcher@acme.test');
  delivery = await createDelivery(request, dispatcher, {
    customer_id: DANIEL,
    dropoff_address_id: null,
    dropoff_address: { full_address: '1 Ferry Building, San Francisco, CA 94111', address_line1: '1 Ferry Building', city: 'San Francisco' },
    dropoff_lat: 37.7955,
    dropoff_lng: -122.3937,
    price: 18,
    price_override_reason: 'Contract rate',
    external_reference_id: unique('MSG'),
  });
});

test.afterAll(async ({ request }) => {
  // Nothing of this run stays: the delivery is cancelled, and the dispatchers' notifications of it go.
  const admin = await tokenOf(request, 'admin@acme.test');
  await transition(request, admin, delivery.id, 'cancelled', { reason: 'Customer messages test finished' }).catch(() => undefined);
  if (conversationId) await asServiceRole(request, 'DELETE', `/rest/v1/notifications?link=like.*conversation%3D${conversationId}`).catch(() => undefined);
});

const conversationOf = (page: Page) => page.getByRole('region', { name: /^Conversation / });
const messageIn = (page: Page, text: string) => conversationOf(page).getByTestId('chat-message').filter({ hasText: text });
const queueRow = (page: Page) => page.getByRole('table', { name: 'Customer messages' }).locator('tbody tr').filter({ hasText: delivery.delivery_code });

async function write(page: Page, text: string) {
  const box = conversationOf(page).getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

async function rowAction(page: Page, action: string) {
  await page.getByRole('table', { name: 'Customer messages' }).getByRole('button', { name: `Actions for ${delivery.delivery_code}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('a customer writes about a delivery; dispatch answers from the support queue, resolves, and a new message reopens it', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const home = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const desk = await browser.newContext();
  try {
    const dispatcherPage = await desk.newPage();
    await signInTo(dispatcherPage, 'dispatcher@acme.test', '/acme/dispatcher');
    await dispatcherPage.goto(SUPPORT);
    await expect(dispatcherPage.getByRole('link', { name: 'Customer messages' })).toHaveAttribute('aria-current', 'page');
    await expect(dispatcherPage.getByText('Live', { exact: true })).toBeVisible();
    await expect(queueRow(dispatcherPage)).toHaveCount(0);

    // The customer, on their phone: 'Message us' on the delivery's card.
    const customerPage = await home.newPage();
    await signInTo(customerPage, DANIEL_EMAIL, '/acme/customer');
    const card = customerPage.getByRole('article', { name: delivery.delivery_code });
    await card.getByRole('button', { name: `Message us about ${delivery.delivery_code}` }).click();
    const sheet = customerPage.getByRole('dialog', { name: 'Message us' });
    await expect(sheet).toBeVisible();
    await expect(conversationOf(customerPage).getByTestId('chat-title')).toHaveText(`Order ${delivery.delivery_code}`);
    await expect(conversationOf(customerPage)).toContainText('With dispatch');
    await expect(conversationOf(customerPage).getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    const question = `Could the driver use the side entrance on Steuart St? ${unique('q')}`;
    await write(customerPage, question);
    await expect(messageIn(customerPage, question)).toHaveAttribute('data-status', 'sent');
    conversationId = ((await asServiceRole(request, 'GET', `/rest/v1/conversations?select=id&type=eq.order&delivery_id=eq.${delivery.id}`)) as { id: string }[])[0]!.id;

    // The dispatcher's queue shows it without a reload.
    const row = queueRow(dispatcherPage);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Daniel Park');
    await expect(row).toContainText(question);
    await expect(row).toContainText('Waiting for dispatch');

    // Open it (its id in the URL, as the notification links it) and answer.
    await rowAction(dispatcherPage, 'Open conversation');
    await expect(dispatcherPage).toHaveURL(new RegExp(`conversation=${conversationId}`));
    await expect(messageIn(dispatcherPage, question)).toContainText('Daniel Park');
    await customerPage.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    const answer = 'Yes: the driver will come to the side entrance and call you from there.';
    await write(dispatcherPage, answer);
    await expect(messageIn(dispatcherPage, answer)).toHaveAttribute('data-status', 'sent');

    // The customer sees it arrive live, with an unread count on the card and in the header.
    await expect(card.getByRole('button', { name: `Message us about ${delivery.delivery_code}, 1 unread` })).toBeVisible();
    await expect(customerPage.getByRole('button', { name: /^Messages, \d+ unread$/ })).toBeVisible();
    await card.getByRole('button', { name: /^Message us about/ }).click();
    await expect(messageIn(customerPage, answer)).toContainText('Dana Dispatcher');
    await expect(card.getByRole('button', { name: `Message us about ${delivery.delivery_code}` })).toBeAttached();

    // Answering acknowledged it; the dispatcher resolves it with a note.
    await dispatcherPage.keyboard.press('Escape');
    await expect(dispatcherPage).not.toHaveURL(/conversation=/);
    await expect(row).toContainText('Acknowledged');
    await expect(row).toContainText('by Dana Dispatcher');
    await rowAction(dispatcherPage, 'Resolve');
    const dialog = dispatcherPage.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expect(dialog.getByText('A resolution note is required')).toBeVisible();
    await dialog.getByLabel('Resolution note').fill('Driver told to use the Steuart St entrance');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expect(row).toHaveCount(0);

    // A new message from the customer puts it back in the queue, live, waiting again.
    const again = `And please ring twice, the bell is quiet. ${unique('r')}`;
    await write(customerPage, again);
    await expect(messageIn(customerPage, again)).toHaveAttribute('data-status', 'sent');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(again);
    await expect(row).toContainText('Waiting for dispatch');

    // Offline, a message fails; when the connection returns it goes by itself, once.
    await home.setOffline(true);
    const offline = `Sent from the lift, no signal here ${unique('o')}`;
    await write(customerPage, offline);
    await expect(messageIn(customerPage, offline)).toHaveAttribute('data-status', 'failed');
    await home.setOffline(false);
    await expect(messageIn(customerPage, offline)).toHaveAttribute('data-status', 'sent', { timeout: 20_000 });
    const stored = (await asServiceRole(request, 'GET', `/rest/v1/messages?select=id&conversation_id=eq.${conversationId}&content=eq.${encodeURIComponent(offline)}`)) as unknown[];
    expect(stored).toHaveLength(1);
  } finally {
    await home.close();
    await desk.close();
  }
});
