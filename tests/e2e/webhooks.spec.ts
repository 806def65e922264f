import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { ANON_KEY, asServiceRole, expect, test, workerSession } from './fixtures.ts';

const BORIS = 'a1000000-0000-4000-8000-000000000005';
const admin = workerSession('admin@acme.test', '/acme/admin');
// Both walks configure Boris's Deliveries card, each from an unconfigured one: one after the other.
test.describe.configure({ mode: 'serial' });

let receiver: Server;
let receiverUrl: string;
let answerStatus = 200;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(answerStatus).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

test.beforeEach(async ({ page, request }) => {
  await admin.open(page);
  // A rerun against the same stack starts from an unconfigured card.
  const res = await request.delete(`/rest/v1/webhook_subscriptions?user_id=eq.${BORIS}`, { headers: { apikey: ANON_KEY, authorization: `Bearer ${admin.accessToken()}` } });
  expect(res.ok(), await res.text()).toBe(true);
});

test('webhooks tab: a new card is tested, then created with the secret the test was signed with; edit, cancel, a failing test, and why the dispatcher turned it off', async ({ page, request }) => {
  // One walk through every mode of a card: more steps than one test's usual time on a busy machine.
  test.slow();
  await page.goto(`/acme/admin/users/${BORIS}/detail?tab=webhooks`);
  const card = page.getByRole('region', { name: 'Deliveries' });
  await expect(card.getByText('Not configured')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Exceptions' })).toBeVisible();

  // New: a valid URL enables Test; Create waits for a successful test.
  const url = card.getByLabel('Webhook URL');
  const testButton = card.getByRole('button', { name: 'Test' });
  const create = card.getByRole('button', { name: 'Create' });
  await url.fill('not a url');
  await expect(card.getByText('Please enter a valid URL')).toBeVisible();
  await expect(testButton).toBeDisabled();
  await expect(create).toBeDisabled();
  await url.fill(receiverUrl);
  await expect(testButton).toBeEnabled();
  await expect(create).toBeDisabled();

  // Authentication: the header fields only when it is on.
  await expect(card.getByPlaceholder('Authorization')).toHaveCount(0);
  await card.getByLabel('Use authentication').check();
  await card.getByPlaceholder('Authorization').fill('Authorization');
  await card.getByPlaceholder('Bearer token or Basic auth').fill('Bearer receiver-token');

  received.length = 0;
  await testButton.click();
  await expect(card.getByText('Webhook test successful')).toBeVisible();
  expect(received).toHaveLength(1);
  expect(received[0].headers.authorization).toBe('Bearer receiver-token');
  await create.click();
  await expect(page.getByText('Webhook saved successfully')).toBeVisible();

  // Saved: active, in view mode, and the secret shown once verifies the test already received.
  await expect(card.getByText('Active')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Edit' })).toBeVisible();
  const secret = (await card.getByTestId('webhook-signing-secret').textContent())!.trim();
  const headers = Object.fromEntries(Object.entries(received[0].headers).map(([k, v]) => [k, String(v)]));
  expect(new Webhook(secret).verify(received[0].body, headers)).toMatchObject({ type: 'webhook.test' });

  // Edit, change, Cancel: the original comes back.
  await card.getByRole('button', { name: 'Edit' }).click();
  await card.getByLabel('Webhook URL').fill(`${receiverUrl}/elsewhere`);
  await expect(card.getByRole('button', { name: 'Save' })).toBeDisabled();
  await card.getByRole('button', { name: 'Cancel' }).click();
  await expect(card.getByText(receiverUrl, { exact: true })).toBeVisible();

  // A receiver answering an error: the test completes without success, and Save stays off.
  answerStatus = 500;
  try {
    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByRole('button', { name: 'Test' }).click();
    await expect(card.getByText(/Webhook test completed/)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Save' })).toBeDisabled();
  } finally {
    answerStatus = 200;
  }

  // The dispatcher turns it off on a 410: the card says why until a tested save turns it on again.
  await asServiceRole(request, 'PATCH', `/rest/v1/webhook_subscriptions?user_id=eq.${BORIS}&module_id=eq.deliveries`, {
    is_active: false, disabled_reason: 'The receiver answered 410 Gone',
  });
  await page.reload();
  const reason = card.getByTestId('webhook-disabled-reason');
  await expect(reason).toContainText('The receiver answered 410 Gone, which asks for no more deliveries.');
  await expect(card.getByText('Inactive', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Edit' }).click();
  await card.getByRole('button', { name: 'Test' }).click();
  await expect(card.getByText('Webhook test successful')).toBeVisible();
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(reason).toHaveCount(0);
});

test('webhooks tab: the delivery log shows a sent event, Replay sends it again with its webhook-id, and Rotate shows a new secret once', async ({ page, request }) => {
  // Two trips through the outbox and the dispatcher (each up to a cron period) besides the clicks.
  test.slow();
  const headers = { apikey: ANON_KEY, authorization: `Bearer ${admin.accessToken()}`, 'content-type': 'application/json', prefer: 'return=representation' };
  const made = await request.post('/functions/v1/webhooks', {
    headers,
    data: { module_id: 'deliveries', user_id: BORIS, webhook_url: receiverUrl, secret_header_key: null, secret_header_value: null, is_active: true },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { signing_secret: firstSecret } = (await made.json()) as { signing_secret: string };

  // A delivery of Boris's: its event reaches the receiver through the outbox and the dispatcher.
  received.length = 0;
  const created = await request.post('/rest/v1/deliveries', {
    headers,
    data: {
      tenant_id: 'a0000000-0000-4000-8000-000000000001', customer_id: BORIS, service_id: 'a6100000-0000-4000-8000-000000000002',
      pickup_address: { full_address: '1 Market St, San Francisco' }, pickup_lat: 37.794, pickup_lng: -122.395,
      dropoff_address: { full_address: '600 Mission St, San Francisco' }, dropoff_lat: 37.775, dropoff_lng: -122.41,
      packages: [{ quantity: 1, weight_kg: 2 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const [{ id: deliveryId }] = (await created.json()) as { id: string }[];
  const ofDelivery = () => received.filter((r) => (JSON.parse(r.body) as { data: { id: string } }).data.id === deliveryId);
  await expect.poll(() => ofDelivery().length, { timeout: 20_000 }).toBe(1);
  const webhookId = String(ofDelivery()[0].headers['webhook-id']);

  await page.goto(`/acme/admin/users/${BORIS}/detail?tab=webhooks`);
  const card = page.getByRole('region', { name: 'Deliveries' });
  await card.getByRole('button', { name: 'Delivery log' }).click();
  const row = card.getByTestId('webhook-delivery').filter({ hasText: webhookId });
  await expect(row.getByText('delivery.created')).toBeVisible();
  await expect(row.getByText('Delivered')).toBeVisible();
  await expect(row.getByText('Response: 200')).toBeVisible();

  await row.getByRole('button', { name: /^Replay/ }).click();
  await expect(page.getByText('Event queued for replay')).toBeVisible();
  await expect.poll(() => ofDelivery().length, { timeout: 20_000 }).toBe(2);
  expect(ofDelivery()[1].headers['webhook-id']).toBe(webhookId);

  await card.getByRole('button', { name: 'Rotate secret' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Rotate' }).click();
  await expect(page.getByText('Signing secret rotated')).toBeVisible();
  const rotated = (await card.getByTestId('webhook-signing-secret').textContent())!.trim();
  expect(rotated).toMatch(/^whsec_/);
  expect(rotated).not.toBe(firstSecret);
});
