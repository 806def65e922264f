import type { SupabaseClient } from '@supabase/supabase-js';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app, serviceClient, testUsers, USER } from './clients.ts';

/**
 * Webhook subscriptions as the user page manages them: the webhooks edge function with an admin's
 * session. A test reaches a receiver on this machine (the stack is local, so loopback is allowed)
 * signed as Standard Webhooks, verified here with the `standardwebhooks` library; the saved
 * subscription keeps the secret the test was signed with; private and metadata addresses are refused.
 */
const service = serviceClient();
const users = testUsers();
let acmeAdmin: SupabaseClient;
let acmeDispatcher: SupabaseClient;
let receiver: Server;
let receiverUrl: string;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let answerStatus = 200;

beforeAll(async () => {
  [acmeAdmin, acmeDispatcher] = await Promise.all(['admin@acme.test', 'dispatcher@acme.test'].map(users.as));
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(answerStatus).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});

afterAll(async () => {
  await users.release();
  await service.from('webhook_subscriptions').delete().eq('user_id', USER.acmeBusiness);
  await new Promise((resolve) => receiver.close(resolve));
});

interface Answer {
  status: number;
  body: Record<string, unknown> & { error?: { code: string; key?: string; message: string; details?: { field: string; key?: string; message: string }[] } };
}

async function webhooks(client: SupabaseClient, method: string, path: string, body?: unknown): Promise<Answer> {
  const { data } = await client.auth.getSession();
  const res = await fetch(`${app.url}/functions/v1/webhooks${path}`, {
    method,
    headers: { apikey: app.anonKey, authorization: `Bearer ${data.session!.access_token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

function plainHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
}

describe('webhooks', () => {
  it('tests a new card signed with a draft secret, saves it with that secret, and lists it among the modules', async () => {
    received.length = 0;
    const endpoint = { webhook_url: receiverUrl, secret_header_key: 'Authorization', secret_header_value: 'Bearer receiver-token' };
    const test = await webhooks(acmeAdmin, 'POST', '/test', endpoint);
    expect(test.status).toBe(200);
    expect(test.body).toMatchObject({ success: true, message: 'Webhook test successful' });
    const draft = test.body.signing_secret as string;
    expect(received).toHaveLength(1);
    expect(received[0].headers.authorization).toBe('Bearer receiver-token');
    const event = new Webhook(draft).verify(received[0].body, plainHeaders(received[0].headers)) as { type: string };
    expect(event.type).toBe('webhook.test');

    const saved = await webhooks(acmeAdmin, 'POST', '', { module_id: 'deliveries', ...endpoint, is_active: true, user_id: USER.acmeBusiness, signing_secret: draft });
    expect(saved.status).toBe(201);
    expect(saved.body.message).toBe('Webhook saved successfully');
    expect(saved.body.signing_secret).toBe(draft);
    const id = (saved.body.subscription as { id: string }).id;

    const { data: audit } = await service.from('audit_log').select('new_values').eq('row_id', id);
    expect(JSON.stringify(audit)).not.toContain('receiver-token');
    expect(JSON.stringify(audit)).not.toContain(draft);

    const list = await webhooks(acmeAdmin, 'GET', `?userId=${USER.acmeBusiness}&limit=100`);
    const subscriptions = list.body.subscriptions as { id?: string; module_id: string; module_name: string }[];
    expect(subscriptions.map((s) => s.module_id)).toEqual(['deliveries', 'assignments', 'return_requests', 'exceptions', 'pick_orders', 'receive_orders', 'package_handoffs', 'inventory_audits']);
    expect(subscriptions[0]).toMatchObject({ id, module_name: 'Deliveries' });
    expect(subscriptions[1].id).toBeUndefined();
    expect(JSON.stringify(list.body)).not.toContain(draft);

    // A test of the saved subscription is signed with its stored secret, which is not answered again.
    received.length = 0;
    const again = await webhooks(acmeAdmin, 'POST', '/test', { ...endpoint, subscription_id: id });
    expect(again.body.signing_secret).toBeUndefined();
    expect(() => new Webhook(draft).verify(received[0].body, plainHeaders(received[0].headers))).not.toThrow();

    const updated = await webhooks(acmeAdmin, 'PUT', `/${id}`, { module_id: 'deliveries', ...endpoint, secret_header_key: null, secret_header_value: null, is_active: false, user_id: USER.acmeBusiness });
    expect(updated.status).toBe(200);
    expect(updated.body.subscription).toMatchObject({ is_active: false, secret_header_key: null });

    // The dispatcher turns it off with its reason (410 Gone): the card's list says why; saving it on again clears it.
    expect((await service.from('webhook_subscriptions').update({ disabled_reason: 'The receiver answered 410 Gone' }).eq('id', id)).error).toBeNull();
    const disabled = await webhooks(acmeAdmin, 'GET', `?userId=${USER.acmeBusiness}&limit=100`);
    expect((disabled.body.subscriptions as { id?: string }[]).find((s) => s.id === id)).toMatchObject({ is_active: false, disabled_reason: 'The receiver answered 410 Gone' });
    const reenabled = await webhooks(acmeAdmin, 'PUT', `/${id}`, { module_id: 'deliveries', ...endpoint, is_active: true, user_id: USER.acmeBusiness });
    expect(reenabled.body.subscription).toMatchObject({ is_active: true, disabled_reason: null });
  });

  it('reports a receiver that answers an error as completed, not successful', async () => {
    answerStatus = 500;
    try {
      const test = await webhooks(acmeAdmin, 'POST', '/test', { webhook_url: receiverUrl });
      expect(test.body).toMatchObject({ success: false, message: 'Webhook test completed', status_code: 500, error_key: 'webhooks.receiver_answered', error_params: { status: 500 } });
    } finally {
      answerStatus = 200;
    }
  });

  it('refuses private and metadata addresses and an invalid URL, sending nothing there', async () => {
    for (const url of ['http://169.254.169.254/latest/meta-data', 'http://10.0.0.1/hooks', 'http://[fd00::1]/hooks']) {
      const test = await webhooks(acmeAdmin, 'POST', '/test', { webhook_url: url });
      expect(test.body, url).toMatchObject({ success: false, message: 'Failed to test webhook' });
      expect(String(test.body.error)).toMatch(/^Refused:/);
      expect(test.body.error_key, url).toBe('webhooks.receiver_refused');
    }
    const invalid = await webhooks(acmeAdmin, 'POST', '/test', { webhook_url: 'shop.example/hooks' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.error).toMatchObject({ key: 'webhooks.url_invalid', message: 'Please enter a valid URL' });
    expect(invalid.body.error!.details).toEqual([{ field: 'webhook_url', key: 'webhooks.url_invalid', message: 'Please enter a valid URL' }]);
  });

  it('refuses other panels, and another tenant’s subscription is not found', async () => {
    const dispatcher = await webhooks(acmeDispatcher, 'POST', '/test', { webhook_url: receiverUrl });
    expect(dispatcher.status).toBe(403);
    expect(dispatcher.body.error).toMatchObject({ code: 'not_admin', key: 'webhooks.not_admin' });
    const missing = await webhooks(acmeAdmin, 'PUT', '/00000000-0000-4000-8000-0000000000ff', { module_id: 'deliveries', webhook_url: receiverUrl, user_id: USER.acmeBusiness });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual({ code: 'webhook_not_found', key: 'webhooks.not_found', message: 'Webhook not found' });
  });
});
