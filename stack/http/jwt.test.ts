import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { createJwtService, JwtError } from './jwt.ts';

const SECRET = 'a-test-secret-that-is-at-least-32-characters';

async function sign(payload: Record<string, unknown>, secret = SECRET): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
}

async function failure(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof JwtError) return e.failure;
    throw e;
  }
  return 'none';
}

describe('JwtService', () => {
  it('verifies, and answers a repeated token from its cache with the same claims', async () => {
    const jwt = createJwtService(SECRET);
    const token = await sign({ sub: 'u1', role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 60 });
    expect(await jwt.verify(token)).toMatchObject({ sub: 'u1' });
    expect(await jwt.verify(token)).toMatchObject({ sub: 'u1' });
  });

  it('refuses a cached token once it has expired', async () => {
    // Only the clock is faked: the signature checks stay real promises. A real clock made the test
    // flaky: a token signed with exp one second ahead could already be expired at its first check.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-28T12:00:00.000Z'));
      const jwt = createJwtService(SECRET);
      const token = await sign({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 60 });
      expect(await jwt.verify(token)).toMatchObject({ sub: 'u1' });
      vi.setSystemTime(new Date('2026-11-28T12:01:00.000Z'));
      expect(await failure(jwt.verify(token))).toBe('expired');
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses other secrets, other algorithms and malformed tokens, and never caches a refusal', async () => {
    const jwt = createJwtService(SECRET);
    const forged = await sign({ sub: 'u1' }, 'another-secret-that-is-at-least-32-characters');
    expect(await failure(jwt.verify(forged))).toBe('invalid_signature');
    expect(await failure(jwt.verify(forged))).toBe('invalid_signature');
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"u1"}').toString('base64url')}.`;
    expect(await failure(jwt.verify(none))).toBe('unsupported_alg');
    expect(await failure(jwt.verify('not-a-jwt'))).toBe('malformed');
  });
});
