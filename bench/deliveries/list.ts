import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { searchTerm } from '../../src/lib/search-filter.ts';

/**
 * The deliveries list request, built as src/features/deliveries/api.ts `listDeliveries` builds it:
 * the delivery_rows view with LIST_COLUMNS, tenant_id, the search as the ids search_delivery_ids
 * answers (looked up first), status in (...), kind, service, zone (pickup or drop-off),
 * driver, a created_at range in days, order created_at desc then id desc, range 0..24, and the
 * count the app asks for. That module builds the app's browser client when imported (import.meta.env,
 * window), so it cannot run in Node: the builder is mirrored here, and LIST_COLUMNS is read from its
 * source so the columns cannot drift.
 */

const API_SOURCE = fileURLToPath(new URL('../../src/features/deliveries/api.ts', import.meta.url));

export function listColumns(): string {
  const src = readFileSync(API_SOURCE, 'utf8');
  const m = /export const LIST_COLUMNS\s*=\s*((?:\s*'[^']*'\s*\+?)+);/.exec(src);
  if (!m) throw new Error('LIST_COLUMNS not found in src/features/deliveries/api.ts');
  return [...m[1].matchAll(/'([^']*)'/g)].map((x) => x[1]).join('');
}

/** The count the app sends, read from the same source ('estimated' when this was written). */
export function appCount(): CountMode {
  const src = readFileSync(API_SOURCE, 'utf8');
  const m = /from\('delivery_rows'\)\.select\(LIST_COLUMNS, \{ count: '(exact|planned|estimated)' \}\)/.exec(src);
  return (m?.[1] as CountMode | undefined) ?? 'estimated';
}

export type CountMode = 'exact' | 'planned' | 'estimated';

export interface ListFilters {
  q?: string;
  status?: string[];
  kind?: string;
  service_id?: string;
  zone_id?: string;
  driver_id?: string;
  created_from?: string;
  created_to?: string;
}

export interface Shape {
  name: string;
  filters: ListFilters;
}

export const PAGE_SIZE = 25;

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00`);
  date.setDate(date.getDate() + 1);
  return date.toISOString();
}

/** The app's first step of a search: the ids search_delivery_ids answers (an id that is none when nothing matches). */
export async function searchIds(client: SupabaseClient, q: string | undefined): Promise<string[]> {
  const term = searchTerm(q ?? '');
  if (!term) return [];
  const { data, error } = await client.rpc('search_delivery_ids', { term });
  if (error) throw new Error(`search ids: ${error.message}`);
  const ids = (data ?? []) as string[];
  return ids.length > 0 ? ids : ['00000000-0000-0000-0000-000000000000'];
}

/** The request itself (not awaited), so the caller may add .explain() to it. */
export function listRequest(client: SupabaseClient, columns: string, tenantId: string, f: ListFilters, count: CountMode, ids: readonly string[] = []) {
  let query = client.from('delivery_rows').select(columns, { count }).eq('tenant_id', tenantId);
  if (searchTerm(f.q ?? '')) query = query.in('id', [...ids]);
  if (f.status && f.status.length > 0) query = query.in('status', f.status);
  if (f.kind) query = query.eq('kind', f.kind);
  if (f.service_id) query = query.eq('service_id', f.service_id);
  if (f.zone_id) query = query.or(`pickup_zone_id.eq.${f.zone_id},dropoff_zone_id.eq.${f.zone_id}`);
  if (f.driver_id) query = query.eq('driver_id', f.driver_id);
  if (f.created_from) query = query.gte('created_at', new Date(`${f.created_from}T00:00:00`).toISOString());
  if (f.created_to) query = query.lt('created_at', nextDay(f.created_to));
  // The app reads one row past the page (pageWithPlannedTotal in src/lib/list-state.ts).
  return query.order('created_at', { ascending: false }).order('id', { ascending: false }).range(0, PAGE_SIZE);
}

function day(offsetDays: number): string {
  const d = new Date(Date.now() - offsetDays * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The filter combinations a dispatcher uses, from the widest to the narrowest. */
export function shapes(p: { serviceId: string; zoneId: string; driverId: string; codeTerm: string; referenceTerm: string }): Shape[] {
  const open = ['pending', 'assigned', 'accepted', 'picked_up', 'in_transit'];
  return [
    { name: 'newest, no filter', filters: {} },
    { name: 'status: the 5 open ones', filters: { status: open } },
    { name: 'status delivered+failed, last 7 days', filters: { status: ['delivered', 'failed'], created_from: day(7), created_to: day(0) } },
    { name: 'kind + service', filters: { kind: 'pickup', service_id: p.serviceId } },
    { name: 'zone (pickup or drop-off)', filters: { zone_id: p.zoneId } },
    { name: 'driver', filters: { driver_id: p.driverId } },
    { name: 'one day, a month ago', filters: { created_from: day(30), created_to: day(30) } },
    { name: 'search: a code', filters: { q: p.codeTerm } },
    { name: 'search: a reference prefix', filters: { q: p.referenceTerm } },
    {
      name: 'status + kind + service + zone + driver + 30 days',
      filters: { status: ['delivered', 'failed', 'returned'], kind: 'delivery', service_id: p.serviceId, zone_id: p.zoneId, driver_id: p.driverId, created_from: day(30), created_to: day(0) },
    },
  ];
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Each scan of the plan: "Index Scan deliveries_tenant_id_created_at_idx", "Seq Scan deliveries", ... */
export function scans(plan: unknown): string[] {
  const out: string[] = [];
  const walk = (n: PlanNode) => {
    if (n['Index Name']) out.push(`${n['Node Type']} ${n['Index Name']}`);
    else if (n['Node Type'] === 'Seq Scan' && n['Relation Name']) out.push(`Seq Scan ${n['Relation Name']}`);
    for (const c of n.Plans ?? []) walk(c);
  };
  const root = (Array.isArray(plan) ? plan[0] : plan) as { Plan: PlanNode } | undefined;
  if (root?.Plan) walk(root.Plan);
  return [...new Set(out)];
}
