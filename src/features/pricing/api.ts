import { toRange, type ListState } from '../../lib/list-state';
import { rowOrNull, parsedResult } from '../../lib/query-results';
import { withSearch } from '../../lib/search-filter';
import { supabase } from '../../lib/supabase';
import type { FetchContext, ServerPage } from '../../lib/use-server-list';
import type { PricingFilters } from './list';
import { pricingRowSchema, quoteSchema, type PricingFormOutput, type PricingRow, type Quote, type QuoteFormOutput } from './schema';

const ROW_COLUMNS =
  'id, tenant_id, origin_zone_id, origin_zone_name, origin_zone_code, destination_zone_id, destination_zone_name, destination_zone_code, service_id, service_name, service_code, active, base_price, per_unit_price, min_transit_time, max_transit_time, created_at, updated_at';

/** One page of the tenant's prices (search, status, origin and destination zone, and service), with the exact total. */
export async function listPricing(tenantId: string, state: ListState<PricingFilters>, { signal }: FetchContext): Promise<ServerPage<PricingRow>> {
  const { from, to } = toRange(state);
  let query = supabase.from('zone_pricing_rows').select(ROW_COLUMNS, { count: 'exact' }).eq('tenant_id', tenantId);
  query = withSearch(query, ['origin_zone_name', 'origin_zone_code', 'destination_zone_name', 'destination_zone_code', 'service_name', 'service_code'], state.q);
  const { status, origin_zone_id, destination_zone_id, service_id } = state.filters;
  if (status) query = query.eq('active', status === 'active');
  if (origin_zone_id) query = query.eq('origin_zone_id', origin_zone_id);
  if (destination_zone_id) query = query.eq('destination_zone_id', destination_zone_id);
  if (service_id) query = query.eq('service_id', service_id);
  if (state.sort) query = query.order(state.sort.column, { ascending: state.sort.direction === 'asc' });
  query = query.order('destination_zone_name', { ascending: true }).order('service_name', { ascending: true }).order('id', { ascending: true });
  const { data, count, error } = await query.range(from, to).abortSignal(signal);
  if (error) throw error;
  return { rows: pricingRowSchema.array().parse(data), total: count ?? 0 };
}

export async function getPricing(tenantId: string, id: string): Promise<PricingRow | null> {
  return rowOrNull(await supabase.from('zone_pricing_rows').select(ROW_COLUMNS).eq('tenant_id', tenantId).eq('id', id).maybeSingle(), pricingRowSchema);
}

export async function createPricing(tenantId: string, values: PricingFormOutput): Promise<void> {
  const { error } = await supabase.from('zone_pricing').insert({ ...values, tenant_id: tenantId });
  if (error) throw error;
}

export async function updatePricing(tenantId: string, id: string, values: PricingFormOutput): Promise<void> {
  const { error } = await supabase.from('zone_pricing').update(values).eq('tenant_id', tenantId).eq('id', id);
  if (error) throw error;
}

export async function deletePricing(tenantId: string, id: string): Promise<void> {
  const { error } = await supabase.from('zone_pricing').delete().eq('tenant_id', tenantId).eq('id', id);
  if (error) throw error;
}

/** Prices a shipment; a route that cannot be priced throws the database's {field, message} details. */
export async function requestQuote(values: QuoteFormOutput): Promise<Quote> {
  return parsedResult(await supabase.rpc('quote', values), quoteSchema);
}

export interface ZoneOutline {
  id: string;
  name: string;
  color: string;
  polygon: GeoJSON.Polygon;
}

/** The active zones' outlines, drawn under the quote's points. */
export async function listActiveZoneOutlines(tenantId: string, signal: AbortSignal): Promise<ZoneOutline[]> {
  const { data, error } = await supabase.from('zones').select('id, name, color, polygon').eq('tenant_id', tenantId).eq('active', true).limit(1000).abortSignal(signal);
  if (error) throw error;
  return data.map((z) => ({ id: z.id, name: z.name, color: z.color, polygon: z.polygon as unknown as GeoJSON.Polygon }));
}
