import type { RequestParameters, ResourceType, StyleSpecification } from 'maplibre-gl';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** A lng/lat pair in GeoJSON order. */
export type LngLatTuple = [lng: number, lat: number];

/** The spec's fallback centre when a tenant has none: a fixed point in India. */
export const INDIA_CENTER: LngLatTuple = [78.9629, 20.5937];
export const DEFAULT_ZOOM = 5;
export const DEFAULT_HEIGHT = 600;

/** Tenant settings `general.default_location_cordinates.settings`. */
export interface TenantMapCentre {
  latitude?: number | string | null;
  longitude?: number | string | null;
}

const isLat = (n: number) => Number.isFinite(n) && n >= -90 && n <= 90;
const isLng = (n: number) => Number.isFinite(n) && n >= -180 && n <= 180;

/**
 * The centre a map opens on: an explicit centre, else the tenant's default, else India.
 * Settings are JSON edited by admins, so numbers may arrive as strings or be out of range.
 */
export function resolveCenter(center?: LngLatTuple | null, defaultCenter?: TenantMapCentre | null): LngLatTuple {
  if (center && isLng(center[0]) && isLat(center[1])) return center;
  if (defaultCenter && defaultCenter.latitude != null && defaultCenter.longitude != null && defaultCenter.latitude !== '' && defaultCenter.longitude !== '') {
    const lng = Number(defaultCenter.longitude);
    const lat = Number(defaultCenter.latitude);
    if (isLng(lng) && isLat(lat)) return [lng, lat];
  }
  return INDIA_CENTER;
}

export interface BasemapPalette {
  water: string;
  land: string;
  border: string;
  coast: string;
}

export const LIGHT_PALETTE: BasemapPalette = { water: '#cfe3f3', land: '#f4f1ea', border: '#9aa3b2', coast: '#8fb3cf' };
export const DARK_PALETTE: BasemapPalette = { water: '#0b1726', land: '#1e293b', border: '#64748b', coast: '#334155' };

interface BasemapData {
  land: GeoJSON.FeatureCollection | GeoJSON.Feature;
  borders: GeoJSON.MultiLineString;
  coast: GeoJSON.MultiLineString;
}

let basemapData: Promise<BasemapData> | undefined;

/**
 * Natural Earth 1:50m countries from world-atlas, shipped with the app as its own chunk and
 * converted once per page: land to fill, shared arcs as borders, unshared arcs as coastline.
 */
export function loadBasemapData(): Promise<BasemapData> {
  basemapData ??= Promise.all([import('world-atlas/countries-50m.json'), import('topojson-client')])
    .then(([atlas, topojson]) => {
      const topology = atlas.default as Topology<{ countries: GeometryCollection; land: GeometryCollection }>;
      const countries = topology.objects.countries;
      return {
        land: topojson.feature(topology, topology.objects.land),
        borders: topojson.mesh(topology, countries, (a, b) => a !== b),
        coast: topojson.mesh(topology, countries, (a, b) => a === b),
      };
    })
    .catch((error: unknown) => {
      basemapData = undefined;
      throw error;
    });
  return basemapData;
}

/**
 * The offline style: background water, land fill, borders and coast from local GeoJSON. No
 * glyphs and no sprite, so nothing is fetched; labels are HTML markers.
 */
export function offlineStyle(data: BasemapData, palette: BasemapPalette = LIGHT_PALETTE): StyleSpecification {
  return {
    version: 8,
    sources: {
      land: { type: 'geojson', data: data.land, attribution: 'Natural Earth' },
      borders: { type: 'geojson', data: data.borders },
      coast: { type: 'geojson', data: data.coast },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': palette.water } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': palette.land } },
      { id: 'coast', type: 'line', source: 'coast', paint: { 'line-color': palette.coast, 'line-width': 0.8 } },
      {
        id: 'borders',
        type: 'line',
        source: 'borders',
        paint: { 'line-color': palette.border, 'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.5, 8, 1.5], 'line-dasharray': [3, 2] },
      },
    ],
  };
}

export const MAPBOX_STYLE = 'mapbox://styles/mapbox/streets-v12';

/**
 * Mapbox raster tiles of a Mapbox style (Static Tiles API): they need no glyphs or sprites
 * and draw the same in maplibre as in Mapbox. The token is added by `mapboxTransformRequest`.
 */
export function mapboxStyle(styleUrl: string = MAPBOX_STYLE): StyleSpecification {
  const path = styleUrl.replace(/^mapbox:\/\/styles\//, '');
  return {
    version: 8,
    sources: {
      mapbox: {
        type: 'raster',
        tiles: [`mapbox://styles/${path}/tiles/512/{z}/{x}/{y}@2x`],
        tileSize: 512,
        maxzoom: 22,
        attribution: '© Mapbox © OpenStreetMap',
      },
    },
    layers: [{ id: 'mapbox', type: 'raster', source: 'mapbox' }],
  };
}

/**
 * Rewrites `mapbox://` URLs to api.mapbox.com and adds the token to every api.mapbox.com
 * request; anything else passes untouched (and never gets the token).
 */
export function mapboxTransformRequest(token: string) {
  return (url: string, _resourceType?: ResourceType): RequestParameters => {
    let resolved = url;
    if (url.startsWith('mapbox://styles/')) resolved = `https://api.mapbox.com/styles/v1/${url.slice('mapbox://styles/'.length)}`;
    else if (url.startsWith('mapbox://fonts/')) resolved = `https://api.mapbox.com/fonts/v1/${url.slice('mapbox://fonts/'.length)}`;
    else if (url.startsWith('mapbox://')) resolved = `https://api.mapbox.com/v4/${url.slice('mapbox://'.length)}.json?secure`;
    let parsed: URL;
    try {
      parsed = new URL(resolved);
    } catch {
      return { url };
    }
    if (parsed.hostname !== 'api.mapbox.com' && !parsed.hostname.endsWith('.tiles.mapbox.com')) return { url };
    if (!parsed.searchParams.has('access_token')) parsed.searchParams.set('access_token', token);
    return { url: parsed.toString() };
  };
}
