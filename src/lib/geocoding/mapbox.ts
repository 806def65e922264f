import { z } from 'zod';
import { GeocodingError, type GeocodedPlace, type Geocoder, type PlaceFields, type PlaceSuggestion } from './types';

/**
 * Mapbox's Search Box API: /suggest (autocomplete), /retrieve/{mapbox_id} (place details) and
 * /reverse. Suggest and retrieve share a session token, as Mapbox bills a search session.
 */
export const MAPBOX_SEARCH_URL = 'https://api.mapbox.com/search/searchbox/v1';

const named = z.object({ name: z.string() }).partial().passthrough();
const contextSchema = z
  .object({
    country: z.object({ name: z.string().optional(), country_code: z.string().optional() }).passthrough(),
    region: z.object({ name: z.string().optional(), region_code: z.string().optional() }).passthrough(),
    postcode: named,
    district: named,
    place: named,
    locality: named,
    neighborhood: named,
    street: named,
    address: z.object({ name: z.string().optional(), address_number: z.string().optional(), street_name: z.string().optional() }).passthrough(),
  })
  .partial()
  .passthrough();

const suggestionSchema = z
  .object({
    mapbox_id: z.string(),
    name: z.string(),
    feature_type: z.string().optional(),
    address: z.string().optional(),
    full_address: z.string().optional(),
    place_formatted: z.string().optional(),
  })
  .passthrough();
const suggestResponseSchema = z.object({ suggestions: z.array(suggestionSchema) }).passthrough();

const propertiesSchema = z
  .object({
    mapbox_id: z.string().optional(),
    name: z.string(),
    feature_type: z.string().optional(),
    address: z.string().optional(),
    full_address: z.string().optional(),
    place_formatted: z.string().optional(),
    context: contextSchema.optional(),
    coordinates: z.object({ latitude: z.number(), longitude: z.number() }).passthrough().optional(),
  })
  .passthrough();
const featureSchema = z
  .object({
    geometry: z.object({ coordinates: z.tuple([z.number(), z.number()]) }).passthrough(),
    properties: propertiesSchema,
  })
  .passthrough();
const featureCollectionSchema = z.object({ features: z.array(featureSchema) }).passthrough();

export type MapboxFeature = z.infer<typeof featureSchema>;

const clean = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/** A Search Box feature as the address form's fields. */
export function featureToPlace(feature: MapboxFeature): GeocodedPlace {
  const p = feature.properties;
  const c = p.context ?? {};
  const [lng, lat] = p.coordinates ? [p.coordinates.longitude, p.coordinates.latitude] : feature.geometry.coordinates;
  const isAddressLike = p.feature_type === 'address' || p.feature_type === 'poi' || p.feature_type === 'street';
  const fields: PlaceFields = {
    address_line1: clean(p.address) ?? clean(c.address?.name) ?? (isAddressLike ? clean(p.name) : undefined),
    street: clean(c.street?.name) ?? clean(c.address?.street_name) ?? (p.feature_type === 'street' ? clean(p.name) : undefined),
    building: p.feature_type === 'poi' ? clean(p.name) : undefined,
    city: clean(c.place?.name) ?? clean(c.locality?.name) ?? (p.feature_type === 'place' ? clean(p.name) : undefined),
    state: clean(c.region?.name) ?? (p.feature_type === 'region' ? clean(p.name) : undefined),
    postal_code: clean(c.postcode?.name) ?? (p.feature_type === 'postcode' ? clean(p.name) : undefined),
    country: clean(c.country?.name) ?? (p.feature_type === 'country' ? clean(p.name) : undefined),
    countryCode: clean(c.country?.country_code)?.toUpperCase(),
  };
  const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as PlaceFields;
  return { lng, lat, label: clean(p.full_address) ?? [p.name, p.place_formatted].filter(Boolean).join(', '), fields: defined };
}

export interface MapboxGeocoderOptions {
  token: string;
  /** Injected in tests (recorded responses); the browser's fetch otherwise. */
  fetch?: typeof globalThis.fetch;
  language?: string;
  newSessionToken?: () => string;
}

export function createMapboxGeocoder({ token, fetch: fetcher = (...args) => globalThis.fetch(...args), language = 'en', newSessionToken = () => crypto.randomUUID() }: MapboxGeocoderOptions): Geocoder {
  let session = newSessionToken();

  async function get<T>(path: string, params: Record<string, string | undefined>, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
    const url = new URL(`${MAPBOX_SEARCH_URL}${path}`);
    for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
    url.searchParams.set('access_token', token);
    const response = await fetcher(url.toString(), { signal });
    if (response.status === 401 || response.status === 403) throw new GeocodingError('The maps key was refused by Mapbox', response.status);
    if (!response.ok) throw new GeocodingError(`Mapbox answered ${response.status}`, response.status);
    const parsed = schema.safeParse(await response.json());
    if (!parsed.success) throw new GeocodingError('Mapbox answered in an unexpected format');
    return parsed.data;
  }

  return {
    provider: 'mapbox',
    knowsStreets: true,
    prepare() {},
    async search(query, options = {}) {
      const q = query.trim();
      if (!q) return [];
      const body = await get(
        '/suggest',
        {
          q,
          language,
          limit: String(Math.min(10, options.limit ?? 8)),
          session_token: session,
          proximity: options.proximity ? `${options.proximity[0]},${options.proximity[1]}` : undefined,
        },
        suggestResponseSchema,
        options.signal,
      );
      return body.suggestions.map(
        (s): PlaceSuggestion => ({ id: s.mapbox_id, label: s.name, description: clean(s.full_address) ?? clean(s.place_formatted) ?? clean(s.address) }),
      );
    },
    async details(suggestion, options = {}) {
      const body = await get(`/retrieve/${encodeURIComponent(suggestion.id)}`, { session_token: session, language }, featureCollectionSchema, options.signal);
      // A retrieve ends the billing session: the next search starts a new one.
      session = newSessionToken();
      const feature = body.features[0];
      return feature ? featureToPlace(feature) : null;
    },
    async reverse(lng, lat, options = {}) {
      const body = await get('/reverse', { longitude: String(lng), latitude: String(lat), language, limit: '1' }, featureCollectionSchema, options.signal);
      const feature = body.features[0];
      if (!feature) return null;
      // The point picked stays the point: the nearest address may sit a few metres away.
      return { ...featureToPlace(feature), lng, lat };
    },
  };
}
