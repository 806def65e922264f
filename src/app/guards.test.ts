import { describe, expect, it } from 'vitest';
import type { AppUser } from '../lib/profile';
import {
  dashboardRoot,
  guestOnly,
  isReservedSegment,
  isTenantless,
  panelArea,
  panelHomeOf,
  requireSession,
  rootPath,
  screenAudience,
  shouldRejectTenantless,
  tenantSlugToVerify,
  verifyLink,
  type SessionView,
} from './guards';

function userOf(panel: 'admin' | 'dispatcher' | 'driver' | 'customer' | null, slug: string | null = 'acme'): AppUser {
  return {
    id: 'u1',
    email: 'someone@acme.test',
    profile: {
      tenant_id: slug ? `${slug}-id` : null,
      panel_type: panel,
      roles: panel ? [panel] : [],
      first_name: 'Ada',
      last_name: 'Lovelace',
      full_name: 'Ada Lovelace',
      user_type: 'individual',
      status: 'active',
      avatar_url: null,
      language: null,
    },
    tenant: slug ? { id: `${slug}-id`, slug, name: { en: slug } } : null,
  };
}

const loading: SessionView = { status: 'loading', user: null };
const guest: SessionView = { status: 'unauthenticated', user: null };
const signedIn = (user: AppUser): SessionView => ({ status: 'authenticated', user });
const orphan: AppUser = { id: 'o', email: 'orphan@acme.test', profile: null, tenant: null };

describe('panelHomeOf and isTenantless', () => {
  it('is /{slug}/{panel} for a placed user', () => {
    expect(panelHomeOf(userOf('dispatcher'))).toBe('/acme/dispatcher');
    expect(panelHomeOf(userOf('customer', 'globex'))).toBe('/globex/customer');
  });

  it.each([
    ['no profile', orphan],
    ['no tenant', userOf('admin', null)],
    ['no panel type', userOf(null)],
    ['a deactivated profile', { ...userOf('driver'), profile: { ...userOf('driver').profile!, status: 'inactive' } }],
    ['a suspended profile', { ...userOf('admin'), profile: { ...userOf('admin').profile!, status: 'suspended' } }],
  ])('has no home with %s', (_label, user) => {
    expect(isTenantless(user)).toBe(true);
    expect(panelHomeOf(user)).toBeNull();
  });
});

describe('guestOnly', () => {
  it('waits while the session loads', () => expect(guestOnly(loading)).toEqual({ kind: 'wait' }));
  it('shows the page to guests', () => expect(guestOnly(guest)).toEqual({ kind: 'render' }));
  it('sends a signed-in user to their panel', () => {
    expect(guestOnly(signedIn(userOf('driver', 'globex')))).toEqual({ kind: 'redirect', to: '/globex/driver' });
  });
  it('holds a tenant-less user while they are signed out', () => expect(guestOnly(signedIn(orphan))).toEqual({ kind: 'wait' }));
});

describe('rootPath', () => {
  it('sends guests to sign-in', () => expect(rootPath(guest)).toEqual({ kind: 'redirect', to: '/sign-in' }));
  it('sends a signed-in user to their panel', () => {
    expect(rootPath(signedIn(userOf('admin')))).toEqual({ kind: 'redirect', to: '/acme/admin' });
  });
  it('waits while loading', () => expect(rootPath(loading)).toEqual({ kind: 'wait' }));
});

describe('requireSession', () => {
  it('sends guests to the root path', () => expect(requireSession(guest)).toEqual({ kind: 'redirect', to: '/' }));
  it('waits while loading', () => expect(requireSession(loading)).toEqual({ kind: 'wait' }));
  it('renders for a placed user', () => expect(requireSession(signedIn(userOf('customer')))).toEqual({ kind: 'render' }));
  it('renders nothing for a tenant-less user', () => expect(requireSession(signedIn(orphan))).toEqual({ kind: 'wait' }));
});

describe('panelArea', () => {
  const panels = ['admin', 'dispatcher', 'driver', 'customer'] as const;

  it.each(panels.flatMap((role) => panels.map((area) => [role, area] as const)))('a %s on the %s area', (role, area) => {
    expect(panelArea(signedIn(userOf(role)), 'acme', area)).toEqual(role === area ? { kind: 'render' } : { kind: 'forbidden' });
  });

  it("refuses another tenant's area, even for the same panel", () => {
    expect(panelArea(signedIn(userOf('admin')), 'globex', 'admin')).toEqual({ kind: 'forbidden' });
  });

  it('sends guests to the root path', () => expect(panelArea(guest, 'acme', 'admin')).toEqual({ kind: 'redirect', to: '/' }));
  it('waits for a tenant-less user', () => expect(panelArea(signedIn(orphan), 'acme', 'admin')).toEqual({ kind: 'wait' }));
});

describe('dashboardRoot', () => {
  it('sends the user to their panel from /dashboard', () => {
    expect(dashboardRoot(signedIn(userOf('driver')), null)).toEqual({ kind: 'redirect', to: '/acme/driver' });
  });
  it('sends the user to their panel from their own tenant root', () => {
    expect(dashboardRoot(signedIn(userOf('admin')), 'acme')).toEqual({ kind: 'redirect', to: '/acme/admin' });
  });
  it("refuses another tenant's root", () => {
    expect(dashboardRoot(signedIn(userOf('admin')), 'globex')).toEqual({ kind: 'forbidden' });
  });
  it('sends guests to the root path', () => expect(dashboardRoot(guest, null)).toEqual({ kind: 'redirect', to: '/' }));
});

describe('shouldRejectTenantless', () => {
  it('signs a tenant-less user out anywhere but update-password', () => {
    expect(shouldRejectTenantless(signedIn(orphan), '/sign-in')).toBe(true);
    expect(shouldRejectTenantless(signedIn(orphan), '/acme/admin')).toBe(true);
    expect(shouldRejectTenantless(signedIn(orphan), '/update-password')).toBe(false);
  });
  it('leaves placed users, guests and loading sessions alone', () => {
    expect(shouldRejectTenantless(signedIn(userOf('admin')), '/sign-in')).toBe(false);
    expect(shouldRejectTenantless(guest, '/sign-in')).toBe(false);
    expect(shouldRejectTenantless(loading, '/sign-in')).toBe(false);
  });
});

describe('tenantSlugToVerify', () => {
  it.each(['/', '', '/sign-in', '/reset-password', '/update-password', '/verify', '/tracking', '/businesses', '/blank', '/error/404', '/dashboard'])(
    'verifies nothing on %j',
    (pathname) => expect(tenantSlugToVerify(pathname)).toBeNull(),
  );

  it.each([
    ['/acme', 'acme'],
    ['/acme/admin', 'acme'],
    ['/globex/sign-up', 'globex'],
    ['/no/such/page', 'no'],
    ['/sign-in-please', 'sign-in-please'],
    ['/caf%C3%A9/admin', 'café'],
    ['/%E0%A4%A', '%E0%A4%A'],
  ])('verifies the first segment of %j', (pathname, slug) => expect(tenantSlugToVerify(pathname)).toBe(slug));
});

describe('verifyLink', () => {
  it('shows the problem of a failed link, whatever the session', () => {
    expect(verifyLink(signedIn(userOf('customer')), true)).toEqual({ kind: 'render' });
    expect(verifyLink(loading, true)).toEqual({ kind: 'render' });
  });
  it('waits for the session from the link', () => expect(verifyLink(loading, false)).toEqual({ kind: 'wait' }));
  it('sends the verified user to their panel', () => {
    expect(verifyLink(signedIn(userOf('customer', 'globex')), false)).toEqual({ kind: 'redirect', to: '/globex/customer' });
  });
  it('explains a link that signed nobody in', () => expect(verifyLink(guest, false)).toEqual({ kind: 'render' }));
  it('holds a tenant-less user while they are signed out', () => expect(verifyLink(signedIn(orphan), false)).toEqual({ kind: 'wait' }));
});

describe('isReservedSegment', () => {
  it('knows the app segments', () => {
    expect(isReservedSegment('businesses')).toBe(true);
    expect(isReservedSegment('acme')).toBe(false);
  });
});

describe('warehouse people in the dispatcher panel', () => {
  const picker: AppUser = { ...userOf('dispatcher'), profile: { ...userOf('dispatcher').profile!, roles: ['warehouse_staff'] } };
  const dispatcher = userOf('dispatcher');
  const staffOnly = { staff: true, liaison: false };
  const liaison = { staff: true, liaison: true };
  const none = { staff: false, liaison: false };

  it('sends a warehouse person home to the warehouse section, a dispatcher to the board', () => {
    expect(panelHomeOf(picker)).toBe('/acme/dispatcher/floor');
    expect(panelHomeOf(dispatcher)).toBe('/acme/dispatcher');
  });

  it('refuses the board to warehouse-only people, not to a liaison nor a dispatcher', () => {
    expect(screenAudience(picker, undefined, staffOnly)).toEqual({ kind: 'forbidden' });
    expect(screenAudience(picker, 'board', staffOnly)).toEqual({ kind: 'forbidden' });
    expect(screenAudience(picker, undefined, liaison)).toEqual({ kind: 'render' });
    expect(screenAudience(dispatcher, undefined, null)).toEqual({ kind: 'render' });
  });

  it('opens the section to people with an active staff row only', () => {
    expect(screenAudience(picker, 'floor', staffOnly)).toEqual({ kind: 'render' });
    expect(screenAudience(dispatcher, 'floor', liaison)).toEqual({ kind: 'render' });
    expect(screenAudience(dispatcher, 'floor', none)).toEqual({ kind: 'forbidden' });
    expect(screenAudience(picker, 'floor', null)).toEqual({ kind: 'wait' });
  });

  it("leaves 'everyone' screens and other panels alone", () => {
    expect(screenAudience(picker, 'everyone', null)).toEqual({ kind: 'render' });
    expect(screenAudience(userOf('admin'), 'floor', null)).toEqual({ kind: 'render' });
  });
});
