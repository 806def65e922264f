import type { ListState } from '../../lib/list-state';
import { fetchListPage } from '../../lib/query-results';
import { withSearch } from '../../lib/search-filter';
import { supabase } from '../../lib/supabase';
import type { FetchContext, ServerPage } from '../../lib/use-server-list';
import type { PackageHandoffFilters } from './list';
import { packageHandoffRowSchema, ROW_COLUMNS, signaturePath, type PackageHandoffRow } from './schema';

export const SIGNATURES_BUCKET = 'handoff-signatures';

/** One page of the handoffs the caller may read: search on staff, warehouse, delivery, pick order and notes; filters; sort; exact total. */
export async function listPackageHandoffs(tenantId: string, state: ListState<PackageHandoffFilters>, { signal }: FetchContext): Promise<ServerPage<PackageHandoffRow>> {
  let query = supabase.from('package_handoff_rows').select(ROW_COLUMNS, { count: 'exact' }).eq('tenant_id', tenantId);
  query = withSearch(query, ['staff_name', 'warehouse_code', 'warehouse_name', 'delivery_code', 'reference_number', 'notes'], state.q);
  if (state.filters.status) query = query.eq('status', state.filters.status);
  if (state.filters.warehouse) query = query.eq('warehouse_id', state.filters.warehouse);
  return fetchListPage(query, state, signal, packageHandoffRowSchema.array(), { idAscending: false, nullsFirst: false });
}

export interface HandoffWrite {
  warehouse_id?: string;
  delivery_id?: string;
  picking_order_id?: string;
  warehouse_staff_id?: string;
  signature_url?: string;
  notes?: string | null;
  status?: string;
}

/** Creates (id null) or updates a handoff; answers the server's message. The error as PostgREST gives it (the form places its details). */
export async function savePackageHandoff(id: string | null, handoff: HandoffWrite): Promise<string | null> {
  // The generated type takes a uuid; null creates.
  const { data, error } = await supabase.rpc('save_package_handoff', { package_handoff_id: id as string, handoff: handoff as never });
  if (error) throw error;
  const answer = data as { message?: unknown } | null;
  return typeof answer?.message === 'string' ? answer.message : null;
}

/** Uploads a drawn signature to the warehouse's folder of the private bucket; answers its path. */
export async function uploadSignature(tenantId: string, warehouseId: string, png: Blob): Promise<string> {
  const path = signaturePath(tenantId, warehouseId, crypto.randomUUID());
  const { error } = await supabase.storage.from(SIGNATURES_BUCKET).upload(path, png, { contentType: 'image/png', upsert: false });
  if (error) throw error;
  return path;
}

/** A short-lived URL of a stored signature (the bucket is private). */
export async function signatureUrl(path: string): Promise<string> {
  const { data, error } = await supabase.storage.from(SIGNATURES_BUCKET).createSignedUrl(path, 600);
  if (error) throw error;
  return data.signedUrl;
}
