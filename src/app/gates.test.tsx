// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { deferred, type Deferred } from '../test/deferred';
import type { DomainOutcome } from './domain-verification';

const answers = new Map<string, Deferred<{ status: DomainOutcome }>>();
vi.mock('../features/tenants/api', () => ({
  verifyTenantDomain: vi.fn((slug: string) => {
    const answer = deferred<{ status: DomainOutcome }>();
    answers.set(slug, answer);
    return answer.promise;
  }),
}));
vi.mock('../features/brand/BrandProvider', () => ({ BrandProvider: ({ children }: { children: unknown }) => children }));
vi.mock('../lib/session', () => ({ useSession: () => ({ status: 'signed-out', user: null, unreachable: false }) }));

const { DomainGate } = await import('./gates');

afterEach(() => {
  cleanup();
  answers.clear();
  vi.unstubAllGlobals();
});

/** The gate at `path`, guarding a paragraph 'inside'; the location, to move on. */
function renderGate(path: string) {
  const location = memoryLocation({ path });
  render(
    <Router hook={location.hook}>
      <DomainGate>
        <p>inside</p>
      </DomainGate>
    </Router>,
  );
  return location;
}

describe('DomainGate', () => {
  it('drops the verdict on a business the visitor has left: a late "unknown" does not start over', async () => {
    const leave = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace: leave });
    const location = renderGate('/first-co/sign-in');
    expect(answers.has('first-co')).toBe(true);
    act(() => location.navigate('/second-co/sign-in'));
    expect(answers.has('second-co')).toBe(true);
    await act(async () => answers.get('second-co')!.resolve({ status: 'verified' }));
    expect(await screen.findByText('inside')).toBeInTheDocument();
    await act(async () => answers.get('first-co')!.resolve({ status: 'unknown' }));
    expect(leave).not.toHaveBeenCalled();
    expect(screen.getByText('inside')).toBeInTheDocument();
  });

  it('shows the problem for the slug in view, not a superseded one', async () => {
    const location = renderGate('/slow-co/sign-in');
    act(() => location.navigate('/fast-co/sign-in'));
    await act(async () => answers.get('slow-co')!.resolve({ status: 'error' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(async () => answers.get('fast-co')!.resolve({ status: 'error' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
