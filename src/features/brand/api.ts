import { supabase } from '../../lib/supabase';
import { SYSTEM_BRAND_NAME, tenantBrandRowSchema, type BrandRecord } from './schema';

/** A tenant's brand from its public face (readable by anyone); null when no tenant has the slug. */
export async function fetchTenantBrand(slug: string): Promise<BrandRecord | null> {
  const { data, error } = await supabase.from('tenants').select('id, slug, name, logo_url, brand_settings').eq('slug', slug).maybeSingle();
  if (error) throw new Error(error.message);
  if (!data) return null;
  const row = tenantBrandRowSchema.parse(data);
  return {
    tenantId: row.id,
    slug: row.slug,
    name: row.name?.en?.trim() || row.slug,
    logoUrl: row.logo_url ?? null,
    settings: row.brand_settings ?? null,
  };
}

/** The system brand (system_settings 'brand'), for pages outside a tenant. */
export async function fetchSystemBrand(): Promise<BrandRecord> {
  const { data, error } = await supabase.from('system_settings').select('value').eq('key', 'brand').maybeSingle();
  if (error) throw new Error(error.message);
  const value: unknown = (data as { value?: unknown } | null)?.value ?? null;
  return { tenantId: null, slug: null, name: SYSTEM_BRAND_NAME, logoUrl: null, settings: value };
}

/** The tenant's stored brand, for the brand-settings screen (the public face: any member reads it). */
export async function fetchBrandSettings(tenantId: string): Promise<{ settings: unknown; logoUrl: { light?: string | null; dark?: string | null } | null }> {
  const { data, error } = await supabase.from('tenants').select('id, slug, name, logo_url, brand_settings').eq('id', tenantId).single();
  if (error) throw error;
  const row = tenantBrandRowSchema.parse(data);
  return { settings: row.brand_settings ?? {}, logoUrl: row.logo_url ?? null };
}

/** Stores the whole brand (admins only: the database refuses anyone else). Throws the PostgREST error as is. */
export async function saveBrandSettings(tenantId: string, brand: Record<string, unknown>): Promise<void> {
  const { error } = await supabase.rpc('save_tenant_brand', { p_tenant_id: tenantId, p_brand: brand as never });
  if (error) throw error;
}
