/**
 * Geocoding behind one interface: the offline gazetteer (countries, states and cities shipped with
 * the app) by default, Mapbox when the tenant's maps key or VITE_MAPBOX_TOKEN is set. Screens ask
 * `geocoderFor(token)` and never know which one answers.
 */

/** What a place fills in an address form; a provider leaves out what it does not know. */
export interface PlaceFields {
  address_line1?: string;
  street?: string;
  building?: string;
  city?: string;
  state?: string;
  postal_code?: string;
  country?: string;
  /** ISO 3166-1 alpha-2, upper case: picks the phone country code. */
  countryCode?: string;
}

export interface GeocodedPlace {
  lng: number;
  lat: number;
  /** How people read it, e.g. 'San Francisco, California, United States'. */
  label: string;
  fields: PlaceFields;
}

/** One autocomplete suggestion; `details` turns it into a place with coordinates. */
export interface PlaceSuggestion {
  id: string;
  label: string;
  /** The second line, e.g. the region and country. */
  description?: string;
}

export interface SearchOptions {
  signal?: AbortSignal;
  limit?: number;
  /** [lng, lat] to rank nearby places first. */
  proximity?: readonly [number, number] | null;
}

export interface Geocoder {
  readonly provider: 'offline' | 'mapbox';
  /** False for the gazetteer: it knows countries, states and cities, no streets or postal codes. */
  readonly knowsStreets: boolean;
  /** Autocomplete: places whose name starts with (offline) or matches (Mapbox) the query. */
  search(query: string, options?: SearchOptions): Promise<PlaceSuggestion[]>;
  /** The chosen suggestion's coordinates and fields; null when it no longer resolves. */
  details(suggestion: PlaceSuggestion, options?: { signal?: AbortSignal }): Promise<GeocodedPlace | null>;
  /** Starts loading what searches need (the gazetteer's chunks), so the first search answers sooner. */
  prepare(): void;
  /** The place at a point: the nearest city offline, the nearest address with Mapbox. */
  reverse(lng: number, lat: number, options?: { signal?: AbortSignal }): Promise<GeocodedPlace | null>;
}

export class GeocodingError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'GeocodingError';
  }
}
