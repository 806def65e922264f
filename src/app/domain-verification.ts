/** What the server said about a slug: a business, no business, nothing usable (a server error), or no answer at all (offline). */
export type DomainOutcome = 'verified' | 'unknown' | 'error' | 'unreachable';

export type VerifyDomain = (slug: string) => Promise<DomainOutcome>;

export interface DomainVerifier {
  /** Whether the slug was already confirmed in this page's lifetime. */
  isVerified(slug: string): boolean;
  /** Confirms the slug once: concurrent calls share one request; only a confirmation is remembered, so a later visit asks again. */
  verify(slug: string): Promise<DomainOutcome>;
}

export function createDomainVerifier(check: VerifyDomain): DomainVerifier {
  const confirmed = new Set<string>();
  const pending = new Map<string, Promise<DomainOutcome>>();
  return {
    isVerified: (slug) => confirmed.has(slug),
    verify(slug) {
      if (confirmed.has(slug)) return Promise.resolve('verified');
      const inFlight = pending.get(slug);
      if (inFlight) return inFlight;
      const request = check(slug)
        .catch((): DomainOutcome => 'error')
        .then((outcome) => {
          pending.delete(slug);
          if (outcome === 'verified') confirmed.add(slug);
          return outcome;
        });
      pending.set(slug, request);
      return request;
    },
  };
}
