import { createClient } from '@supabase/supabase-js';
import type { Caller, LabelDeps, LabelItem } from './handler.ts';

/**
 * inventory-labels' dependencies on the platform: the caller resolved with auth.getUser and their
 * own profile; items read and the outcome written with the service role (API roles may not write
 * the label's columns), the PDF stored in the private bucket with it too.
 */
export interface PlatformEnv {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  appUrl: string;
}

export const LABELS_BUCKET = 'inventory-labels';
const CLIENT_OPTIONS = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };
const ITEM_COLUMNS = 'id, tenant_id, name, sku, barcode, label_status, label_url, label_error, tenants!inner(slug)';

type ItemRow = Omit<LabelItem, 'tenant_slug'> & { tenants: { slug: string } | { slug: string }[] };

function asItem(row: ItemRow): LabelItem {
  const { tenants, ...rest } = row;
  const tenant = Array.isArray(tenants) ? tenants[0] : tenants;
  return { ...rest, tenant_slug: tenant.slug };
}

export function platformDeps(env: PlatformEnv): Omit<LabelDeps, 'log'> {
  const anon = createClient(env.url, env.anonKey, CLIENT_OPTIONS);
  const service = createClient(env.url, env.serviceRoleKey, CLIENT_OPTIONS);
  return {
    appUrl: env.appUrl,
    async resolveCaller(accessToken: string): Promise<Caller | null> {
      if (accessToken === env.serviceRoleKey) return { kind: 'service' };
      const { data, error } = await anon.auth.getUser(accessToken);
      if (error || !data.user) return null;
      const { data: profile, error: profileError } = await service
        .from('profiles')
        .select('tenant_id, status, panel_type')
        .eq('id', data.user.id)
        .maybeSingle();
      if (profileError) throw profileError;
      const active = profile !== null && profile.status === 'active';
      return {
        kind: 'user',
        userId: data.user.id,
        tenantId: active ? (profile.tenant_id as string) : null,
        admin: active && profile.panel_type === 'admin',
      };
    },
    async findItem(itemId, tenantId) {
      let query = service.from('inventory_items').select(ITEM_COLUMNS).eq('id', itemId);
      if (tenantId !== null) query = query.eq('tenant_id', tenantId);
      const { data, error } = await query.maybeSingle();
      if (error) throw error;
      return data ? asItem(data as unknown as ItemRow) : null;
    },
    async pendingItems(before, limit) {
      const { data, error } = await service
        .from('inventory_items')
        .select(ITEM_COLUMNS)
        .eq('label_status', 'pending')
        .lt('updated_at', before.toISOString())
        .order('updated_at', { ascending: true })
        .limit(limit);
      if (error) throw error;
      return (data as unknown as ItemRow[]).map(asItem);
    },
    async storeLabel(path, bytes) {
      const { error } = await service.storage.from(LABELS_BUCKET).upload(path, bytes, { contentType: 'application/pdf', upsert: true });
      if (error) throw error;
    },
    async finishLabel(item, outcome) {
      const patch = outcome.status === 'success'
        ? { label_status: 'success', label_url: outcome.path, label_error: null }
        : { label_status: 'failed', label_url: null, label_error: outcome.error };
      let query = service.from('inventory_items').update(patch)
        .eq('id', item.id).eq('label_status', 'pending').eq('name', item.name).eq('sku', item.sku);
      query = item.barcode === null ? query.is('barcode', null) : query.eq('barcode', item.barcode);
      const { data, error } = await query.select('id');
      if (error) throw error;
      return (data ?? []).length > 0;
    },
  };
}
