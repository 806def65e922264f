import type { SupabaseClient } from '@supabase/supabase-js';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app, serviceClient, TENANT, testUsers, USER } from './clients.ts';

/**
 * Webhooks as they really go out: a change's event is fanned out by the pg_cron job, sent by the
 * webhook-dispatch function (called through pg_net with the URL and key from Vault) to a receiver
 * on this machine, signed as Standard Webhooks and verified here with the `standardwebhooks`
 * library. A receiver that fails first gets the event once more (same webhook-id) and no more; a
 * customer's subscription carries only that customer's deliveries; a 410 disables the subscription.
 * A lone event does not wait for the job's next run: its enqueueing calls the dispatcher at once.
 */
const service = serviceClient();
const users = testUsers();
let dispatcher: SupabaseClient;
let receiver: Server;
let base: string;
const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
// Customers whose notifications no test counts (the tenancy tests count Carla's and Boris's in the
// same run, and booking a delivery notifies its customer): Noah subscribes, Mei is another customer.
const NOAH = 'a1000000-0000-4000-8000-00000000010c';
const MEI = 'a1000000-0000-4000-8000-00000000010f';
const SUBSCRIPTIONS = { noah: 'd1000000-0000-4000-8000-0000000000c1', ada: 'd1000000-0000-4000-8000-0000000000a1', mei: 'd1000000-0000-4000-8000-0000000000c2' };

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  answered: number;
}
const received: Received[] = [];
/** How the receiver answers a request, by path and how many times it has seen its webhook-id. */
function answerFor(path: string, seenBefore: number): number {
  if (path === '/ada') return 410;
  if (path === '/mei') return 200;
  return seenBefore === 0 ? 500 : 200;
}

beforeAll(async () => {
  dispatcher = await users.as('dispatcher@acme.test');
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const id = req.headers['webhook-id'];
      const answered = answerFor(req.url ?? '', received.filter((r) => r.headers['webhook-id'] === id).length);
      received.push({ path: req.url ?? '', headers: req.headers, body, answered });
      res.writeHead(answered).end(answered === 200 ? 'got it' : 'not now');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const { error } = await service.from('webhook_subscriptions').insert([
    { id: SUBSCRIPTIONS.noah, tenant_id: TENANT.acme, user_id: NOAH, module_id: 'deliveries', webhook_url: `${base}/noah`, secret_header_key: 'Authorization', secret_header_value: 'Bearer noah-receiver', signing_secret: SECRET },
    { id: SUBSCRIPTIONS.ada, tenant_id: TENANT.acme, user_id: USER.acmeAdmin, module_id: 'deliveries', webhook_url: `${base}/ada`, signing_secret: SECRET },
  ]);
  expect(error).toBeNull();
});

afterAll(async () => {
  await users.release();
  await service.from('webhook_subscriptions').delete().in('id', Object.values(SUBSCRIPTIONS));
  await new Promise((resolve) => receiver.close(resolve));
});

async function createDelivery(customerId: string): Promise<string> {
  const { data, error } = await dispatcher
    .from('deliveries')
    .insert({
      tenant_id: TENANT.acme, customer_id: customerId, service_id: 'a6100000-0000-4000-8000-000000000002',
      pickup_address: { full_address: '1 Market St, San Francisco' }, pickup_lat: 37.794, pickup_lng: -122.395,
      dropoff_address: { full_address: '600 Mission St, San Francisco' }, dropoff_lat: 37.775, dropoff_lng: -122.41,
      packages: [{ quantity: 1, weight_kg: 2 }],
    })
    .select('id')
    .single();
  expect(error).toBeNull();
  return (data as { id: string }).id;
}

function plainHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
}

function about(path: string, deliveryId: string): Received[] {
  return received.filter((r) => r.path === path && (JSON.parse(r.body) as { data: { id: string } }).data.id === deliveryId);
}

async function dispatchNow(): Promise<Response> {
  return fetch(`${app.url}/functions/v1/webhook-dispatch`, { method: 'POST', headers: { apikey: app.anonKey, authorization: `Bearer ${app.serviceRoleKey}` } });
}

describe('webhook dispatch', () => {
  it("sends a customer their delivery signed, again after a 500 with the same webhook-id, then no more, and never another customer's", async () => {
    const meiDelivery = await createDelivery(MEI);
    const noahDelivery = await createDelivery(NOAH);

    // The cron job fans out and dispatches; the retry comes 5 s after the 500.
    await expect.poll(() => about('/noah', noahDelivery).length, { timeout: 25_000, interval: 250 }).toBe(2);
    const [first, second] = about('/noah', noahDelivery);
    expect([first.answered, second.answered]).toEqual([500, 200]);
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(first.headers.authorization).toBe('Bearer noah-receiver');
    for (const r of [first, second]) {
      const event = new Webhook(SECRET).verify(r.body, plainHeaders(r.headers)) as { type: string; data: { id: string; customer_id: string; status: string } };
      expect(event).toMatchObject({ type: 'delivery.created', data: { id: noahDelivery, customer_id: NOAH, status: 'pending' } });
    }

    // The receiver answers before the dispatcher records the answer: the log is read once it has.
    const readLog = async () =>
      (
        await service
          .from('webhook_deliveries')
          .select('status, attempt_count, message_id, webhook_attempts(attempt, status_code, response_excerpt)')
          .eq('subscription_id', SUBSCRIPTIONS.noah)
          .eq('message_id', first.headers['webhook-id'] as string)
          .single()
      ).data;
    await expect.poll(async () => (await readLog())?.status, { timeout: 10_000, interval: 250 }).toBe('succeeded');
    const log = await readLog();
    expect(log).toMatchObject({ status: 'succeeded', attempt_count: 2 });
    expect((log as { webhook_attempts: { attempt: number; status_code: number }[] }).webhook_attempts.map((a) => `${a.attempt} ${a.status_code}`).sort()).toEqual(['1 500', '2 200']);

    // Nothing more for it however often the dispatcher runs.
    expect((await dispatchNow()).status).toBe(200);
    expect(about('/noah', noahDelivery)).toHaveLength(2);
    expect(about('/noah', meiDelivery)).toHaveLength(0);
  });

  it('disables a subscription whose receiver answers 410', async () => {
    await createDelivery(NOAH);
    await expect
      .poll(async () => (await service.from('webhook_subscriptions').select('is_active, disabled_reason').eq('id', SUBSCRIPTIONS.ada).single()).data, { timeout: 20_000, interval: 250 })
      .toEqual({ is_active: false, disabled_reason: 'The receiver answered 410 Gone' });
    expect(received.filter((r) => r.path === '/ada').length).toBeGreaterThan(0);
  });

  it("sends a lone event at once, without waiting for the job's next run", async () => {
    // Subscribed only now: Mei's earlier deliveries (the first test's) are not this subscription's.
    const { error } = await service.from('webhook_subscriptions').insert({
      id: SUBSCRIPTIONS.mei, tenant_id: TENANT.acme, user_id: MEI, module_id: 'deliveries', webhook_url: `${base}/mei`, signing_secret: SECRET,
    });
    expect(error).toBeNull();
    const db = new pg.Client({ connectionString: app.dbUrl });
    await db.connect();
    try {
      // The job's latest run (cron.job_run_details, as pg_cron records them).
      const lastRun = async () =>
        (
          await db.query<{ runid: string; ended: boolean }>(
            `select d.runid::text as runid, d.end_time is not null as ended
             from cron.job_run_details d join cron.job j on j.jobid = d.jobid
             where j.jobname = 'webhook-dispatch' order by d.runid desc limit 1`,
          )
        ).rows.at(0);
      // Start just after a run of the job has ended: its next run is 5 s away.
      const before = (await lastRun())?.runid;
      await expect.poll(async () => { const run = await lastRun(); return run !== undefined && run.runid !== before && run.ended; }, { timeout: 15_000, interval: 20 }).toBe(true);
      const tick = (await lastRun())?.runid;
      const meiDelivery = await createDelivery(MEI);
      await expect.poll(() => about('/mei', meiDelivery).length, { timeout: 4_000, interval: 20 }).toBe(1);
      // No run of the job began meanwhile: the event's own trigger called the dispatcher.
      expect((await lastRun())?.runid).toBe(tick);
      const [r] = about('/mei', meiDelivery);
      expect(new Webhook(SECRET).verify(r.body, plainHeaders(r.headers))).toMatchObject({ type: 'delivery.created', data: { id: meiDelivery } });
    } finally {
      await db.end();
    }
  });

  it('refuses a dispatch by anyone but the scheduled job', async () => {
    const { data } = await dispatcher.auth.getSession();
    const res = await fetch(`${app.url}/functions/v1/webhook-dispatch`, { method: 'POST', headers: { apikey: app.anonKey, authorization: `Bearer ${data.session!.access_token}` } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_the_dispatcher');
  });
});
