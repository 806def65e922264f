import { afterAll, describe, expect, it, vi } from 'vitest';
import { anonClient, serviceClient, unique } from './clients.ts';

/**
 * Aggregate functions in select (PostgREST's references/api/aggregate_functions): off on Supabase
 * until `alter role authenticator set pgrst.db_aggregates_enabled = 'true'` and
 * `notify pgrst, 'reload config'`. This file is the only one that turns them on; it turns them off
 * again at the end. Fixture: orders 10.50, 20.25 and 100.00 of Alpha (Oslo), 5.00 of Beta (Oslo),
 * 7.75 of Gamma (Rome).
 */
const db = serviceClient();
const anon = anonClient();

async function setAggregates(value: 'true' | null): Promise<void> {
  const { error } = await db.rpc('rest_set_pgrst_setting', { name: 'db_aggregates_enabled', value });
  expect(error).toBeNull();
  // The reload is asynchronous (NOTIFY): wait until requests see it.
  await vi.waitFor(
    async () => {
      const { error: refused } = await anon.from('rest_orders').select('count()');
      expect(refused === null).toBe(value === 'true');
    },
    { timeout: 10_000, interval: 50 },
  );
}

const byKey = <T extends Record<string, unknown>>(rows: T[], key: keyof T) => [...rows].sort((a, b) => String(a[key]).localeCompare(String(b[key])));

afterAll(async () => {
  await setAggregates(null);
});

describe.sequential('REST aggregates', () => {
  it('refuses aggregate functions while db_aggregates_enabled is off, as Supabase does by default (PGRST123)', async () => {
    await setAggregates(null);
    for (const select of ['amount.sum()', 'status,count()', 'amount.avg()::int', 'n:amount.max()']) {
      const { error, status } = await anon.from('rest_orders').select(select);
      expect(status).toBe(400);
      expect(error).toEqual({ code: 'PGRST123', details: null, hint: null, message: 'Use of aggregate functions is not allowed' });
    }
  });

  it('computes count(), sum(), avg(), min() and max() over the filtered rows once enabled', async () => {
    await setAggregates('true');
    const all = await anon.from('rest_orders').select('count()');
    expect(all.error).toBeNull();
    expect(all.data).toEqual([{ count: 5 }]);
    const stats = await anon.from('rest_orders').select('amount.sum(),amount.avg(),amount.min(),amount.max()').eq('status', 'done');
    expect(stats.error).toBeNull();
    expect(stats.data).toEqual([{ sum: 33, avg: 11, min: 5, max: 20.25 }]);
  });

  it('renames aggregates and casts the column before and the result after', async () => {
    const { data, error } = await anon
      .from('rest_orders')
      .select('total:amount.sum(),rounded:amount::int.sum(),avg_int:amount.avg()::int,tax:details->tax::numeric.sum(),n:id.count()');
    expect(error).toBeNull();
    expect(data).toEqual([{ total: 143.5, rounded: 144, avg_int: 29, tax: 14, n: 5 }]);
  });

  it('groups by the other selected columns', async () => {
    const { data, error } = await anon.from('rest_orders').select('status,count(),total:amount.sum()').order('status');
    expect(error).toBeNull();
    expect(data).toEqual([
      { status: 'done', count: 3, total: 33 },
      { status: 'open', count: 2, total: 110.5 },
    ]);
    const byDay = await anon.from('rest_orders').select('order_date,status,count()').order('order_date').order('status');
    expect(byDay.data).toEqual([
      { order_date: '2026-01-01', status: 'done', count: 1 },
      { order_date: '2026-01-01', status: 'open', count: 1 },
      { order_date: '2026-01-02', status: 'done', count: 2 },
      { order_date: '2026-01-03', status: 'open', count: 1 },
    ]);
  });

  it('aggregates inside embedded resources, per parent row', async () => {
    const { data, error } = await anon.from('rest_customers').select('name,rest_orders(total:amount.sum(),count())').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Agg Alpha', rest_orders: [{ total: 130.75, count: 3 }] },
      { name: 'Agg Beta', rest_orders: [{ total: 5, count: 1 }] },
      { name: 'Agg Gamma', rest_orders: [{ total: 7.75, count: 1 }] },
    ]);
    const grouped = await anon.from('rest_customers').select('name,rest_orders(status,count())').eq('id', 1).order('status', { referencedTable: 'rest_orders' }).single();
    expect(grouped.error).toBeNull();
    expect(grouped.data).toEqual({ name: 'Agg Alpha', rest_orders: [{ status: 'done', count: 1 }, { status: 'open', count: 2 }] });
    const related = await anon.from('rest_customers').select('name,rest_orders(count)').eq('id', 1).single();
    expect(related.data).toEqual({ name: 'Agg Alpha', rest_orders: [{ count: 3 }] });
  });

  it('groups by an embedded to-one resource and by the columns of a to-one spread', async () => {
    const embedded = await anon.from('rest_orders').select('amount.sum(),rest_customers(city)');
    expect(embedded.error).toBeNull();
    expect(byKey(embedded.data as unknown as Array<{ sum: number; rest_customers: { city: string } }>, 'sum')).toEqual([
      { sum: 135.75, rest_customers: { city: 'Oslo' } },
      { sum: 7.75, rest_customers: { city: 'Rome' } },
    ]);
    const spread = await anon.from('rest_orders').select('amount.sum(),...rest_customers(city)');
    expect(spread.error).toBeNull();
    expect(byKey(spread.data as unknown as Array<{ sum: number; city: string }>, 'city')).toEqual([
      { sum: 135.75, city: 'Oslo' },
      { sum: 7.75, city: 'Rome' },
    ]);
  });

  it('groups by a spread column with aggregates on both sides, ordered by the spread column', async () => {
    const { data, error } = await anon.from('rest_orders').select('total:amount.sum(),...rest_customers(city,customers:id.count())').order('rest_customers(city)', { ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([
      { total: 7.75, city: 'Rome', customers: 1 },
      { total: 135.75, city: 'Oslo', customers: 4 },
    ]);
    const only = await anon.from('rest_orders').select('...rest_customers(n:id.count())');
    expect(only.data).toEqual([{ n: 5 }]);
  });

  it('aggregates the representation of written rows', async () => {
    const tag = unique('agg-write');
    const { data, error } = await db
      .from('rest_items')
      .insert([
        { sku: `${tag}-1`, name: tag, qty: 2 },
        { sku: `${tag}-2`, name: tag, qty: 3 },
      ])
      .select('name,n:count(),total:qty.sum()');
    expect(error).toBeNull();
    expect(data).toEqual([{ name: tag, n: 2, total: 5 }]);
  });

  it('hoists the aggregates of a to-one spread to the top level', async () => {
    const { data, error } = await anon.from('rest_orders').select('order_date,...rest_customers(customers:id.count(),last:name.max())').order('order_date');
    expect(error).toBeNull();
    expect(data).toEqual([
      { order_date: '2026-01-01', customers: 2, last: 'Agg Alpha' },
      { order_date: '2026-01-02', customers: 2, last: 'Agg Gamma' },
      { order_date: '2026-01-03', customers: 1, last: 'Agg Alpha' },
    ]);
  });
});
