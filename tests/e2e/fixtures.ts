import { randomInt, randomUUID } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { DEFAULT_ANON_KEY, DEFAULT_SERVICE_ROLE_KEY } from '../../stack/keys.ts';

export { expect };

export const PASSWORD = 'Waypost!2026';
export const PANELS = ['admin', 'dispatcher', 'driver', 'customer'] as const;
export type Panel = (typeof PANELS)[number];

export const TENANTLESS_MESSAGE = 'You are not associated with any tanent. Please contact your administrator.';
export const FORBIDDEN_TITLE = 'Permission denied';
export const FORBIDDEN_TEXT = 'You do not have permission to access this page.';

/**
 * Every test looks like its own client to the `public` function's per-client rate limit (60 a
 * minute), as distinct visitors would: the whole suite comes from one address otherwise.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });
  },
});

/** A name no other test or run uses. */
export function unique(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in and waits for the panel the user lands on. */
export async function signInTo(page: Page, email: string, panelUrl: string): Promise<void> {
  await signIn(page, email);
  await expect(page).toHaveURL(new RegExp(`${panelUrl}$`));
}

/**
 * A user signed in once per worker through the sign-in page, whose stored session every later test
 * of the file reuses (the stack rate-limits sign-ins per client address, as Supabase does).
 * `open` is the file's beforeEach: the first test signs in, the others restore the session.
 */
export function workerSession(email: string, panelUrl: string) {
  let saved: { name: string; value: string }[] | null = null;
  const restore = (context: BrowserContext) =>
    context.addInitScript((entries: { name: string; value: string }[]) => {
      const storage = (globalThis as unknown as { localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void } }).localStorage;
      for (const { name, value } of entries) if (storage.getItem(name) === null) storage.setItem(name, value);
    }, saved ?? []);
  const home = async (page: Page) => {
    await page.goto(panelUrl);
    await expect(page).toHaveURL(new RegExp(`${panelUrl}$`));
  };
  /** Signs the page in: the worker's first test through the sign-in page (it lands on the panel), later ones by restoring the session (no page is loaded). */
  const enter = async (page: Page): Promise<'signed-in' | 'restored'> => {
    if (saved) {
      await restore(page.context());
      return 'restored';
    }
    await signInTo(page, email, panelUrl);
    const origin = new URL(page.url()).origin;
    saved = (await page.context().storageState()).origins.find((o) => o.origin === origin)?.localStorage ?? [];
    return 'signed-in';
  };
  return {
    /** Signed in and on the panel's home. */
    async open(page: Page): Promise<void> {
      if ((await enter(page)) === 'restored') await home(page);
    },
    /**
     * Signed in, for a test whose first step opens a page of its own: a restored session loads
     * nothing, so the panel's home (the dispatcher's whole live board) is not loaded only to be left.
     */
    enter: async (page: Page): Promise<void> => {
      await enter(page);
    },
    /** Opens the panel's home (after `enter`). */
    home,
    /** Puts the stored session into another browser context (a second window of the same user). */
    restore,
    /** The stored session's access token, for calls to the API as this user. */
    accessToken(): string {
      const entry = (saved ?? []).find(({ name }) => name.startsWith('sb-') && name.endsWith('-auth-token'));
      expect(entry, 'a stored session').toBeTruthy();
      return (JSON.parse(entry!.value) as { access_token: string }).access_token;
    },
  };
}

export function expectForbidden(page: Page) {
  return Promise.all([
    expect(page.getByRole('heading', { name: FORBIDDEN_TITLE })).toBeVisible(),
    expect(page.getByText(FORBIDDEN_TEXT)).toBeVisible(),
  ]);
}

/** Whether supabase-js holds a session in this page's storage. */
export async function storedSession(page: Page): Promise<boolean> {
  const { origins } = await page.context().storageState();
  return origins.some(({ localStorage }) => localStorage.some(({ name }) => name.startsWith('sb-') && name.endsWith('-auth-token')));
}

export interface Mail {
  subject: string;
  text: string;
  links: string[];
  created_at: string;
}

/** The newest mail to `to` with the subject, waiting for it (the stack's /mail API). */
export async function waitForMail(request: APIRequestContext, to: string, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/mail/api/messages?to=${encodeURIComponent(to)}`);
        const mails = (await res.json()) as Mail[];
        found = mails.find((mail) => mail.subject === subject);
        return Boolean(found);
      },
      { message: `a mail '${subject}' to ${to}`, timeout: 10_000 },
    )
    .toBe(true);
  return found as Mail;
}

/** The mailed link that goes through /auth/v1/verify. */
export function verifyLinkOf(mail: Mail): string {
  const link = mail.links.find((href) => href.includes('/auth/v1/verify'));
  if (!link) throw new Error(`no verify link in: ${mail.text}`);
  return link;
}

const serviceHeaders = {
  apikey: DEFAULT_SERVICE_ROLE_KEY,
  authorization: `Bearer ${DEFAULT_SERVICE_ROLE_KEY}`,
  'content-type': 'application/json',
};

/** A REST or auth admin call as the service role (the stack prints this key; it is the CLI's classic one). */
export async function asServiceRole(request: APIRequestContext, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, data?: unknown) {
  const res = await request.fetch(path, { method, headers: { ...serviceHeaders, prefer: 'return=representation' }, data });
  if (!res.ok()) throw new Error(`${method} ${path} answered ${res.status()}: ${await res.text()}`);
  const text = await res.text();
  return text ? (JSON.parse(text) as unknown) : null;
}

/**
 * A confirmed customer of a tenant, created as the auth admin would (the sign-up trigger makes the
 * profile); with no tenant, a user without a profile.
 */
export async function createCustomer(request: APIRequestContext, tenantSlug: string | null, email: string, password = PASSWORD): Promise<string> {
  const names = { first_name: 'Test', last_name: 'Customer', phone: '+15550100200' };
  const user = (await asServiceRole(request, 'POST', '/auth/v1/admin/users', {
    email,
    password,
    email_confirm: true,
    user_metadata: tenantSlug ? { tenant_slug: tenantSlug, ...names } : names,
  })) as { id: string };
  return user.id;
}

export async function deleteUser(request: APIRequestContext, id: string): Promise<void> {
  await asServiceRole(request, 'DELETE', `/auth/v1/admin/users/${id}`);
}

export async function deleteUserByEmail(request: APIRequestContext, email: string): Promise<void> {
  const rows = (await asServiceRole(request, 'GET', `/rest/v1/profiles?select=id&email=eq.${encodeURIComponent(email)}`)) as { id: string }[];
  for (const row of rows) await deleteUser(request, row.id);
}

export const ANON_KEY = DEFAULT_ANON_KEY;

/** A user's access token, signed in through the API (password grant). */
export async function tokenOf(request: APIRequestContext, email: string, password = PASSWORD): Promise<string> {
  const res = await request.post('/auth/v1/token?grant_type=password', { headers: { apikey: ANON_KEY, 'content-type': 'application/json' }, data: { email, password } });
  expect(res.ok(), `sign in ${email}`).toBe(true);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A REST POST (a row, an RPC) as that user; the answer's JSON, or null when it has no body. */
export async function asUser<T = unknown>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const res = await request.post(path, {
    headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json', prefer: 'return=representation' },
    data,
  });
  if (!res.ok()) throw new Error(`POST ${path} answered ${res.status()}: ${await res.text()}`);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}
