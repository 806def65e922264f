// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GeocodedPlace, Geocoder, PlaceSuggestion } from '../../lib/geocoding';
import { deferred, type Deferred } from '../../test/deferred';
import { PlaceSearch } from './PlaceSearch';

afterEach(cleanup);

const place = (label: string): GeocodedPlace => ({ lng: 1, lat: 2, label, fields: { city: label } });

/** A geocoder whose answers the test settles, each request's signal kept. */
function controlledGeocoder() {
  const searches = new Map<string, { answer: Deferred<PlaceSuggestion[]>; signal: AbortSignal | undefined }>();
  const details = new Map<string, { answer: Deferred<GeocodedPlace | null>; signal: AbortSignal | undefined }>();
  const geocoder: Geocoder = {
    provider: 'offline',
    knowsStreets: false,
    prepare: () => undefined,
    reverse: async () => null,
    search: (query, options) => {
      const answer = deferred<PlaceSuggestion[]>();
      searches.set(query, { answer, signal: options?.signal });
      return answer.promise;
    },
    details: (suggestion, options) => {
      const answer = deferred<GeocodedPlace | null>();
      details.set(suggestion.id, { answer, signal: options?.signal });
      return answer.promise;
    },
  };
  return { geocoder, searches, details };
}

const type = (text: string) => fireEvent.change(screen.getByRole('combobox'), { target: { value: text } });

describe('PlaceSearch', () => {
  it('shows the suggestions of the words typed last when an earlier search answers after them', async () => {
    const { geocoder, searches } = controlledGeocoder();
    render(<PlaceSearch geocoder={geocoder} onPlace={vi.fn()} debounceMs={0} />);
    type('Par');
    await vi.waitFor(() => expect(searches.has('Par')).toBe(true));
    type('Paris');
    await vi.waitFor(() => expect(searches.has('Paris')).toBe(true));
    expect(searches.get('Par')?.signal?.aborted).toBe(true);
    await act(async () => searches.get('Paris')!.answer.resolve([{ id: 'paris', label: 'Paris' }]));
    await act(async () => searches.get('Par')!.answer.resolve([{ id: 'parma', label: 'Parma' }]));
    expect(screen.getByRole('option', { name: 'Paris' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Parma' })).not.toBeInTheDocument();
  });

  it('sends nothing for words replaced within the typing pause', async () => {
    const { geocoder, searches } = controlledGeocoder();
    render(<PlaceSearch geocoder={geocoder} onPlace={vi.fn()} debounceMs={50} />);
    type('Ma');
    type('Madrid');
    expect(screen.getByText('Searching…')).toBeInTheDocument();
    await vi.waitFor(() => expect(searches.has('Madrid')).toBe(true));
    expect(searches.has('Ma')).toBe(false);
  });

  it('takes the place of the suggestion chosen last when an earlier choice answers after it', async () => {
    const { geocoder, searches, details } = controlledGeocoder();
    const onPlace = vi.fn<(found: GeocodedPlace) => void>();
    render(<PlaceSearch geocoder={geocoder} onPlace={onPlace} debounceMs={0} />);
    type('Sa');
    await vi.waitFor(() => expect(searches.has('Sa')).toBe(true));
    await act(async () =>
      searches.get('Sa')!.answer.resolve([
        { id: 'salamanca', label: 'Salamanca' },
        { id: 'sevilla', label: 'Sevilla' },
      ]),
    );
    await userEvent.click(screen.getByRole('option', { name: 'Salamanca' }));
    type('Sev');
    await vi.waitFor(() => expect(searches.has('Sev')).toBe(true));
    await act(async () => searches.get('Sev')!.answer.resolve([{ id: 'sevilla', label: 'Sevilla' }]));
    await userEvent.click(screen.getByRole('option', { name: 'Sevilla' }));
    await vi.waitFor(() => expect(details.has('sevilla')).toBe(true));
    expect(details.get('salamanca')?.signal?.aborted).toBe(true);
    await act(async () => details.get('sevilla')!.answer.resolve(place('Sevilla')));
    await act(async () => details.get('salamanca')!.answer.resolve(place('Salamanca')));
    expect(onPlace.mock.calls.map(([found]) => found.label)).toEqual(['Sevilla']);
  });

  it('says a failed search with Retry, which searches again', async () => {
    const { geocoder, searches } = controlledGeocoder();
    render(<PlaceSearch geocoder={geocoder} onPlace={vi.fn()} debounceMs={0} />);
    type('Lyon');
    await vi.waitFor(() => expect(searches.has('Lyon')).toBe(true));
    await act(async () => searches.get('Lyon')!.answer.reject(new Error('offline')));
    expect(screen.getByText('Search failed')).toBeInTheDocument();
    const first = searches.get('Lyon');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => expect(searches.get('Lyon')).not.toBe(first));
    await act(async () => searches.get('Lyon')!.answer.resolve([{ id: 'lyon', label: 'Lyon' }]));
    expect(screen.getByRole('option', { name: 'Lyon' })).toBeInTheDocument();
  });
});
