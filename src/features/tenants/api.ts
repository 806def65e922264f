import { FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';
import { edgeFunctionError } from '../../lib/edge-functions';
import { supabase } from '../../lib/supabase';
import { PublicTenantsResponseSchema, VerifyDomainResponseSchema, type PublicTenantsPage } from './schema';

const UNEXPECTED = 'Something went wrong!';

async function functionErrorMessage(error: unknown): Promise<string> {
  if (error instanceof FunctionsHttpError) {
    const body: unknown = await (error.context as Response).json().catch(() => null);
    const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
    if (typeof message === 'string' && message) return message;
  }
  return UNEXPECTED;
}

export type DomainVerification =
  | { status: 'verified'; tenantId: string }
  /** The function answered that no active business has this slug. */
  | { status: 'unknown'; message: string }
  /** An answer that says nothing about the slug: rate-limited, a server error, an unreadable body. */
  | { status: 'error'; message: string }
  /** No answer at all: offline, the server down, or a request cut short by leaving the page. */
  | { status: 'unreachable'; message: string };

/** GET public/verify-domain/{slug}: the tenant's id when the slug names an active business. */
export async function verifyTenantDomain(slug: string): Promise<DomainVerification> {
  const { data, error, response } = await supabase.functions.invoke(`public/verify-domain/${encodeURIComponent(slug)}`, { method: 'GET' });
  if (error) {
    const message = await functionErrorMessage(error);
    if (error instanceof FunctionsFetchError) return { status: 'unreachable', message };
    return error instanceof FunctionsHttpError && response?.status === 404 ? { status: 'unknown', message } : { status: 'error', message };
  }
  const parsed = VerifyDomainResponseSchema.safeParse(data);
  return parsed.success ? { status: 'verified', tenantId: parsed.data.data.tenantId } : { status: 'error', message: 'Invalid response from server' };
}

/** GET public/tenants: one page (1-based) of the businesses a visitor can join. */
export async function listPublicTenants(params: { search: string; page: number; limit: number }): Promise<PublicTenantsPage> {
  const query = new URLSearchParams({ search: params.search, page: String(params.page), limit: String(params.limit) });
  const { data, error } = await supabase.functions.invoke(`public/tenants?${query.toString()}`, { method: 'GET' });
  // Thrown with the function's key and params, so the page words the refusal in the visitor's language.
  if (error) throw await edgeFunctionError(error, UNEXPECTED);
  const parsed = PublicTenantsResponseSchema.safeParse(data);
  if (!parsed.success) throw new Error('Invalid response from server');
  return parsed.data;
}

/** The tenant's public brand settings (null when the tenant has none). */
export async function fetchTenantBrandSettings(slug: string): Promise<unknown> {
  const { data, error } = await supabase.from('tenants').select('brand_settings').eq('slug', slug).maybeSingle();
  if (error) throw new Error(error.message);
  return (data as { brand_settings?: unknown } | null)?.brand_settings ?? null;
}
