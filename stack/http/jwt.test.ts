import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
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
    const jwt = createJwtService(SECRET);
    const token = await sign({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 1 });
    await jwt.verify(token);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await failure(jwt.verify(token))).toBe('expired');
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
