import { createMapboxGeocoder } from './mapbox';
import { createOfflineGeocoder } from './offline';
import type { Geocoder } from './types';

export { createMapboxGeocoder, featureToPlace, MAPBOX_SEARCH_URL } from './mapbox';
export { createOfflineGeocoder, haversineKm, normalizeName } from './offline';
export { loadCountries, loadGazetteer, phoneDigits, type Gazetteer, type GazetteerCountry } from './gazetteer';
export { GeocodingError, type GeocodedPlace, type Geocoder, type PlaceFields, type PlaceSuggestion, type SearchOptions } from './types';

/** The Mapbox token to use: the tenant's maps key, else the build's VITE_MAPBOX_TOKEN, else none (offline). */
export function mapsToken(tenantMapsKey?: string | null): string | null {
  const key = tenantMapsKey?.trim() || (import.meta.env.VITE_MAPBOX_TOKEN as string | undefined)?.trim();
  return key ? key : null;
}

let offline: Geocoder | undefined;
const mapbox = new Map<string, Geocoder>();

/** The geocoder for a token: Mapbox with one, the offline gazetteer without. */
export function geocoderFor(token: string | null | undefined): Geocoder {
  if (!token) return (offline ??= createOfflineGeocoder());
  let geocoder = mapbox.get(token);
  if (!geocoder) {
    geocoder = createMapboxGeocoder({ token });
    mapbox.set(token, geocoder);
  }
  return geocoder;
}
