import { loadGazetteer, stateKey, type Gazetteer, type GazetteerCity, type GazetteerCountryPlace, type GazetteerState } from './gazetteer';
import type { GeocodedPlace, Geocoder, PlaceSuggestion, SearchOptions } from './types';

const DEFAULT_LIMIT = 8;
const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in km. */
export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Lower case without accents, so 'zur' finds 'Zürich'. */
export function normalizeName(value: string): string {
  return value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();
}

interface Index {
  gazetteer: Gazetteer;
  cityNames: string[];
  stateNames: string[];
  countryNames: string[];
}

const indexes = new WeakMap<Gazetteer, Index>();

function indexOf(gazetteer: Gazetteer): Index {
  let index = indexes.get(gazetteer);
  if (!index) {
    index = {
      gazetteer,
      cityNames: gazetteer.cities.map((c) => normalizeName(c.name)),
      stateNames: gazetteer.states.map((s) => normalizeName(s.name)),
      countryNames: gazetteer.countries.map((c) => normalizeName(c.name)),
    };
    indexes.set(gazetteer, index);
  }
  return index;
}

function cityPlace(g: Gazetteer, city: GazetteerCity): GeocodedPlace {
  const state = g.stateByKey.get(stateKey(city.countryCode, city.stateCode));
  const country = g.countryByCode.get(city.countryCode);
  return {
    lng: city.lng,
    lat: city.lat,
    label: [city.name, state?.name, country?.name].filter(Boolean).join(', '),
    fields: { city: city.name, state: state?.name, country: country?.name, countryCode: city.countryCode },
  };
}

function statePlace(g: Gazetteer, state: GazetteerState): GeocodedPlace | null {
  if (state.lat === null || state.lng === null) return null;
  const country = g.countryByCode.get(state.countryCode);
  return {
    lng: state.lng,
    lat: state.lat,
    label: [state.name, country?.name].filter(Boolean).join(', '),
    fields: { state: state.name, country: country?.name, countryCode: state.countryCode },
  };
}

function countryPlace(country: GazetteerCountryPlace): GeocodedPlace | null {
  if (country.lat === null || country.lng === null) return null;
  return { lng: country.lng, lat: country.lat, label: country.name, fields: { country: country.name, countryCode: country.code } };
}

/** 'london, united kingdom' or 'springfield, il': every part after the first must name the state or country. */
function qualifiersMatch(g: Gazetteer, countryCode: string, stateCode: string | null, qualifiers: readonly string[]): boolean {
  if (qualifiers.length === 0) return true;
  const country = g.countryByCode.get(countryCode);
  const state = stateCode === null ? undefined : g.stateByKey.get(stateKey(countryCode, stateCode));
  const names = [country?.name, country?.code, state?.name, state?.code].filter((n): n is string => Boolean(n)).map(normalizeName);
  return qualifiers.every((q) => names.some((name) => name.startsWith(q)));
}

interface Candidate {
  id: string;
  place: GeocodedPlace;
  rank: number;
}

/**
 * The gazetteer as a geocoder. Search is a prefix match on city, state and country names (an exact
 * name first, then nearest to `proximity`, then shortest); reverse is the nearest city. It knows
 * no streets or postal codes: a place fills city, state and country only.
 */
export function createOfflineGeocoder(load: () => Promise<Gazetteer> = loadGazetteer): Geocoder {
  async function candidates(query: string, options: SearchOptions): Promise<Candidate[]> {
    const [head = '', ...rest] = query.split(',').map(normalizeName);
    if (head.length === 0) return [];
    const qualifiers = rest.filter(Boolean);
    const index = indexOf(await load());
    const g = index.gazetteer;
    const proximity = options.proximity ?? null;
    const distance = (place: GeocodedPlace) => (proximity ? haversineKm(proximity[1], proximity[0], place.lat, place.lng) : 0);
    const found: Candidate[] = [];
    index.countryNames.forEach((name, i) => {
      const country = g.countries[i];
      if (!country || !name.startsWith(head) || qualifiers.length > 0) return;
      const place = countryPlace(country);
      if (place) found.push({ id: `country:${country.code}`, place, rank: name === head ? 0 : 2 });
    });
    index.stateNames.forEach((name, i) => {
      const state = g.states[i];
      if (!state || !name.startsWith(head) || !qualifiersMatch(g, state.countryCode, null, qualifiers)) return;
      const place = statePlace(g, state);
      if (place) found.push({ id: `state:${stateKey(state.countryCode, state.code)}`, place, rank: name === head ? 1 : 2 });
    });
    index.cityNames.forEach((name, i) => {
      const city = g.cities[i];
      if (!city || !name.startsWith(head) || !qualifiersMatch(g, city.countryCode, city.stateCode, qualifiers)) return;
      found.push({ id: `city:${i}`, place: cityPlace(g, city), rank: name === head ? 1 : 3 });
    });
    return found.sort(
      (a, b) => a.rank - b.rank || distance(a.place) - distance(b.place) || a.place.label.length - b.place.label.length || a.place.label.localeCompare(b.place.label),
    );
  }

  async function resolve(id: string): Promise<GeocodedPlace | null> {
    const g = await load();
    const [kind, key = ''] = id.split(/:(.*)/s);
    if (kind === 'city') {
      const city = g.cities[Number(key)];
      return city ? cityPlace(g, city) : null;
    }
    if (kind === 'state') {
      const state = g.stateByKey.get(key);
      return state ? statePlace(g, state) : null;
    }
    if (kind === 'country') {
      const country = g.countryByCode.get(key);
      return country ? countryPlace(country) : null;
    }
    return null;
  }

  return {
    provider: 'offline',
    knowsStreets: false,
    prepare() {
      load().then(indexOf, () => undefined);
    },
    async search(query, options = {}) {
      const found = await candidates(query, options);
      options.signal?.throwIfAborted();
      return found.slice(0, options.limit ?? DEFAULT_LIMIT).map(({ id, place }): PlaceSuggestion => {
        const [name = place.label, ...rest] = place.label.split(', ');
        return { id, label: name, description: rest.join(', ') || undefined };
      });
    },
    async details(suggestion) {
      return resolve(suggestion.id);
    },
    async reverse(lng, lat) {
      if (!Number.isFinite(lng) || !Number.isFinite(lat)) return null;
      const g = await load();
      let best: GazetteerCity | null = null;
      let bestKm = Infinity;
      for (const city of g.cities) {
        // A cheap bound first: a degree of latitude is about 111 km.
        if (Math.abs(city.lat - lat) * 111 > bestKm) continue;
        const km = haversineKm(lat, lng, city.lat, city.lng);
        if (km < bestKm) {
          best = city;
          bestKm = km;
        }
      }
      if (!best) return null;
      // The point picked, not the city's centre: the user clicked where the address is.
      return { ...cityPlace(g, best), lng, lat };
    },
  };
}
