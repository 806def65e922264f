// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type AuthCallback = (event: string, session: { user: { id: string; email: string } } | null) => void;
type Answer = { data: unknown; error: { message: string } | null; status: number };

const auth = vi.hoisted(() => ({ callback: null as AuthCallback | null }));
const maybeSingle = vi.hoisted(() => vi.fn<() => Promise<Answer>>());
const clearSnapshots = vi.hoisted(() => vi.fn(async () => {}));

vi.mock('./supabase', () => ({
  AUTH_STORAGE_KEY: 'sb-test-auth-token',
  supabase: {
    auth: {
      onAuthStateChange: (callback: AuthCallback) => {
        auth.callback = callback;
        return { data: { subscription: { unsubscribe: () => {} } } };
      },
      getSession: async () => ({ data: { session: null }, error: null }),
      signOut: async () => ({ error: null }),
    },
    from: () => ({ select: () => ({ eq: () => ({ retry: () => ({ maybeSingle }) }) }) }),
  },
}));
vi.mock('./account-live', () => ({ watchAccount: () => () => {} }));
vi.mock('./device-snapshots', () => ({ clearSnapshots }));

const { SessionProvider, useSession } = await import('./session');
const { rememberProfile, rememberedProfile } = await import('./profile-memory');

const ELENA = { id: 'u-elena', email: 'elena@acme.example' };
const ROW = { tenant_id: 't1', panel_type: 'driver', roles: ['driver'], first_name: 'Elena', last_name: 'Petrova', full_name: 'Elena Petrova', tenant: { id: 't1', slug: 'acme', name: { en: 'Acme' } } };
const NO_ANSWER: Answer = { data: null, error: { message: 'TypeError: Failed to fetch' }, status: 0 };

function Probe() {
  const session = useSession();
  return (
    <p data-testid="probe">
      {session.status}|{session.user?.profile?.full_name ?? '-'}|{session.fromDevice ? 'device' : 'server'}|{session.unreachable ? 'unreachable' : '-'}
    </p>
  );
}

async function start(event: string, session: { user: typeof ELENA } | null) {
  render(
    <SessionProvider>
      <Probe />
    </SessionProvider>,
  );
  await act(async () => auth.callback?.(event, session));
}

const probe = () => screen.getByTestId('probe').textContent;

describe('SessionProvider without a connection', () => {
  beforeEach(() => {
    window.localStorage.clear();
    maybeSingle.mockReset();
    clearSnapshots.mockClear();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('remembers the profile it read, for that user', async () => {
    maybeSingle.mockResolvedValue({ data: ROW, error: null, status: 200 });
    await start('INITIAL_SESSION', { user: ELENA });
    await vi.waitFor(() => expect(probe()).toBe('authenticated|Elena Petrova|server|-'));
    expect(rememberedProfile(ELENA.id)).toEqual(ROW);
    expect(rememberedProfile('someone-else')).toBeUndefined();
  });

  it('opens on the remembered profile when the read gets no answer, and reads it again when the connection returns', async () => {
    rememberProfile(ELENA.id, ROW);
    maybeSingle.mockResolvedValue(NO_ANSWER);
    await start('INITIAL_SESSION', { user: ELENA });
    await vi.waitFor(() => expect(probe()).toBe('authenticated|Elena Petrova|device|-'));

    maybeSingle.mockResolvedValue({ data: { ...ROW, full_name: 'Elena P.' }, error: null, status: 200 });
    await act(async () => window.dispatchEvent(new Event('online')));
    await vi.waitFor(() => expect(probe()).toBe('authenticated|Elena P.|server|-'));
  });

  it('does not use another user’s remembered profile', async () => {
    rememberProfile('u-omar', { ...ROW, full_name: 'Omar' });
    vi.useFakeTimers();
    maybeSingle.mockResolvedValue(NO_ANSWER);
    await start('INITIAL_SESSION', { user: ELENA });
    expect(probe()).toBe('loading|-|server|-');
  });

  it('with nothing remembered, says it is offline after a few tries instead of starting over', async () => {
    vi.useFakeTimers();
    window.localStorage.setItem('sb-test-auth-token', JSON.stringify({ refresh_token: 'r', user: ELENA }));
    maybeSingle.mockResolvedValue(NO_ANSWER);
    await start('INITIAL_SESSION', { user: ELENA });
    expect(probe()).toBe('loading|-|server|-');
    await act(async () => vi.advanceTimersByTimeAsync(1000 + 2000 + 4000));
    expect(probe()).toBe('loading|-|server|unreachable');
    expect(maybeSingle).toHaveBeenCalledTimes(4);
    // supabase-js's stored session is still there.
    expect(window.localStorage.getItem('sb-test-auth-token')).not.toBeNull();
    // It keeps asking (the 'online' event does not always come), and opens once answered.
    maybeSingle.mockResolvedValue({ data: ROW, error: null, status: 200 });
    await act(async () => vi.advanceTimersByTimeAsync(10_000));
    expect(probe()).toBe('authenticated|Elena Petrova|server|-');
  });

  it('keeps the driver signed in when supabase-js could not refresh an expired token offline (no session, but one kept in storage)', async () => {
    window.localStorage.setItem('sb-test-auth-token', JSON.stringify({ access_token: 'expired', refresh_token: 'r', expires_at: 1, user: ELENA }));
    rememberProfile(ELENA.id, ROW);
    maybeSingle.mockResolvedValue(NO_ANSWER);
    await start('INITIAL_SESSION', null);
    await vi.waitFor(() => expect(probe()).toBe('authenticated|Elena Petrova|device|-'));
    // No read goes out without her token (it would find no profile and sign her out as tenantless).
    expect(maybeSingle).not.toHaveBeenCalled();
    // supabase-js refreshes once back online: the profile is read with the new token.
    maybeSingle.mockResolvedValue({ data: { ...ROW, full_name: 'Elena P.' }, error: null, status: 200 });
    await act(async () => auth.callback?.('TOKEN_REFRESHED', { user: ELENA }));
    await vi.waitFor(() => expect(probe()).toBe('authenticated|Elena P.|server|-'));
  });

  it('a refusal still starts over: the stored state goes', async () => {
    rememberProfile(ELENA.id, ROW);
    window.localStorage.setItem('sb-test-auth-token', JSON.stringify({ refresh_token: 'r', user: ELENA }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    maybeSingle.mockResolvedValue({ data: null, error: { message: 'JWT expired' }, status: 401 });
    await start('INITIAL_SESSION', { user: ELENA });
    await vi.waitFor(() => expect(window.localStorage.length).toBe(0));
    expect(probe()).not.toMatch(/^authenticated/);
  });

  it('forgets what it kept for the user at sign-out', async () => {
    maybeSingle.mockResolvedValue({ data: ROW, error: null, status: 200 });
    await start('INITIAL_SESSION', { user: ELENA });
    await vi.waitFor(() => expect(probe()).toBe('authenticated|Elena Petrova|server|-'));
    await act(async () => auth.callback?.('SIGNED_OUT', null));
    expect(probe()).toBe('unauthenticated|-|server|-');
    expect(rememberedProfile(ELENA.id)).toBeUndefined();
    expect(clearSnapshots).toHaveBeenCalled();
  });
});
