import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { anonClient, api, serviceClient, stack } from './clients.ts';

/** A token with the right shape and claims whose signature the platform cannot have made. */
async function forgedToken(): Promise<string> {
  return new SignJWT({ role: 'service_role', iss: 'supabase-demo' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('not-the-project-secret-not-the-project-secret'));
}

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('edge functions: verify_jwt', () => {
  it('refuses a call without Authorization', async () => {
    const res = await api('/functions/v1/echo', { method: 'POST', key: null });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'Missing authorization header' });
  });

  it('refuses a token with a bad signature', async () => {
    const res = await api('/functions/v1/echo', { method: 'POST', headers: { authorization: `Bearer ${await forgedToken()}` } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'Invalid JWT' });
  });

  it('refuses an expired token', async () => {
    const secretless = await new SignJWT({ role: 'anon' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode('super-secret-jwt-token-with-at-least-32-characters-long'));
    const res = await api('/functions/v1/echo', { headers: { authorization: `Bearer ${secretless}` } });
    expect(res.status).toBe(401);
  });

  it('refuses alg none and garbage tokens', async () => {
    const none = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ role: 'service_role' })}.`;
    for (const authorization of [`Bearer ${none}`, 'Bearer not-a-jwt', `Basic ${stack.anonKey}`, 'Bearer']) {
      const res = await api('/functions/v1/echo', { headers: { authorization } });
      expect(res.status, authorization).toBe(401);
      expect(await res.json()).toHaveProperty('message');
    }
  });

  it('accepts the anon key, the service role key, and reports a refusal to supabase-js as an HTTP error', async () => {
    expect((await anonClient().functions.invoke('echo')).error).toBeNull();
    expect((await serviceClient().functions.invoke('echo')).error).toBeNull();
    const res = await api('/functions/v1/echo', { headers: { authorization: `Bearer ${await forgedToken()}` } });
    expect(res.status).toBe(401);
  });

  it('lets anyone call a function with verify_jwt = false', async () => {
    const res = await api('/functions/v1/public-hello', { key: null });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('hello, public');
  });
});

describe('edge functions: names', () => {
  it('answers 404 for an unknown function', async () => {
    const { error, response } = await anonClient().functions.invoke('no-such-function');
    expect(error).not.toBeNull();
    expect(response?.status).toBe(404);
  });

  it.each(['/functions/v1/_shared', '/functions/v1/_shared/cors.ts', '/functions/v1/..', '/functions/v1/%2e%2e/%2e%2e/etc/passwd', '/functions/v1/ech%6f', '/functions/v1/', '/functions/v1/echo.ts'])(
    'never serves %s as a function',
    async (path) => {
      const res = await api(path);
      expect([400, 404]).toContain(res.status);
    },
  );
});
