// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { EdgeFunctionError } from '../../../lib/edge-functions';
import { deferred, type Deferred } from '../../../test/deferred';
import type { PublicTenantsPage } from '../schema';

const reads = new Map<string, Deferred<PublicTenantsPage>>();
vi.mock('../api', () => ({
  listPublicTenants: vi.fn(({ search }: { search: string }) => {
    const read = deferred<PublicTenantsPage>();
    reads.set(search, read);
    return read.promise;
  }),
}));

const { BusinessPickerPage } = await import('./BusinessPickerPage');

afterEach(() => {
  cleanup();
  reads.clear();
});

const business = (slug: string, name: string): PublicTenantsPage => ({ tenants: [{ id: slug, slug, name: { en: name }, logo_url: null }], total: 1 } as PublicTenantsPage);

describe('BusinessPickerPage', () => {
  it('shows the answer for the search in the URL; a slower answer for the previous search is dropped', async () => {
    const location = memoryLocation({ path: '/businesses?q=slow' });
    render(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <BusinessPickerPage loadBrand={async () => undefined} />
      </Router>,
    );
    expect(reads.has('slow')).toBe(true);
    act(() => location.navigate('/businesses?q=fast'));
    expect(reads.has('fast')).toBe(true);
    await act(async () => reads.get('fast')!.resolve(business('fast-co', 'Fast Co')));
    expect(await screen.findByText('Fast Co')).toBeInTheDocument();
    await act(async () => reads.get('slow')!.resolve(business('slow-co', 'Slow Co')));
    expect(screen.queryByText('Slow Co')).not.toBeInTheDocument();
    expect(screen.getByText('Fast Co')).toBeInTheDocument();
  });

  it('reads loading for a new search rather than the last one’s failure', async () => {
    const location = memoryLocation({ path: '/businesses?q=first' });
    render(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <BusinessPickerPage loadBrand={async () => undefined} />
      </Router>,
    );
    const limited = new EdgeFunctionError('Too many requests: try again in 30 seconds', { status: 429, code: 'rate_limited', key: 'directory.rate_limited', params: { seconds: 30 } });
    await act(async () => reads.get('first')!.reject(limited));
    expect(await screen.findByText('Too many requests: try again in 30 seconds')).toBeInTheDocument();
    act(() => location.navigate('/businesses?q=second'));
    expect(screen.queryByText('Too many requests: try again in 30 seconds')).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading businesses' })).toBeInTheDocument();
  });

  it('words a failure the server did not key in its own words, never the raw error', async () => {
    const location = memoryLocation({ path: '/businesses?q=offline' });
    render(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <BusinessPickerPage loadBrand={async () => undefined} />
      </Router>,
    );
    await act(async () => reads.get('offline')!.reject(new Error('Failed to send a request to the Edge Function')));
    expect(await screen.findByText('Could not load the businesses.')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong!')).toBeInTheDocument();
    expect(screen.queryByText(/Edge Function/)).not.toBeInTheDocument();
  });
});
