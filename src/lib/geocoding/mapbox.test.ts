import { describe, expect, it, vi } from 'vitest';
import reverseBody from './fixtures/mapbox-reverse.json';
import retrieveBody from './fixtures/mapbox-retrieve.json';
import suggestBody from './fixtures/mapbox-suggest.json';
import unauthorizedBody from './fixtures/mapbox-unauthorized.json';
import { createMapboxGeocoder, MAPBOX_SEARCH_URL } from './mapbox';
import { GeocodingError } from './types';

/** Recorded Search Box API answers by path; every request URL is kept for the assertions. */
function recorded(answers: Record<string, { status?: number; body: unknown }>) {
  const urls: URL[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    urls.push(url);
    const path = url.pathname.replace('/search/searchbox/v1', '');
    const key = Object.keys(answers).find((prefix) => path.startsWith(prefix));
    const answer = key ? answers[key] : undefined;
    if (!answer) return new Response('{}', { status: 404 });
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, urls };
}

let sessions = 0;
const newSessionToken = () => `session-${++sessions}`;

describe('Mapbox geocoder (Search Box API, recorded responses)', () => {
  it('autocompletes with the token, the session, the proximity and the language', async () => {
    const { fetch, urls } = recorded({ '/suggest': { body: suggestBody } });
    const geocoder = createMapboxGeocoder({ token: 'pk.test', fetch, newSessionToken });
    const suggestions = await geocoder.search(' 1 Market ', { proximity: [-122.4, 37.79], limit: 5 });
    expect(suggestions).toEqual([
      { id: suggestBody.suggestions[0]?.mapbox_id, label: '1 Market St', description: '1 Market St, San Francisco, California 94105, United States of America' },
      { id: suggestBody.suggestions[1]?.mapbox_id, label: 'Market Street', description: 'Market Street, San Francisco, California, United States of America' },
    ]);
    const url = urls[0];
    expect(url?.origin + (url?.pathname ?? '')).toBe(`${MAPBOX_SEARCH_URL}/suggest`);
    expect(url?.searchParams.get('q')).toBe('1 Market');
    expect(url?.searchParams.get('access_token')).toBe('pk.test');
    expect(url?.searchParams.get('proximity')).toBe('-122.4,37.79');
    expect(url?.searchParams.get('limit')).toBe('5');
    expect(url?.searchParams.get('language')).toBe('en');
    expect(url?.searchParams.get('session_token')).toMatch(/^session-/);
  });

  it('asks nothing for a blank query', async () => {
    const { fetch, urls } = recorded({});
    const geocoder = createMapboxGeocoder({ token: 'pk.test', fetch, newSessionToken });
    await expect(geocoder.search('   ')).resolves.toEqual([]);
    expect(urls).toHaveLength(0);
  });

  it('retrieves a suggestion in the same session, with every field an address form needs, then starts a new session', async () => {
    const { fetch, urls } = recorded({ '/suggest': { body: suggestBody }, '/retrieve': { body: retrieveBody } });
    const geocoder = createMapboxGeocoder({ token: 'pk.test', fetch, newSessionToken });
    const [first] = await geocoder.search('1 Market');
    expect(first).toBeDefined();
    if (!first) return;
    const place = await geocoder.details(first);
    expect(place).toEqual({
      lng: -122.394844,
      lat: 37.794052,
      label: '1 Market St, San Francisco, California 94105, United States of America',
      fields: {
        address_line1: '1 Market St',
        street: 'Market St',
        city: 'San Francisco',
        state: 'California',
        postal_code: '94105',
        country: 'United States of America',
        countryCode: 'US',
      },
    });
    expect(urls[1]?.pathname).toBe(`/search/searchbox/v1/retrieve/${first.id}`);
    expect(urls[1]?.searchParams.get('session_token')).toBe(urls[0]?.searchParams.get('session_token'));
    await geocoder.search('2 Market');
    expect(urls[2]?.searchParams.get('session_token')).not.toBe(urls[0]?.searchParams.get('session_token'));
  });

  it('reverse-geocodes a point to the nearest address, keeping the point picked', async () => {
    const { fetch, urls } = recorded({ '/reverse': { body: reverseBody } });
    const geocoder = createMapboxGeocoder({ token: 'pk.test', fetch, newSessionToken });
    const place = await geocoder.reverse(-0.1278, 51.5073);
    expect(place).toEqual({
      lng: -0.1278,
      lat: 51.5073,
      label: '10 Trafalgar Square, London, WC2N 5DN, United Kingdom',
      fields: {
        address_line1: '10 Trafalgar Square',
        street: 'Trafalgar Square',
        city: 'London',
        state: 'England',
        postal_code: 'WC2N 5DN',
        country: 'United Kingdom',
        countryCode: 'GB',
      },
    });
    expect(urls[0]?.searchParams.get('longitude')).toBe('-0.1278');
    expect(urls[0]?.searchParams.get('latitude')).toBe('51.5073');
  });

  it('answers null where Mapbox finds nothing', async () => {
    const { fetch } = recorded({ '/reverse': { body: { type: 'FeatureCollection', features: [] } } });
    const geocoder = createMapboxGeocoder({ token: 'pk.test', fetch, newSessionToken });
    await expect(geocoder.reverse(0, 0)).resolves.toBeNull();
  });

  it('says so when the key is refused, and when the answer is not the documented shape', async () => {
    const refused = createMapboxGeocoder({ token: 'pk.bad', fetch: recorded({ '/suggest': { status: 401, body: unauthorizedBody } }).fetch, newSessionToken });
    const failure = await refused.search('Market').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GeocodingError);
    expect(failure).toMatchObject({ status: 401, message: 'The maps key was refused by Mapbox' });

    const garbled = createMapboxGeocoder({ token: 'pk.test', fetch: recorded({ '/suggest': { body: { results: [] } } }).fetch, newSessionToken });
    await expect(garbled.search('Market')).rejects.toThrow('Mapbox answered in an unexpected format');
  });
});
