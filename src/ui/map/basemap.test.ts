import { describe, expect, it } from 'vitest';
import { DEFAULT_HEIGHT, DEFAULT_ZOOM, INDIA_CENTER, loadBasemapData, mapboxStyle, mapboxTransformRequest, offlineStyle, resolveCenter } from './basemap';

describe('resolveCenter', () => {
  it('falls back to a fixed point in India', () => {
    expect(INDIA_CENTER).toEqual([78.9629, 20.5937]);
    expect(resolveCenter()).toEqual(INDIA_CENTER);
    expect(resolveCenter(null, null)).toEqual(INDIA_CENTER);
    expect(resolveCenter(undefined, {})).toEqual(INDIA_CENTER);
  });

  it("uses the tenant's default centre, numbers or numeric strings", () => {
    expect(resolveCenter(undefined, { latitude: 25.2048, longitude: 55.2708 })).toEqual([55.2708, 25.2048]);
    expect(resolveCenter(undefined, { latitude: '51.5', longitude: '-0.12' })).toEqual([-0.12, 51.5]);
  });

  it('ignores a tenant centre that is not a place on Earth', () => {
    expect(resolveCenter(undefined, { latitude: 95, longitude: 10 })).toEqual(INDIA_CENTER);
    expect(resolveCenter(undefined, { latitude: 'abc', longitude: 10 })).toEqual(INDIA_CENTER);
    expect(resolveCenter(undefined, { latitude: '', longitude: '' })).toEqual(INDIA_CENTER);
    expect(resolveCenter(undefined, { latitude: 10, longitude: null })).toEqual(INDIA_CENTER);
  });

  it('prefers an explicit centre', () => {
    expect(resolveCenter([2.35, 48.85], { latitude: 25, longitude: 55 })).toEqual([2.35, 48.85]);
    expect(resolveCenter([200, 48.85], { latitude: 25, longitude: 55 })).toEqual([55, 25]);
  });

  it('has the spec defaults: zoom 5, 600 px', () => {
    expect(DEFAULT_ZOOM).toBe(5);
    expect(DEFAULT_HEIGHT).toBe(600);
  });
});

describe('offline basemap', () => {
  // Decoding the world atlas takes a few seconds of CPU on a busy 2-core machine: a generous limit, not a speed check.
  it('is built from the shipped Natural Earth data and references nothing remote', { timeout: 30_000 }, async () => {
    const data = await loadBasemapData();
    expect(data.land.type).toBe('FeatureCollection');
    expect(data.borders.coordinates.length).toBeGreaterThan(100);
    const style = offlineStyle(data);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(style.layers.map((l) => l.type)).toEqual(['background', 'fill', 'line', 'line']);
    expect(JSON.stringify(style)).not.toMatch(/https?:\/\/|mapbox:\/\//);
  });
});

describe('Mapbox', () => {
  const transform = mapboxTransformRequest('pk.test');

  it('turns the style into raster tiles of the Static Tiles API with the token', () => {
    const style = mapboxStyle();
    const source = style.sources.mapbox;
    expect(source?.type).toBe('raster');
    const tile = (source as { tiles: string[] }).tiles[0] ?? '';
    expect(transform(tile.replace('{z}/{x}/{y}', '5/22/14')).url).toBe(
      'https://api.mapbox.com/styles/v1/mapbox/streets-v12/tiles/512/5/22/14@2x?access_token=pk.test',
    );
  });

  it('rewrites mapbox:// URLs and adds the token only for Mapbox hosts', () => {
    expect(transform('mapbox://styles/mapbox/streets-v12').url).toBe('https://api.mapbox.com/styles/v1/mapbox/streets-v12?access_token=pk.test');
    expect(transform('mapbox://mapbox.mapbox-streets-v8').url).toBe('https://api.mapbox.com/v4/mapbox.mapbox-streets-v8.json?secure=&access_token=pk.test');
    expect(transform('https://a.tiles.mapbox.com/v4/x/1/2/3.pbf?access_token=other').url).toBe('https://a.tiles.mapbox.com/v4/x/1/2/3.pbf?access_token=other');
    expect(transform('https://example.com/tiles/1/2/3.png').url).toBe('https://example.com/tiles/1/2/3.png');
    expect(transform('https://api.mapbox.com.evil.example/x').url).toBe('https://api.mapbox.com.evil.example/x');
  });
});
