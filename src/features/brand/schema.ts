import { z } from 'zod';

/**
 * Brand settings as stored (tenants.brand_settings, system_settings 'brand').
 * Every part is optional and checked leniently here; brandTheme() decides what is usable, so one
 * bad value never throws away the rest of a tenant's brand.
 */
const text = z.string().trim().min(1).max(2048);

export const logoSchema = z.union([text, z.object({ light: text.optional().catch(undefined), dark: text.optional().catch(undefined) })]);

export const brandSettingsSchema = z.object({
  presets: z
    .array(z.object({ name: z.string(), palette: z.unknown() }))
    .optional()
    .catch(undefined),
  colors: z
    .object({
      primary: z.unknown(),
      secondary: z.unknown(),
      background: z.unknown(),
      cardBg: z.unknown(),
      text: z.unknown(),
      textLight: z.unknown(),
    })
    .partial()
    .optional()
    .catch(undefined),
  configurations: z
    .object({ font: z.unknown() })
    .partial()
    .optional()
    .catch(undefined),
  assets: z
    .object({ favicon: z.unknown(), logo: z.unknown() })
    .partial()
    .optional()
    .catch(undefined),
});

export type BrandSettings = z.infer<typeof brandSettingsSchema>;

/** The tenant row the brand is read from (its public face). */
export const tenantBrandRowSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z
    .object({ en: z.string().optional().catch(undefined) })
    .nullish()
    .catch(null),
  logo_url: z
    .object({ light: z.string().nullish().catch(null), dark: z.string().nullish().catch(null) })
    .nullish()
    .catch(null),
  brand_settings: z.unknown(),
});

export type TenantBrandRow = z.infer<typeof tenantBrandRowSchema>;

/** What the app keeps of a brand, in memory and in the local-storage cache. */
export const brandRecordSchema = z.object({
  /** null for the system brand (pages outside a tenant). */
  tenantId: z.string().nullable(),
  slug: z.string().nullable(),
  name: z.string(),
  /** tenants.logo_url, used when the brand settings carry no logo. */
  logoUrl: z.object({ light: z.string().nullish(), dark: z.string().nullish() }).nullable(),
  settings: z.unknown(),
});

export type BrandRecord = z.infer<typeof brandRecordSchema>;

export const SYSTEM_BRAND_NAME = 'Waypost';
