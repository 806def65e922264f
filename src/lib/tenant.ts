import { useSession } from './session';
import type { AppUser } from './profile';

/** The tenant a signed-in user works in: their profile's, else the tenant their session resolved. */
export function tenantIdOf(user: AppUser | null | undefined): string | null {
  return user?.profile?.tenant_id ?? user?.tenant?.id ?? null;
}

/** The current user's tenant id, or null while signed out or for a user of no tenant. */
export function useTenantId(): string | null {
  const { user } = useSession();
  return tenantIdOf(user);
}
