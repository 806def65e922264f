import { describe, expect, it, vi } from 'vitest';
import { createDomainVerifier, type DomainOutcome } from './domain-verification';

describe('createDomainVerifier', () => {
  it('asks once per slug and remembers a confirmed one', async () => {
    const check = vi.fn(async (slug: string): Promise<DomainOutcome> => (slug === 'acme' ? 'verified' : 'unknown'));
    const verifier = createDomainVerifier(check);
    expect(verifier.isVerified('acme')).toBe(false);
    const [first, second] = await Promise.all([verifier.verify('acme'), verifier.verify('acme')]);
    expect([first, second]).toEqual(['verified', 'verified']);
    expect(await verifier.verify('acme')).toBe('verified');
    expect(verifier.isVerified('acme')).toBe(true);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it.each(['unknown', 'error', 'unreachable'] as const)('does not remember an %s outcome', async (outcome) => {
    const check = vi.fn(async (): Promise<DomainOutcome> => outcome);
    const verifier = createDomainVerifier(check);
    expect(await verifier.verify('nope')).toBe(outcome);
    expect(await verifier.verify('nope')).toBe(outcome);
    expect(verifier.isVerified('nope')).toBe(false);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('treats a thrown check as an error, not as an unknown business', async () => {
    const verifier = createDomainVerifier(() => Promise.reject(new Error('offline')));
    expect(await verifier.verify('acme')).toBe('error');
  });
});
