import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPgError } from '../../stack/db/database.ts';
import { PostgresDatabase } from '../../stack/db/postgres.ts';

/**
 * The Postgres adapter's per-request transaction: BEGIN and the caller's identity travel in one
 * round trip with the first statement, COMMIT with the statement marked last
 * (stack/db/pipelined-query.ts); a lone statement marked last (a table read) goes with the identity
 * alone, in the implicit transaction its Sync closes. These checks hold both to what the four
 * separate round trips did: the first statement already runs as the caller, one transaction spans
 * every statement, only the statement's own result comes back, a failure anywhere (the statement,
 * or COMMIT itself) rolls everything back, and the pooled connection stays usable.
 *
 * Runs in the Postgres conformance run (DATABASE_URL: the database the global setup prepared, so the
 * platform roles exist); PGlite has no round trips to save and keeps its plain transaction.
 */
const url = process.env.DATABASE_URL;

describe.skipIf(!url)('the Postgres per-request transaction', () => {
  let db: PostgresDatabase;
  const table = `as_role_probe_${randomUUID().replaceAll('-', '')}`;
  const claims = { sub: '00000000-0000-4000-8000-000000000001', role: 'authenticated', tenant: 'acme' };
  const identity = { role: 'authenticated', claims, headers: { 'x-probe': 'yes' }, method: 'GET', path: '/rest/v1/probe' };

  beforeAll(async () => {
    // Two connections at most, so a connection left in a failed transaction would be reused at once.
    db = await PostgresDatabase.open(url!, 2);
    await db.exec(`create table public.${table} (id int primary key, note text not null); revoke all on public.${table} from anon; grant select, insert on public.${table} to authenticated;`);
  });

  afterAll(async () => {
    await db?.exec(`drop table if exists public.${table}`);
    await db?.close();
  });

  it('runs the first statement as the caller, with the request settings', async () => {
    const r = await db.asRole(identity, (tx) =>
      tx.query<{ who: string; uid: string; tenant: string; probe: string; method: string }>(
        "select current_user as who, auth.uid()::text as uid, auth.jwt() ->> 'tenant' as tenant, " +
          "current_setting('request.headers')::json ->> 'x-probe' as probe, current_setting('request.method') as method",
      ),
    );
    expect(r.rows).toEqual([{ who: 'authenticated', uid: claims.sub, tenant: 'acme', probe: 'yes', method: 'GET' }]);
    expect(r.fields.map((f) => f.name)).toEqual(['who', 'uid', 'tenant', 'probe', 'method']);
    expect(r.rowCount).toBe(1);
  });

  it('returns only the statement\'s own rows, with its parameters bound as node-postgres binds them', async () => {
    const when = new Date('2026-11-21T08:00:00.000Z');
    const r = await db.asRole(identity, (tx) =>
      tx.query<{ n: number; at: string; tags: string[] }>('select n, $1::timestamptz::text as at, $2::text[] as tags from generate_series(1, 3) n', [when, ['a', 'b']]),
    );
    expect(r.rows.map((row) => row.n)).toEqual([1, 2, 3]);
    expect(r.rows[0].at).toBe('2026-11-21 08:00:00+00');
    expect(r.rows[0].tags).toEqual(['a', 'b']);
    expect(r.rowCount).toBe(3);
  });

  it('keeps one transaction across statements, and the settings after the first', async () => {
    const r = await db.asRole(identity, async (tx) => {
      const first = await tx.query<{ xid: string }>('select txid_current()::text as xid');
      const second = await tx.query<{ xid: string; who: string }>('select txid_current()::text as xid, current_user as who');
      return { first: first.rows[0].xid, second: second.rows[0] };
    });
    expect(r.second).toEqual({ xid: r.first, who: 'authenticated' });
  });

  it('commits the writes of a transaction that succeeds', async () => {
    await db.asRole(identity, async (tx) => {
      await tx.query(`insert into public.${table} (id, note) values ($1, $2)`, [1, 'kept']);
      await tx.query(`insert into public.${table} (id, note) values ($1, $2)`, [2, 'kept too']);
    });
    const r = await db.query<{ id: number }>(`select id from public.${table} order by id`);
    expect(r.rows.map((row) => row.id)).toEqual([1, 2]);
  });

  it('rolls everything back when a later statement fails, and the connection serves the next request', async () => {
    const failure = db.asRole(identity, async (tx) => {
      await tx.query(`insert into public.${table} (id, note) values ($1, $2)`, [10, 'undone']);
      await tx.query(`insert into public.${table} (id, note) values ($1, $2)`, [1, 'duplicate key']);
    });
    await expect(failure).rejects.toSatisfy((e: unknown) => isPgError(e) && e.code === '23505');
    const r = await db.query<{ id: number }>(`select id from public.${table} where id = 10`);
    expect(r.rows).toEqual([]);
    for (let i = 0; i < 4; i++) {
      const again = await db.asRole(identity, (tx) => tx.query<{ who: string }>('select current_user as who'));
      expect(again.rows).toEqual([{ who: 'authenticated' }]);
    }
  });

  it('rejects with the error of a failing first statement, and runs no later one', async () => {
    const failure = db.asRole(identity, async (tx) => {
      await tx.query('select 1 / $1::int', [0]);
      await tx.query(`insert into public.${table} (id, note) values (20, 'never')`);
    });
    await expect(failure).rejects.toSatisfy((e: unknown) => isPgError(e) && e.code === '22012');
    expect((await db.query(`select 1 from public.${table} where id = 20`)).rows).toEqual([]);
    const next = await db.asRole({ role: 'anon', claims: { role: 'anon' } }, (tx) => tx.query<{ who: string; claims: string }>("select current_user as who, current_setting('request.jwt.claims') as claims"));
    expect(next.rows).toEqual([{ who: 'anon', claims: '{"role":"anon"}' }]);
  });

  it('refuses what the caller may not do, from the first statement on', async () => {
    const failure = db.asRole({ role: 'anon', claims: { role: 'anon' } }, (tx) => tx.query(`insert into public.${table} (id, note) values (30, 'anon')`));
    await expect(failure).rejects.toSatisfy((e: unknown) => isPgError(e) && e.code === '42501');
  });

  it('commits with the statement marked last, alone or after others', async () => {
    const alone = await db.asRole(identity, (tx) =>
      tx.query<{ id: number }>(`insert into public.${table} (id, note) values ($1, $2) returning id`, [40, 'alone'], { last: true }),
    );
    expect(alone.rows).toEqual([{ id: 40 }]);
    await db.asRole(identity, async (tx) => {
      await tx.query(`insert into public.${table} (id, note) values ($1, $2)`, [41, 'first']);
      await tx.query(`insert into public.${table} (id, note) values ($1, $2)`, [42, 'last'], { last: true });
    });
    const r = await db.query<{ id: number }>(`select id from public.${table} where id between 40 and 49 order by id`);
    expect(r.rows.map((row) => row.id)).toEqual([40, 41, 42]);
  });

  it('runs a lone statement marked last as the caller, in one transaction with the identity', async () => {
    // The identity's settings are transaction-local: had it run in a transaction of its own, they
    // would be gone by the statement.
    const r = await db.asRole(identity, (tx) =>
      tx.query<{ who: string; tenant: string; method: string; path: string }>(
        "select current_user as who, auth.jwt() ->> 'tenant' as tenant, current_setting('request.method') as method, current_setting('request.path') as path",
        [],
        { last: true, prepare: true },
      ),
    );
    expect(r.rows).toEqual([{ who: 'authenticated', tenant: 'acme', method: 'GET', path: '/rest/v1/probe' }]);
    // The identity's settings end with that transaction: the connection's next statement is its own again.
    const after = await db.query<{ who: string; claims: string | null }>("select current_user as who, current_setting('request.jwt.claims', true) as claims");
    expect(after.rows[0].who).not.toBe('authenticated');
    expect(after.rows[0].claims ?? '').toBe('');
  });

  it('rolls back a lone statement marked last when it fails, or when its implicit commit does', async () => {
    const failing = db.asRole(identity, (tx) => tx.query('select 1 / $1::int', [0], { last: true }));
    await expect(failing).rejects.toSatisfy((e: unknown) => isPgError(e) && e.code === '22012');
    await db.exec(`create table public.${table}_lone (id int primary key, other int unique deferrable initially deferred); grant insert on public.${table}_lone to authenticated;`);
    try {
      // The deferred check runs at the Sync's commit: the error arrives after the statement's own reply.
      const atCommit = db.asRole(identity, (tx) => tx.query(`insert into public.${table}_lone (id, other) values (1, 7), (2, 7)`, [], { last: true }));
      await expect(atCommit).rejects.toSatisfy((e: unknown) => isPgError(e) && e.code === '23505');
      expect((await db.query(`select id from public.${table}_lone`)).rows).toEqual([]);
      const kept = await db.asRole(identity, (tx) => tx.query<{ id: number }>(`insert into public.${table}_lone (id, other) values (3, 8) returning id`, [], { last: true }));
      expect(kept.rows).toEqual([{ id: 3 }]);
      expect((await db.query<{ id: number }>(`select id from public.${table}_lone`)).rows).toEqual([{ id: 3 }]);
    } finally {
      await db.exec(`drop table public.${table}_lone`);
    }
    for (let i = 0; i < 3; i++) {
      const next = await db.asRole(identity, (tx) => tx.query<{ who: string }>('select current_user as who', [], { last: true, prepare: true }));
      expect(next.rows).toEqual([{ who: 'authenticated' }]);
    }
  });

  it('refuses a statement after the one marked last, and keeps what was committed', async () => {
    const late = db.asRole(identity, async (tx) => {
      await tx.query(`insert into public.${table} (id, note) values ($1, $2)`, [43, 'committed'], { last: true });
      await tx.query(`insert into public.${table} (id, note) values ($1, $2)`, [44, 'too late']);
    });
    await expect(late).rejects.toThrow(/after the statement marked last/);
    const r = await db.query<{ id: number }>(`select id from public.${table} where id in (43, 44) order by id`);
    expect(r.rows.map((row) => row.id)).toEqual([43]);
  });

  it('rolls back when the statement marked last fails, and when its COMMIT fails', async () => {
    const failing = db.asRole(identity, async (tx) => {
      await tx.query(`insert into public.${table} (id, note) values ($1, $2)`, [50, 'undone']);
      await tx.query(`insert into public.${table} (id, note) values ($1, $2)`, [1, 'duplicate'], { last: true });
    });
    await expect(failing).rejects.toSatisfy((e: unknown) => isPgError(e) && e.code === '23505');
    // A deferred constraint is checked at COMMIT: the error comes from the pipelined COMMIT.
    await db.exec(`create table public.${table}_deferred (id int primary key, other int unique deferrable initially deferred); grant insert on public.${table}_deferred to authenticated;`);
    try {
      const atCommit = db.asRole(identity, async (tx) => {
        await tx.query(`insert into public.${table} (id, note) values ($1, $2)`, [51, 'undone at commit']);
        await tx.query(`insert into public.${table}_deferred (id, other) values (1, 7), (2, 7)`, [], { last: true });
      });
      await expect(atCommit).rejects.toSatisfy((e: unknown) => isPgError(e) && e.code === '23505');
    } finally {
      await db.exec(`drop table public.${table}_deferred`);
    }
    const r = await db.query(`select id from public.${table} where id in (50, 51)`);
    expect(r.rows).toEqual([]);
    const next = await db.asRole(identity, (tx) => tx.query<{ who: string }>('select current_user as who', [], { last: true }));
    expect(next.rows).toEqual([{ who: 'authenticated' }]);
  });

  it('leaves no transaction and no role behind on the pooled connections', async () => {
    const seen = await Promise.all(
      [0, 1, 2, 3].map(() => db.query<{ who: string; claims: string | null; open: boolean }>(
        "select current_user as who, current_setting('request.jwt.claims', true) as claims, now() <> statement_timestamp() as open",
      )),
    );
    for (const r of seen) expect(r.rows[0]).toMatchObject({ who: expect.not.stringMatching(/^(anon|authenticated)$/), open: false });
    for (const r of seen) expect(r.rows[0].claims ?? '').toBe('');
  });
});
