import { beforeAll, describe, expect, it } from 'vitest';
import { loadCountries, loadGazetteer } from './gazetteer';
import { createOfflineGeocoder, haversineKm, normalizeName } from './offline';

// The real gazetteer shipped with the app (country-state-city): nothing is fetched.
const geocoder = createOfflineGeocoder();

describe('offline geocoder (gazetteer)', () => {
  // Transforming about 9 MB of JSON the first time takes a while on a busy machine.
  beforeAll(() => loadGazetteer(), 60_000);

  it('finds cities by the start of their name, an exact name first, nearest the proximity first', async () => {
    const near = await geocoder.search('San Francisco', { proximity: [-122.42, 37.77] });
    expect(near[0]).toMatchObject({ label: 'San Francisco', description: 'California, United States' });
    const prefix = await geocoder.search('san fra', { proximity: [-122.42, 37.77], limit: 3 });
    expect(prefix).toHaveLength(3);
    expect(prefix[0]?.label).toBe('San Francisco');
    for (const suggestion of prefix) expect(normalizeName(suggestion.label).startsWith('san fra')).toBe(true);
  });

  it('narrows by state or country after a comma and ignores accents', async () => {
    const london = await geocoder.search('London, United Kingdom');
    expect(london.length).toBeGreaterThan(0);
    for (const suggestion of london) expect(suggestion.description).toMatch(/United Kingdom$/);
    const zurich = await geocoder.search('zurich', { limit: 20 });
    expect(zurich.map((s) => s.label)).toContain('Zürich');
  });

  it('resolves a suggestion to coordinates and the fields it knows (no street, no postal code)', async () => {
    const [first] = await geocoder.search('London, United Kingdom', { proximity: [-0.12, 51.5] });
    expect(first).toBeDefined();
    if (!first) return;
    const place = await geocoder.details(first);
    expect(place?.fields).toEqual({ city: 'London', state: 'England', country: 'United Kingdom', countryCode: 'GB' });
    expect(haversineKm(51.507, -0.128, place?.lat ?? 0, place?.lng ?? 0)).toBeLessThan(20);
  });

  it('finds countries and states too', async () => {
    const results = await geocoder.search('Califo');
    expect(results.some((s) => s.id.startsWith('state:') && s.label === 'California')).toBe(true);
    const [country] = await geocoder.search('Germany');
    expect(country).toMatchObject({ id: 'country:DE', label: 'Germany' });
    expect((await geocoder.details(country ?? { id: '', label: '' }))?.fields).toEqual({ country: 'Germany', countryCode: 'DE' });
  });

  it('answers nothing for an empty query or an unknown place', async () => {
    await expect(geocoder.search('  ')).resolves.toEqual([]);
    await expect(geocoder.search('Qqqqzzzxx')).resolves.toEqual([]);
    await expect(geocoder.details({ id: 'city:99999999', label: '?' })).resolves.toBeNull();
  });

  it('reverse-geocodes a point to the nearest city, keeping the point', async () => {
    const civicCenter = await geocoder.reverse(-122.4185, 37.7765);
    expect(civicCenter).toMatchObject({ lng: -122.4185, lat: 37.7765, fields: { city: 'San Francisco', state: 'California', country: 'United States', countryCode: 'US' } });
    expect(civicCenter?.fields.postal_code).toBeUndefined();
    expect(civicCenter?.fields.street).toBeUndefined();
    // The gazetteer's places include districts: the Mission is its own.
    expect((await geocoder.reverse(-122.4194, 37.7599))?.fields.city).toBe('Mission District');
    const westminster = await geocoder.reverse(-0.1276, 51.5072);
    expect(westminster?.fields).toMatchObject({ country: 'United Kingdom', countryCode: 'GB', state: 'England' });
    await expect(geocoder.reverse(Number.NaN, 0)).resolves.toBeNull();
  });

  it('knows every country with its phone code', async () => {
    const { countryByCode } = await loadCountries();
    expect(countryByCode.get('US')?.phoneCode).toBe('1');
    expect(countryByCode.get('GB')?.phoneCode).toBe('44');
    expect(countryByCode.get('AX')?.phoneCode).toBe('358');
  });
});
