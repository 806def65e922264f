import { z } from 'zod';

/** The business picker shows 25 businesses per page. */
export const BUSINESS_PAGE_SIZE = 25;
/** The business picker's search waits 500 ms after the last keystroke. */
export const BUSINESS_SEARCH_DEBOUNCE_MS = 500;

const LocalizedText = z
  .object({ en: z.string().nullish() })
  .partial()
  .nullish()
  .catch(null);

export const PublicTenantSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: LocalizedText,
  logo_url: z
    .object({ light: z.string().nullish(), dark: z.string().nullish() })
    .partial()
    .nullish()
    .catch(null),
  contact_info: z
    .object({ phone: z.string().nullish(), email: z.string().nullish(), address: z.string().nullish() })
    .partial()
    .nullish()
    .catch(null),
});

export type PublicTenant = z.infer<typeof PublicTenantSchema>;

export const PublicTenantsResponseSchema = z.object({
  tenants: z.array(PublicTenantSchema),
  total: z.number().int().nonnegative(),
});

export type PublicTenantsPage = z.infer<typeof PublicTenantsResponseSchema>;

export const VerifyDomainResponseSchema = z.object({ data: z.object({ tenantId: z.string() }) });

/** A business's display name: its English name, else its slug. */
export function tenantDisplayName(tenant: Pick<PublicTenant, 'slug' | 'name'>): string {
  return tenant.name?.en?.trim() || tenant.slug;
}

/** The number of pages for a total; pagination shows only when there is more than one. */
export function pageCount(total: number, pageSize: number = BUSINESS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The page query parameter: a positive integer, 1 otherwise. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
