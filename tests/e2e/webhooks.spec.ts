import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { ANON_KEY, expect, test, workerSession } from './fixtures.ts';

const BORIS = 'a1000000-0000-4000-8000-000000000005';
const admin = workerSession('admin@acme.test', '/acme/admin');

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

test('webhooks tab: a new card is tested, then created with the secret the test was signed with; edit, cancel and a failing test', async ({ page }) => {
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
});
