import type { SupabaseClient } from '@supabase/supabase-js';
import { ilikeContains, type TenantListQuery } from './query.ts';

/** The public face of a tenant, as the business picker shows it: name, slug, logos and public contacts, nothing private. */
export interface TenantSummary {
  id: string;
  slug: string;
  name: { en?: string } & Record<string, unknown>;
  logo_url: { light?: string; dark?: string } | null;
  contact_info: { phone?: string; email?: string; address?: string } | null;
}

export interface TenantPage {
  tenants: TenantSummary[];
  total: number;
}

/** What the handler needs of the database; RLS and column grants decide what anon may see. */
export interface PublicTenants {
  findActiveTenantId(slug: string): Promise<string | null>;
  listActiveTenants(query: TenantListQuery): Promise<TenantPage>;
}

/** Only these columns ever leave the function. */
export const PUBLIC_COLUMNS = 'id, slug, name, logo_url, contact_info';

export class TenantsQueryError extends Error {}

export function supabaseTenants(client: SupabaseClient): PublicTenants {
  return {
    async findActiveTenantId(slug) {
      const { data, error } = await client.from('tenants').select('id').eq('slug', slug).eq('status', 'active').maybeSingle();
      if (error) throw new TenantsQueryError(error.message);
      return (data as { id: string } | null)?.id ?? null;
    },
    async listActiveTenants({ search, page, limit }) {
      const from = (page - 1) * limit;
      let query = client.from('tenants').select(PUBLIC_COLUMNS, { count: 'exact' }).eq('status', 'active');
      if (search) {
        const value = ilikeContains(search);
        query = query.or(`name->>en.ilike.${value},slug.ilike.${value}`);
      }
      const { data, error, count } = await query.order('name->>en', { ascending: true }).order('slug', { ascending: true }).range(from, from + limit - 1);
      // Past the last page PostgREST answers 416 (PGRST103); the page is simply empty.
      if (error && error.code !== 'PGRST103') throw new TenantsQueryError(error.message);
      const rows = (error ? [] : (data ?? [])) as unknown as TenantSummary[];
      const tenants = rows.map(({ id, slug, name, logo_url, contact_info }) => ({ id, slug, name, logo_url, contact_info }));
      return { tenants, total: count ?? (error ? await countActive(client, search) : tenants.length) };
    },
  };
}

async function countActive(client: SupabaseClient, search: string): Promise<number> {
  let query = client.from('tenants').select('id', { count: 'exact', head: true }).eq('status', 'active');
  if (search) {
    const value = ilikeContains(search);
    query = query.or(`name->>en.ilike.${value},slug.ilike.${value}`);
  }
  const { count, error } = await query;
  if (error) throw new TenantsQueryError(error.message);
  return count ?? 0;
}
