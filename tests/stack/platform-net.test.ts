import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, PlatformStack, Receiver } from './platform-helpers.ts';
import { isLocalStack } from './realtime-helpers.ts';

// pg_net as Supabase's image provides it: net.http_* answer a request id at once, the request leaves
// only when the transaction commits, and its answer lands in net._http_response.
describe.skipIf(!isLocalStack)('pg_net', () => {
  let platform: PlatformStack;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await Receiver.start((r, res) => {
      res.setHeader('content-type', 'application/json');
      res.setHeader('x-receiver', 'yes');
      res.statusCode = r.url.startsWith('/missing') ? 404 : 201;
      res.end(JSON.stringify({ method: r.method, got: r.body }));
    });
    platform = await PlatformStack.start();
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
    await receiver?.stop();
  });

  interface ResponseRow {
    status_code: number | null;
    content_type: string | null;
    headers: Record<string, string> | null;
    content: string | null;
    timed_out: boolean | null;
    error_msg: string | null;
  }

  const responseOf = (id: string, timeoutMs = 10_000) =>
    eventually(
      `the answer to request ${id}`,
      async () =>
        (await platform.db.query<ResponseRow>('select status_code, content_type, headers, content, timed_out, error_msg from net._http_response where id = $1', [id]))
          .rows[0],
      timeoutMs,
    );

  const requestId = async (sql: string, params: unknown[] = []) => String((await platform.db.query<{ id: string }>(sql, params)).rows[0].id);

  it('is an installed extension: create extension if not exists succeeds', async () => {
    await platform.db.exec('create extension if not exists pg_net with schema extensions');
    expect((await platform.db.query("select 1 from pg_extension where extname = 'pg_net'")).rows).toHaveLength(1);
  });

  it('posts after the transaction commits and stores the answer', async () => {
    const marker = `commit-${Date.now()}`;
    const id = await platform.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        "select net.http_post(url := $1, body := jsonb_build_object('marker', $2::text), headers := '{\"Authorization\": \"Bearer k\"}'::jsonb) as id",
        [`${receiver.url}/hook`, marker],
      );
      // The request id comes back at once, and the queue row is not yet visible to anyone else.
      expect(receiver.received.some((r) => r.body.includes(marker))).toBe(false);
      return String(rows[0].id);
    });
    const answer = await responseOf(id);
    expect(answer).toMatchObject({ status_code: 201, content_type: 'application/json', timed_out: false, error_msg: null });
    expect(answer.headers?.['x-receiver']).toBe('yes');
    // The body is the jsonb's text, as pg_net sends it (convert_to(body::text, 'UTF8')).
    expect(JSON.parse(answer.content ?? '')).toEqual({ method: 'POST', got: `{"marker": "${marker}"}` });
    const sent = receiver.received.find((r) => r.body.includes(marker));
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.headers.authorization).toBe('Bearer k');
    expect((await platform.db.query('select 1 from net.http_request_queue where id = $1', [id])).rows).toHaveLength(0);
  });

  it('sends nothing for a transaction that rolls back', async () => {
    const marker = `rolled-back-${Date.now()}`;
    await expect(
      platform.db.transaction(async (tx) => {
        await tx.query("select net.http_post($1, jsonb_build_object('marker', $2::text))", [`${receiver.url}/hook`, marker]);
        throw new Error('abort the transaction');
      }),
    ).rejects.toThrow('abort the transaction');
    // A request committed after it is answered; the worker takes requests in order, so by then the
    // rolled-back one would have been sent too, had it been queued.
    const after = await requestId("select net.http_post($1, '{\"after\": true}'::jsonb) as id", [`${receiver.url}/hook`]);
    await responseOf(after);
    expect(receiver.received.some((r) => r.body.includes(marker))).toBe(false);
  });

  it('gets and deletes with url-encoded params, and records a 404 as an answer', async () => {
    const get = await requestId("select net.http_get($1, params := '{\"q\": \"a b&c\"}'::jsonb) as id", [`${receiver.url}/missing?x=1`]);
    expect(await responseOf(get)).toMatchObject({ status_code: 404, error_msg: null });
    expect(receiver.received.some((r) => r.method === 'GET' && r.url === '/missing?x=1&q=a%20b%26c')).toBe(true);
    const del = await requestId('select net.http_delete($1) as id', [`${receiver.url}/thing/1`]);
    expect(await responseOf(del)).toMatchObject({ status_code: 201 });
    expect(receiver.received.some((r) => r.method === 'DELETE' && r.url === '/thing/1')).toBe(true);
    const collected = await platform.db.query<{ status: string; code: number }>(
      'select (r).status::text as status, ((r).response).status_code as code from net._http_collect_response($1::bigint) r',
      [del],
    );
    expect(collected.rows[0]).toEqual({ status: 'SUCCESS', code: 201 });
  });

  it('times out a receiver that never answers', async () => {
    const started = Date.now();
    const id = await requestId('select net.http_get($1, timeout_milliseconds := 300) as id', [`${receiver.url}/hang`]);
    const answer = await responseOf(id);
    expect(answer).toMatchObject({ status_code: null, timed_out: true });
    expect(answer.error_msg).toMatch(/^Timeout of 300 ms reached/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it('refuses metadata, link-local and private addresses', async () => {
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://10.1.2.3/', 'http://[fe80::1]/', 'http://192.168.0.10:8080/x']) {
      const answer = await responseOf(await requestId('select net.http_get($1) as id', [url]));
      expect(answer.status_code, url).toBeNull();
      expect(answer.error_msg, url).toMatch(/^Refused: .* STACK_NET_ALLOWED_ADDRESSES/);
    }
  });

  it('prunes answers older than pg_net.ttl', async () => {
    await platform.db.query("insert into net._http_response (id, status_code, created) values (-1, 200, now() - interval '7 hours')");
    const id = await requestId("select net.http_post($1, '{}'::jsonb) as id", [`${receiver.url}/hook`]);
    await responseOf(id);
    expect((await platform.db.query('select 1 from net._http_response where id = -1')).rows).toHaveLength(0);
  });

  it('lets the API roles queue requests but not read the queue or the answers', async () => {
    const authenticated = { role: 'authenticated', claims: { role: 'authenticated' } };
    const id = await platform.db.asRole(authenticated, async (tx) =>
      String((await tx.query<{ id: string }>("select net.http_post($1, '{\"from\": \"trigger\"}'::jsonb) as id", [`${receiver.url}/hook`])).rows[0].id),
    );
    expect(await responseOf(id)).toMatchObject({ status_code: 201 });
    for (const sql of ['select * from net._http_response', 'select * from net.http_request_queue']) {
      await expect(platform.db.asRole(authenticated, (tx) => tx.query(sql)), sql).rejects.toMatchObject({ code: '42501' });
    }
  });
});
