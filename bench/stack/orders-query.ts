import type { SupabaseClient } from '@supabase/supabase-js';
import type { Queryable } from '../../stack/db/database.ts';

/** The page the app's list screens ask for: 25 open orders, newest first, with their customer and the total. */
export const PAGE_SIZE = 25;
export const STATUS = 'open';

export interface OrderRow {
  id: number;
  code: string;
  amount: number;
  status: string;
  customer: { id: number; name: string } | null;
}

export interface OrdersPage {
  rows: OrderRow[];
  total: number;
}

/** The benchmarked request, exactly as a feature's api.ts would write it. */
export async function selectOrdersPage(supabase: SupabaseClient): Promise<OrdersPage> {
  const { data, count, error } = await supabase
    .from('bench_orders')
    .select('id, code, amount, status, customer:bench_customers(id, name)', { count: 'exact' })
    .eq('status', STATUS)
    .order('created_at', { ascending: false })
    .range(0, PAGE_SIZE - 1);
  if (error) throw new Error(`stack answered ${error.code ? `${error.code}: ` : ''}${error.message}`);
  if (count === null) throw new Error('stack answered without an exact count (Content-Range)');
  return { rows: data as unknown as OrderRow[], total: count };
}

/**
 * The floor: the statement PostgREST generates for that request (a CTE for the page with the embed
 * as a lateral subquery, one for the count, the body built as JSON in SQL), sent straight to the
 * driver. The body comes back as text and is parsed in JS, as the client parses the HTTP body, so
 * both sides pay for the same JSON.
 */
const FLOOR_SQL = `
with pgrst_source as (
  select o.id, o.code, o.amount, o.status, row_to_json(c.*) as customer
  from public.bench_orders o
  left join lateral (
    select c.id, c.name from public.bench_customers c where c.id = o.customer_id
  ) c on true
  where o.status = $1
  order by o.created_at desc
  limit $2 offset 0
),
pgrst_source_count as (
  select 1 from public.bench_orders o where o.status = $1
)
select
  (select count(*) from pgrst_source_count)::int as total,
  coalesce(json_agg(s), '[]')::text as body
from pgrst_source s`;

/** `last`: inside db.asRole, the transaction's only statement, as the stack marks a table read (it commits with it). */
export async function selectOrdersPageDirect(db: Queryable, options?: { last: boolean }): Promise<OrdersPage> {
  const { rows } = await db.query<{ total: number; body: string }>(FLOOR_SQL, [STATUS, PAGE_SIZE], options);
  return { rows: JSON.parse(rows[0].body) as OrderRow[], total: rows[0].total };
}

/** Where two answers differ, in one line, or null when they are the same page. */
export function differences(expected: OrdersPage, actual: OrdersPage): string | null {
  if (expected.total !== actual.total) return `count ${actual.total}, expected ${expected.total}`;
  if (expected.rows.length !== actual.rows.length) return `${actual.rows.length} rows, expected ${expected.rows.length}`;
  for (let i = 0; i < expected.rows.length; i++) {
    const want = JSON.stringify(canonical(expected.rows[i]));
    const got = JSON.stringify(canonical(actual.rows[i]));
    if (want !== got) return `row ${i} is ${got}, expected ${want}`;
  }
  return null;
}

/** Key order is not part of a JSON object's meaning. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}
