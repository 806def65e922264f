import { dispatcherPaths, panelPath, ROOT_PATH, SIGN_IN_PATH, UPDATE_PASSWORD_PATH, type PanelType } from '../lib/paths';
import type { AppUser } from '../lib/profile';
import type { ScreenAudience } from '../lib/screens';

/** What a guard needs to know of the session. */
export interface SessionView {
  status: 'loading' | 'authenticated' | 'unauthenticated';
  user: AppUser | null;
}

/**
 * What a guarded route shows: a loading screen while the session settles (or while a tenant-less
 * user is being signed out), the page, a redirect, or the permission-denied page.
 */
export type GuardDecision = { kind: 'wait' } | { kind: 'render' } | { kind: 'redirect'; to: string } | { kind: 'forbidden' };

const WAIT: GuardDecision = { kind: 'wait' };
const RENDER: GuardDecision = { kind: 'render' };
const FORBIDDEN: GuardDecision = { kind: 'forbidden' };
const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to });

export const TENANTLESS_MESSAGE = 'You are not associated with any tanent. Please contact your administrator.';

/**
 * A user without a tenant or a panel type cannot be placed anywhere; nor can one an
 * admin deactivated (or who has not accepted their invitation): the database gives them nothing of
 * the tenant, so the app signs them out with the same message.
 */
export function isTenantless(user: AppUser): boolean {
  return !user.profile || !user.tenant || !user.profile.tenant_id || !user.profile.panel_type || user.profile.status !== 'active';
}

/**
 * A warehouse person by their roles: of the dispatcher panel with the warehouse_staff role and
 * without the dispatcher role. Their home is the warehouse section; whether the board is theirs too
 * depends on a dispatcher liaison row (isWarehouseOnly).
 */
export function isWarehousePerson(user: AppUser): boolean {
  const profile = user.profile;
  return profile?.panel_type === 'dispatcher' && profile.roles.includes('warehouse_staff') && !profile.roles.includes('dispatcher');
}

/** What the dispatcher panel knows of the person's own warehouse staff rows. */
export interface FloorStanding {
  /** An active staff row in some warehouse: the warehouse section is theirs. */
  staff: boolean;
  /** An active dispatcher liaison row: the board is theirs as well. */
  liaison: boolean;
}

/**
 * Warehouse-only: a warehouse person (isWarehousePerson) with no active dispatcher liaison row.
 * The database refuses them the board's data (private.current_panel_type answers 'warehouse'); the
 * app hides the board's screens from them.
 */
export function isWarehouseOnly(user: AppUser, standing: FloorStanding): boolean {
  return isWarehousePerson(user) && !standing.liaison;
}

/** The user's own panel, /{tenant slug}/{panel type} (a warehouse person's: their section); null for a tenant-less user. */
export function panelHomeOf(user: AppUser): string | null {
  if (isTenantless(user) || !user.tenant || !user.profile?.panel_type) return null;
  const panel = panelPath(user.tenant.slug, user.profile.panel_type);
  return isWarehousePerson(user) ? `${panel}${dispatcherPaths.floor()}` : panel;
}

/**
 * A screen of the dispatcher panel for this person (after panelArea let them in): 'board' screens
 * are refused to warehouse-only people, 'floor' screens need an active staff row, 'everyone' is the
 * whole panel. Null standing: the staff rows are still loading.
 */
export function screenAudience(user: AppUser | null, audience: ScreenAudience | undefined, standing: FloorStanding | null): GuardDecision {
  if (!user || user.profile?.panel_type !== 'dispatcher' || audience === 'everyone') return RENDER;
  // The board's screens need no look-up for someone who is not a warehouse person.
  if (audience !== 'floor' && !isWarehousePerson(user)) return RENDER;
  if (!standing) return WAIT;
  if (audience === 'floor') return standing.staff ? RENDER : FORBIDDEN;
  return isWarehouseOnly(user, standing) ? FORBIDDEN : RENDER;
}

/** Whether the tenant-less check signs this session out here; update-password is exempt. */
export function shouldRejectTenantless(session: SessionView, pathname: string): boolean {
  return session.status === 'authenticated' && session.user !== null && isTenantless(session.user) && pathname !== UPDATE_PASSWORD_PATH;
}

/** Guest-only pages (sign-in, sign-up): an authenticated visitor goes to their panel. */
export function guestOnly(session: SessionView): GuardDecision {
  if (session.status === 'loading') return WAIT;
  if (session.status === 'unauthenticated' || !session.user) return RENDER;
  const home = panelHomeOf(session.user);
  return home ? redirect(home) : WAIT;
}

/** '/' is a guest page that sends guests on to sign-in. */
export function rootPath(session: SessionView): GuardDecision {
  const decision = guestOnly(session);
  return decision.kind === 'render' ? redirect(SIGN_IN_PATH) : decision;
}

/** Protected routes: an unauthenticated visitor goes to '/', which sends guests to sign-in. */
export function requireSession(session: SessionView): GuardDecision {
  if (session.status === 'loading') return WAIT;
  if (session.status === 'unauthenticated' || !session.user) return redirect(ROOT_PATH);
  return isTenantless(session.user) ? WAIT : RENDER;
}

/** A panel area, /{slug}/{panel}: only the users of that tenant with that panel type. */
export function panelArea(session: SessionView, slug: string, panel: PanelType): GuardDecision {
  const base = requireSession(session);
  if (base.kind !== 'render' || !session.user) return base;
  const { tenant, profile } = session.user;
  return tenant?.slug === slug && profile?.panel_type === panel ? RENDER : FORBIDDEN;
}

/** /dashboard, /{slug} and /{slug}/dashboard: the dashboard root becomes the user's panel. */
export function dashboardRoot(session: SessionView, slug: string | null): GuardDecision {
  const base = requireSession(session);
  if (base.kind !== 'render' || !session.user) return base;
  if (slug !== null && session.user.tenant?.slug !== slug) return FORBIDDEN;
  const home = panelHomeOf(session.user);
  return home ? redirect(home) : WAIT;
}

/**
 * First path segments that are not tenant slugs: the spec's excluded paths plus the app's own
 * top-level routes (a tenant cannot take these slugs: the database refuses them).
 */
const UNVERIFIED_SEGMENTS = new Set([
  'sign-in',
  'reset-password',
  'update-password',
  'verify',
  'tracking',
  'businesses',
  'blank',
  'error',
  'dashboard',
]);

/** The tenant slug that domain verification must confirm for this path, or null when there is none. */
export function tenantSlugToVerify(pathname: string): string | null {
  const segment = pathname.split('/').find((part) => part !== '');
  if (!segment) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(segment);
  } catch {
    slug = segment;
  }
  return UNVERIFIED_SEGMENTS.has(slug) ? null : slug;
}

/** Whether a first path segment belongs to the app rather than to a tenant. */
export function isReservedSegment(segment: string): boolean {
  return UNVERIFIED_SEGMENTS.has(segment);
}

/**
 * /verify: a link that failed shows its problem; otherwise, once the session from the link has
 * arrived, the user goes to their panel; with no session the page explains the link did not work.
 */
export function verifyLink(session: SessionView, linkHasProblem: boolean): GuardDecision {
  if (linkHasProblem) return RENDER;
  if (session.status === 'loading') return WAIT;
  if (session.status === 'unauthenticated' || !session.user) return RENDER;
  const home = panelHomeOf(session.user);
  return home ? redirect(home) : WAIT;
}
