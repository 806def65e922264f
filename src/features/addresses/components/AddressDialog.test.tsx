// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GeocodedPlace, Geocoder } from '../../../lib/geocoding';
import type * as Geocoding from '../../../lib/geocoding';
import type { Deferred } from '../../../test/deferred';
import { ToastProvider } from '../../../ui/toast';
import { AddressDialog } from './AddressDialog';

/** The map's pick handler, so the test picks points as a click on the map would. */
const map = vi.hoisted(() => ({ onPick: null as ((lng: number, lat: number) => void) | null }));
/** Each reverse lookup's answer, settled by the test, and its signal. */
const lookups = vi.hoisted(() => [] as { at: [number, number]; answer: Deferred<GeocodedPlace | null>; signal: AbortSignal | undefined }[]);

vi.mock('../api', () => ({ createAddress: vi.fn(), updateAddress: vi.fn() }));
vi.mock('../../../lib/tenant-settings', () => ({ useTenantSettings: () => ({ status: 'loading' }) }));
vi.mock('../../../ui/map', async (original) => ({
  ...(await original<object>()),
  MapView: ({ onPick }: { onPick?: (lng: number, lat: number) => void }) => {
    map.onPick = onPick ?? null;
    return <div />;
  },
}));
vi.mock('../../../lib/geocoding', async (original) => {
  const real = await original<typeof Geocoding>();
  const { deferred: settleLater } = await import('../../../test/deferred');
  const geocoder: Geocoder = {
    provider: 'offline',
    knowsStreets: false,
    prepare: () => undefined,
    search: async () => [],
    details: async () => null,
    reverse: (lng, lat, options) => {
      const answer = settleLater<GeocodedPlace | null>();
      lookups.push({ at: [lng, lat], answer, signal: options?.signal });
      return answer.promise;
    },
  };
  return { ...real, geocoderFor: () => geocoder };
});

afterEach(() => {
  cleanup();
  lookups.length = 0;
});

const city = (name: string, lng: number, lat: number): GeocodedPlace => ({ lng, lat, label: name, fields: { city: name } });

describe('AddressDialog', () => {
  it('fills the form from the point picked last when an earlier pick answers after it', async () => {
    await act(async () => {
      render(
        <ToastProvider>
          <Suspense fallback="loading">
            <AddressDialog open onClose={() => undefined} owner={{ tenantId: 't', userId: 'u' }} address={null} onSaved={() => undefined} mapboxToken={null} />
          </Suspense>
        </ToastProvider>,
      );
    });
    await vi.waitFor(() => expect(map.onPick).not.toBeNull(), { timeout: 10_000 });
    act(() => map.onPick!(-5.66, 40.97));
    await vi.waitFor(() => expect(lookups).toHaveLength(1));
    act(() => map.onPick!(-2.93, 43.26));
    await vi.waitFor(() => expect(lookups).toHaveLength(2));
    expect(lookups[0]!.signal?.aborted).toBe(true);
    expect(screen.getByText('Looking up the address at this point…')).toBeInTheDocument();
    await act(async () => lookups[1]!.answer.resolve(city('Bilbao', -2.93, 43.26)));
    await act(async () => lookups[0]!.answer.resolve(city('Salamanca', -5.66, 40.97)));
    expect(screen.getByLabelText('City')).toHaveValue('Bilbao');
    expect(screen.getByLabelText('Latitude')).toHaveValue(43.26);
    expect(screen.queryByText('Looking up the address at this point…')).not.toBeInTheDocument();
  });
});
