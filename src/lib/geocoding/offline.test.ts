import { beforeAll, describe, expect, it } from 'vitest';
import type { CityData } from 'city-timezones';
import { buildGazetteer, loadCountries, loadGazetteer } from './gazetteer';
import { createOfflineGeocoder, haversineKm, normalizeName } from './offline';

// The real gazetteer shipped with the app (city-timezones and countries-list): nothing is fetched.
const geocoder = createOfflineGeocoder();

describe('offline geocoder (gazetteer)', () => {
  // About 7,300 cities: quick, but a busy two-core machine gets some headroom.
  beforeAll(() => loadGazetteer(), 30_000);

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
    // The data's province for London is Westminster (SimpleMaps' admin name), not England.
    expect(place?.fields).toEqual({ city: 'London', state: 'Westminster', country: 'United Kingdom', countryCode: 'GB' });
    expect(haversineKm(51.507, -0.128, place?.lat ?? 0, place?.lng ?? 0)).toBeLessThan(20);
  });

  it('finds countries and states too, a state centred on its most populous city', async () => {
    const results = await geocoder.search('Califo');
    expect(results.some((s) => s.id.startsWith('state:') && s.label === 'California')).toBe(true);
    const california = results.find((s) => s.id === 'state:US-CA');
    const state = await geocoder.details(california ?? { id: '', label: '' });
    expect(state?.fields).toEqual({ state: 'California', country: 'United States', countryCode: 'US' });
    // Los Angeles.
    expect(haversineKm(34.05, -118.24, state?.lat ?? 0, state?.lng ?? 0)).toBeLessThan(30);
    // US states keep their postal code, so 'springfield, il' is the one in Illinois.
    const [springfield] = await geocoder.search('springfield, il');
    expect(springfield).toMatchObject({ label: 'Springfield', description: 'Illinois, United States' });
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
    const sf = await geocoder.reverse(-122.4194, 37.7749);
    expect(sf).toEqual({
      lng: -122.4194,
      lat: 37.7749,
      label: 'San Francisco, California, United States',
      fields: { city: 'San Francisco', state: 'California', country: 'United States', countryCode: 'US' },
    });
    expect(sf?.fields.postal_code).toBeUndefined();
    expect(sf?.fields.street).toBeUndefined();
    // Cities only, no districts: the Mission is San Francisco; across the bay is Oakland.
    expect((await geocoder.reverse(-122.4194, 37.7599))?.fields.city).toBe('San Francisco');
    expect((await geocoder.reverse(-122.2711, 37.8044))?.fields).toMatchObject({ city: 'Oakland', state: 'California' });
    const london = await geocoder.reverse(-0.1278, 51.5074);
    expect(london?.fields).toEqual({ city: 'London', state: 'Westminster', country: 'United Kingdom', countryCode: 'GB' });
    expect((await geocoder.reverse(2.3522, 48.8566))?.fields).toEqual({ city: 'Paris', state: 'Île-de-France', country: 'France', countryCode: 'FR' });
    await expect(geocoder.reverse(Number.NaN, 0)).resolves.toBeNull();
  });

  it('knows every country with its phone code', async () => {
    const { countryByCode } = await loadCountries();
    expect(countryByCode.get('US')?.phoneCode).toBe('1');
    expect(countryByCode.get('GB')?.phoneCode).toBe('44');
    expect(countryByCode.get('AX')?.phoneCode).toBe('358');
    // The data's '1787' and '5999' carry an area code: the calling code is '1' (NANP) and '599'.
    expect(countryByCode.get('PR')?.phoneCode).toBe('1');
    expect(countryByCode.get('CW')?.phoneCode).toBe('599');
    expect(countryByCode.get('SJ')?.phoneCode).toBe('47');
    expect(countryByCode.get('US')?.name).toBe('United States');
    for (const country of countryByCode.values()) expect(country.phoneCode).toMatch(/^\d{1,3}$/);
  });
});

describe('building the gazetteer from city rows', () => {
  const list = [
    { code: 'GB', name: 'United Kingdom', phoneCode: '44' },
    { code: 'JE', name: 'Jersey', phoneCode: '44' },
    { code: 'SO', name: 'Somalia', phoneCode: '252' },
    { code: 'US', name: 'United States', phoneCode: '1' },
    { code: 'XK', name: 'Kosovo', phoneCode: '377' },
  ];
  const aliases = new Map([
    ['united states of america', 'US'],
    ['kosovo', 'XK'],
  ]);
  const row = (city: string, iso2: string, country: string, province: string, pop: number, lat: number, lng: number, stateAnsi?: string) =>
    ({ city, iso2, country, province, pop, lat, lng, state_ansi: stateAnsi }) as unknown as CityData;

  it('derives states from provinces, centred on the most populous city, with the US postal code', () => {
    const { states, cities, countries } = buildGazetteer(list, aliases, [
      row('Oakland', 'US', 'United States of America', 'California', 400_000, 37.8, -122.27, 'CA'),
      row('Los Angeles', 'US', 'United States of America', 'California', 12_000_000, 34.05, -118.24, 'CA'),
      row('London', 'GB', 'United Kingdom', 'Westminster', 8_000_000, 51.5, -0.12),
      row('Nowhere', 'GB', 'United Kingdom', '', 10, 52, -1),
    ]);
    expect(states).toEqual([
      { code: 'CA', countryCode: 'US', name: 'California', lat: 34.05, lng: -118.24 },
      { code: 'Westminster', countryCode: 'GB', name: 'Westminster', lat: 51.5, lng: -0.12 },
    ]);
    expect(cities.map((c) => [c.name, c.countryCode, c.stateCode])).toEqual([
      ['Oakland', 'US', 'CA'],
      ['Los Angeles', 'US', 'CA'],
      ['London', 'GB', 'Westminster'],
      ['Nowhere', 'GB', ''],
    ]);
    const byCode = new Map(countries.map((c) => [c.code, c]));
    expect(byCode.get('US')).toMatchObject({ lat: 34.05, lng: -118.24 });
    expect(byCode.get('GB')).toMatchObject({ lat: 51.5, lng: -0.12 });
    // No city in the data: no centre, so it is not offered as a place (its phone code still is).
    expect(byCode.get('JE')).toMatchObject({ phoneCode: '44', lat: null, lng: null });
  });

  it('places rows without an ISO code by country name, and leaves out what it cannot place', () => {
    const { cities } = buildGazetteer(list, aliases, [
      row('Pristina', '-99', 'Kosovo', 'Pristina', 200_000, 42.67, 21.17),
      row('Hargeysa', '-99', 'Somaliland', 'Woqooyi Galbeed', 700_000, 9.56, 44.06),
      row('Atlantis', 'ZZ', 'Atlantis', 'Deep', 1, 0, 0),
      row('Broken', 'GB', 'United Kingdom', 'Kent', 1, Number.NaN, 0),
    ]);
    expect(cities.map((c) => [c.name, c.countryCode])).toEqual([
      ['Pristina', 'XK'],
      ['Hargeysa', 'SO'],
    ]);
  });
});

describe('haversineKm', () => {
  it('measures great-circle distance', () => {
    // San Francisco to Oakland, about 13.4 km.
    expect(haversineKm(37.7749, -122.4194, 37.8044, -122.2712)).toBeGreaterThan(13);
    expect(haversineKm(37.7749, -122.4194, 37.8044, -122.2712)).toBeLessThan(13.6);
    expect(haversineKm(37.7749, -122.4194, 37.7749, -122.4194)).toBe(0);
  });
});
