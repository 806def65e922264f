import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startThrowawayCluster, type ThrowawayCluster } from '../../scripts/pg-cluster.ts';
import { loadConfig } from '../../stack/config.ts';
import { prepareDatabase, seedFiles } from '../../stack/db/prepare.ts';
import { PostgresDatabase } from '../../stack/db/postgres.ts';
import { createLogger } from '../../stack/log.ts';

/**
 * The dispatcher drains with several rounds in flight at once (lanes of one call, and calls of the
 * cron that overlap): on a real PostgreSQL 15 (PGlite serves one connection at a time), sessions of
 * their own claim and record as the service role at the same time, as the webhook-dispatch
 * function's lanes do. Every delivery is claimed exactly once by webhook-id, none twice, none
 * missed, one attempt each; the events not fanned out yet are fanned out by those same concurrent
 * claims without a delivery made twice; rounds recording failures of the same subscriptions in
 * different orders at once do not deadlock; an event enqueued while both dispatcher slots are held
 * is not left for the job when a holder leaves at the same moment. The single-session rules are
 * pgTAP's (supabase/tests/webhook_dispatch.sql, webhook_drain.sql, webhook_dispatch_leave.sql).
 */
const ACME = 'a0000000-0000-4000-8000-000000000001';
const ADA = 'a1000000-0000-4000-8000-000000000001';
const DISPATCHER = 'a1000000-0000-4000-8000-000000000002';
const EVENTS = 300;
const SESSIONS = 8;
const BATCH = 20;

let cluster: ThrowawayCluster;
let owner: pg.Client;
const sessions: pg.Client[] = [];

async function session(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  sessions.push(client);
  await client.query('set role service_role');
  return client;
}

interface Claimed {
  delivery_id: string;
  message_id: string;
  attempt: number;
}

/**
 * One lane: claims and records until a claim comes back empty, every receiver answering `status`;
 * each round's answers in an order of their own (shuffled), as receivers answer.
 */
async function lane(client: pg.Client, status = 200): Promise<Claimed[]> {
  const got: Claimed[] = [];
  for (;;) {
    const { rows } = await client.query<Claimed>('select delivery_id, message_id, attempt from public.webhook_dispatch_claim($1)', [BATCH]);
    if (rows.length === 0) return got;
    got.push(...rows);
    const answers = rows.map((r) => ({ delivery_id: r.delivery_id, status_code: status, duration_ms: 1 }));
    for (let i = answers.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [answers[i], answers[j]] = [answers[j], answers[i]];
    }
    await client.query('select public.webhook_dispatch_record($1)', [JSON.stringify(answers)]);
  }
}

/** Resolves once `pid`'s statement waits for a lock (another transaction's). */
async function waitingForLock(pid: number): Promise<void> {
  for (;;) {
    const { rows } = await owner.query<{ waiting: boolean }>("select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = $1", [pid]);
    if (rows[0]?.waiting) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('webhook dispatch under concurrent claims (PostgreSQL 15)', () => {
  beforeAll(async () => {
    cluster = await startThrowawayCluster();
    const db = await PostgresDatabase.open(cluster.url);
    try {
      const config = await loadConfig(process.env, { DATABASE_URL: undefined });
      await prepareDatabase(db, config, { seed: false, log: createLogger('error') });
      // The seed's tenants and people only.
      for (const file of seedFiles(config).filter((f) => /(\/seed\.sql|\/seeds\/(10|20)_[^/]*\.sql)$/.test(f))) {
        await db.transaction(async (tx) => {
          await tx.query(`select set_config('search_path', '"$user", public, extensions', true)`);
          await tx.exec(readFileSync(file, 'utf8'));
        });
      }
    } finally {
      await db.close();
    }
    owner = new pg.Client({ connectionString: cluster.url });
    await owner.connect();
  }, 240_000);

  afterAll(async () => {
    await Promise.all(sessions.map((s) => s.end().catch(() => {})));
    await owner?.end().catch(() => {});
    await cluster?.stop();
  });

  it(`${SESSIONS} lanes draining ${EVENTS} events for two subscriptions send each delivery exactly once`, async () => {
    const { rows: subs } = await owner.query<{ id: string }>(
      `insert into public.webhook_subscriptions (tenant_id, user_id, module_id, webhook_url, signing_secret, created_at)
       values ($1, $2, 'deliveries', 'https://ada.example/hooks', $4, now() - interval '1 minute'),
              ($1, $3, 'deliveries', 'https://dispatcher.example/hooks', $4, now() - interval '1 minute')
       returning id`,
      [ACME, ADA, DISPATCHER, `whsec_${'A'.repeat(43)}=`],
    );
    expect(subs).toHaveLength(2);
    // The outbox as the triggers write it: not fanned out yet, so the concurrent claims fan out too.
    await owner.query(
      `insert into public.webhook_events (tenant_id, module_id, event_type, subject_id, payload)
       select $1, 'deliveries', 'delivery.created', gen_random_uuid(), jsonb_build_object('type', 'delivery.created', 'n', n)
       from generate_series(1, $2) n`,
      [ACME, EVENTS],
    );
    const clients = await Promise.all(Array.from({ length: SESSIONS }, () => session()));
    const claimed = (await Promise.all(clients.map((c) => lane(c)))).flat();
    const expected = EVENTS * subs.length;

    const ids = claimed.map((c) => c.message_id);
    expect(new Set(ids).size).toBe(ids.length); // none claimed twice
    expect(ids).toHaveLength(expected); // none missed
    expect(claimed.every((c) => c.attempt === 1)).toBe(true);

    const { rows } = await owner.query<{ deliveries: number; succeeded: number; attempts: number; ids: number }>(
      `select count(*)::int as deliveries, count(*) filter (where d.status = 'succeeded' and d.attempt_count = 1)::int as succeeded,
              count(distinct d.message_id)::int as ids,
              (select count(*)::int from public.webhook_attempts a join public.webhook_deliveries x on x.id = a.delivery_id
               where x.subscription_id = any($1)) as attempts
       from public.webhook_deliveries d where d.subscription_id = any($1)`,
      [subs.map((s) => s.id)],
    );
    expect(rows[0]).toEqual({ deliveries: expected, succeeded: expected, ids: expected, attempts: expected });
  }, 120_000);

  it('lanes recording failures of the same subscriptions at once neither deadlock nor lose an attempt', async () => {
    const { rows: staff } = await owner.query<{ id: string }>(
      `select id from public.profiles where tenant_id = $1 and status = 'active' and panel_type in ('admin', 'dispatcher') order by id limit 4`,
      [ACME],
    );
    expect(staff.length).toBeGreaterThanOrEqual(2);
    const { rows: subs } = await owner.query<{ id: string }>(
      `insert into public.webhook_subscriptions (tenant_id, user_id, module_id, webhook_url, signing_secret, created_at)
       select $1, p, 'assignments', 'https://down.example/' || p, $3, now() - interval '1 minute' from unnest($2::uuid[]) p
       returning id`,
      [ACME, staff.map((s) => s.id), `whsec_${'B'.repeat(43)}=`],
    );
    await owner.query(
      `insert into public.webhook_events (tenant_id, module_id, event_type, subject_id, payload)
       select $1, 'assignments', 'assignment.accepted', gen_random_uuid(), jsonb_build_object('type', 'assignment.accepted', 'n', n)
       from generate_series(1, $2) n`,
      [ACME, 100],
    );
    const clients = await Promise.all(Array.from({ length: SESSIONS }, () => session()));
    // Every receiver answers 503: each record updates every subscription it touches (failing since).
    const claimed = (await Promise.all(clients.map((c) => lane(c, 503)))).flat();
    const expected = 100 * subs.length;
    expect(new Set(claimed.map((c) => c.message_id)).size).toBe(expected);
    expect(claimed).toHaveLength(expected);
    const { rows } = await owner.query<{ retrying: number; attempts: number; failing: number }>(
      `select count(*) filter (where d.status = 'pending' and d.attempt_count = 1 and d.last_status_code = 503)::int as retrying,
              (select count(*)::int from public.webhook_attempts a join public.webhook_deliveries x on x.id = a.delivery_id
               where x.subscription_id = any($1)) as attempts,
              (select count(*)::int from public.webhook_subscriptions s where s.id = any($1) and s.failing_since is not null) as failing
       from public.webhook_deliveries d where d.subscription_id = any($1)`,
      [subs.map((s) => s.id)],
    );
    expect(rows[0]).toEqual({ retrying: expected, attempts: expected, failing: subs.length });
  }, 120_000);

  it('an event committed while the last holder leaves its slot is sent on leaving, not left for the job', async () => {
    const vaultKey = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';
    await owner.query('begin');
    await owner.query(`set local stack.vault_key = '${vaultKey}'`);
    await owner.query("delete from vault.secrets where name in ('project_url', 'service_role_key')");
    await owner.query("select vault.create_secret('http://127.0.0.1:54321', 'project_url'), vault.create_secret('test-service-key', 'service_role_key')");
    await owner.query('commit');
    await owner.query("update private.webhook_dispatch_slots set holder = null, held_until = '-infinity'");
    await owner.query("update public.webhook_events set fanned_out_at = now() where fanned_out_at is null");
    await owner.query("update public.webhook_deliveries set status = 'failed', next_attempt_at = null where status = 'pending'");
    await owner.query('delete from net.http_request_queue');
    const calls = async () =>
      (await owner.query<{ body: unknown }>("select convert_from(body, 'UTF8')::jsonb as body from net.http_request_queue where url like '%/functions/v1/webhook-dispatch' order by id")).rows.map((r) => r.body);

    // Two dispatcher calls hold both slots; their lanes have drained (their last claims came back empty).
    const holder = await session();
    await holder.query(`set stack.vault_key = '${vaultKey}'`);
    const { rows: tokens } = await holder.query<{ token: string }>('select public.webhook_dispatch_enter() as token from generate_series(1, 2)');
    expect(tokens.every((t) => t.token)).toBe(true);

    // A delivery change enqueues its event: both slots held, so its trigger makes no call.
    const writer = new pg.Client({ connectionString: cluster.url });
    await writer.connect();
    sessions.push(writer);
    await writer.query('begin');
    await writer.query(
      `insert into public.webhook_events (tenant_id, module_id, event_type, subject_id, payload)
       values ($1, 'deliveries', 'delivery.created', gen_random_uuid(), '{"type": "delivery.created"}')`,
      [ACME],
    );

    // Meanwhile the first holder leaves: it waits for the enqueueing transaction, then sees its event.
    await holder.query('begin');
    const { rows: pids } = await holder.query<{ pid: number }>('select pg_backend_pid() as pid');
    const leaving = holder.query('select public.webhook_dispatch_leave($1)', [tokens[0].token]);
    await waitingForLock(pids[0].pid);
    expect(await calls()).toEqual([]);
    await writer.query('commit');
    await leaving;
    await holder.query('commit');
    expect(await calls()).toEqual([{ by: 'leave' }]);

    // The other holder leaves with the event still waiting (no call has claimed it yet): one more call at most.
    await holder.query('select public.webhook_dispatch_leave($1)', [tokens[1].token]);
    expect(await calls()).toEqual([{ by: 'leave' }, { by: 'leave' }]);
  }, 60_000);

  it('a burst of enqueueing transactions makes one call, the others standing on it', async () => {
    await owner.query("update private.webhook_dispatch_slots set holder = null, held_until = '-infinity'");
    await owner.query("update private.webhook_dispatch_wake set requested_at = '-infinity'");
    await owner.query('delete from net.http_request_queue');
    const writers = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const client = new pg.Client({ connectionString: cluster.url });
        await client.connect();
        sessions.push(client);
        await client.query(`set stack.vault_key = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'`);
        return client;
      }),
    );
    // All four inside their transactions at once, the first holding the call it requests until it commits.
    for (const writer of writers) {
      await writer.query('begin');
      await writer.query(
        `insert into public.webhook_events (tenant_id, module_id, event_type, subject_id, payload)
         values ($1, 'deliveries', 'delivery.created', gen_random_uuid(), '{"type": "delivery.created"}')`,
        [ACME],
      );
    }
    for (const writer of writers) await writer.query('commit');
    const { rows } = await owner.query<{ n: number }>("select count(*)::int as n from net.http_request_queue where url like '%/functions/v1/webhook-dispatch'");
    expect(rows[0].n).toBe(1);
    // Later transactions, the call still on its way (not arrived): none more.
    await writers[1].query(`insert into public.webhook_events (tenant_id, module_id, event_type, subject_id, payload)
       values ($1, 'deliveries', 'delivery.created', gen_random_uuid(), '{"type": "delivery.created"}')`, [ACME]);
    const { rows: after } = await owner.query<{ n: number }>("select count(*)::int as n from net.http_request_queue where url like '%/functions/v1/webhook-dispatch'");
    expect(after[0].n).toBe(1);
  }, 60_000);
});
