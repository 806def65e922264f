import { z } from 'zod';
import { isLanguage, type Language } from './i18n/languages';
import { PANEL_TYPES, type PanelType } from './paths';

export interface AppProfile {
  tenant_id: string | null;
  panel_type: PanelType | null;
  roles: string[];
  first_name: string | null;
  last_name: string | null;
  full_name: string;
  user_type: 'business' | 'individual' | null;
  status: string | null;
  avatar_url: string | null;
  /** The language the user chose for themselves; null when they never did. */
  language: Language | null;
}

export interface AppTenant {
  id: string;
  slug: string;
  name: { en?: string };
}

export interface AppUser {
  id: string;
  email: string | null;
  profile: AppProfile | null;
  tenant: AppTenant | null;
}

/** The columns the session reads: the profile and, through its foreign key, the tenant's public face. */
export const PROFILE_SELECT =
  'tenant_id, panel_type, roles, first_name, last_name, full_name, user_type, status, avatar_url, language, tenant:tenants(id, slug, name)';

const nullableText = z.string().nullish().transform((value) => value ?? null);

const TenantRow = z.object({
  id: z.string(),
  slug: z.string(),
  name: z
    .object({ en: z.string().optional() })
    .nullish()
    .transform((name) => name ?? {}),
});

const ProfileRow = z.object({
  tenant_id: nullableText,
  // An unknown panel type is as good as none: the user cannot be placed in any panel.
  panel_type: z
    .string()
    .nullish()
    .transform((value) => ((PANEL_TYPES as readonly string[]).includes(value ?? '') ? (value as PanelType) : null)),
  roles: z
    .array(z.string())
    .nullish()
    .transform((roles) => roles ?? []),
  first_name: nullableText,
  last_name: nullableText,
  full_name: nullableText,
  user_type: z
    .enum(['business', 'individual'])
    .nullish()
    .catch(null)
    .transform((value) => value ?? null),
  status: nullableText,
  avatar_url: nullableText,
  // A row remembered on the device before the column existed, or a language the app no longer speaks: no choice.
  language: z
    .unknown()
    .optional()
    .transform((value) => (isLanguage(value) ? value : null)),
  // PostgREST answers a to-one embed with an object, or null when the foreign key is null.
  tenant: z.union([TenantRow, z.array(TenantRow).transform((rows) => rows[0] ?? null)]).nullish(),
});

/** The display name the database generates, rebuilt here for rows that lack it. */
export function displayName(first: string | null | undefined, last: string | null | undefined): string {
  const name = [first, last]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return name || 'Unnamed User';
}

/**
 * Reads the profile row of the signed-in user (null when the user has none). A row that does not
 * have the expected shape is an error, like a failed request.
 */
export function toAppUser(id: string, email: string | null, row: unknown): AppUser {
  if (row === null || row === undefined) return { id, email, profile: null, tenant: null };
  const parsed = ProfileRow.parse(row);
  const { tenant, ...rest } = parsed;
  const profile: AppProfile = { ...rest, full_name: rest.full_name ?? displayName(rest.first_name, rest.last_name) };
  return { id, email, profile, tenant: tenant ?? null };
}
