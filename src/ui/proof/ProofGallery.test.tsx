// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EdgeFunctionError } from '../../lib/edge-functions';
import { applyLanguage } from '../../lib/i18n/catalogue';
import { ProofGallery } from './ProofGallery';

afterEach(cleanup);

const images = [
  { key: 'sig', label: 'Signature', url: 'https://signed.test/sig.png', fileName: 'sig.png' },
  { key: 'p1', label: 'Photo 1', url: 'https://signed.test/p1.jpg', fileName: 'p1.jpg' },
];

describe('ProofGallery', () => {
  it('shows thumbnails; a failing one signs again once, then says it is not available', async () => {
    const load = vi.fn(async () => images);
    render(<ProofGallery label="Proof of delivery ACME-000001" loadKey="a" load={load} />);
    const list = await screen.findByRole('list', { name: 'Proof of delivery ACME-000001' });
    expect(within(list).getAllByRole('img')).toHaveLength(2);
    fireEvent.error(within(list).getByRole('img', { name: 'Photo 1' }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    fireEvent.error(within(await screen.findByRole('list', { name: 'Proof of delivery ACME-000001' })).getByRole('img', { name: 'Photo 1' }));
    expect(await screen.findByRole('img', { name: 'Photo 1: not available' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open signature' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('offers Retry when the links cannot be signed, and says when there is nothing', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce([]);
    render(<ProofGallery label="Proof" loadKey="b" load={load} />);
    expect(await screen.findByText('Could not load the proof files')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No signature or photos were taken.')).toBeInTheDocument();
  });

  it("says why when the server keyed its refusal (too many lookups), in the page's language", async () => {
    const limited = new EdgeFunctionError('Too many tracking lookups; try again in a minute', { status: 429, code: 'rate_limited', key: 'tracking.rate_limited' });
    const { unmount } = render(<ProofGallery label="Proof" loadKey="limited" load={() => Promise.reject(limited)} />);
    expect(await screen.findByText('Too many tracking lookups; try again in a minute')).toBeInTheDocument();
    unmount();
    await act(() => applyLanguage('fr'));
    try {
      await act(async () => {
        render(
          <Suspense fallback="loading">
            <ProofGallery label="Preuve" loadKey="limited-fr" load={() => Promise.reject(limited)} />
          </Suspense>,
        );
      });
      expect(await screen.findByText('Trop de consultations du suivi ; réessayez dans une minute')).toBeInTheDocument();
    } finally {
      await act(() => applyLanguage('en'));
    }
  });

  it('shows loading for new files, and the new files even when the old ones answer later', async () => {
    const answers = new Map<string, (value: typeof images) => void>();
    const load = (key: string) => () => new Promise<typeof images>((resolve) => answers.set(key, resolve));
    const { rerender } = render(<ProofGallery label="Proof" loadKey="old" load={load('old')} />);
    rerender(<ProofGallery label="Proof" loadKey="new" load={load('new')} />);
    expect(screen.getByRole('status', { name: 'Loading proof' })).toBeInTheDocument();
    await act(async () => answers.get('new')!([images[0]!]));
    await act(async () => answers.get('old')!(images));
    const list = screen.getByRole('list', { name: 'Proof' });
    expect(within(list).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Signature']);
  });

  it('opens a thumbnail in the document viewer', async () => {
    render(<ProofGallery label="Proof" loadKey="c" load={async () => images} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Open signature' }));
    const viewer = await screen.findByRole('dialog', { name: 'sig.png' });
    expect(within(viewer).getByRole('link', { name: 'Download' })).toHaveAttribute('href', 'https://signed.test/sig.png');
  });
});
