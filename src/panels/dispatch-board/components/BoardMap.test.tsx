// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import type { Map as MaplibreMap } from 'maplibre-gl';
import type * as Maplibre from 'maplibre-gl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MapContext } from '../../../ui/map/map-context';
import type { BoardDelivery } from '../model';
import { BoardLayers, type MapDriver } from './BoardMap';

/** Just enough of a maplibre map for the board's layers: sources that record what they were given. */
function fakeMap() {
  const sources = new Map<string, { setData: ReturnType<typeof vi.fn> }>();
  const map = {
    getSource: (id: string) => sources.get(id),
    addSource: (id: string) => sources.set(id, { setData: vi.fn() }),
    addLayer: vi.fn(),
    // 100,000 px per degree: a fix 0.001° away is 100 px away on screen.
    project: ([lng, lat]: [number, number]) => ({ x: lng * 100_000, y: lat * 100_000 }),
    getCanvas: () => document.createElement('canvas'),
  };
  return { map: map as unknown as MaplibreMap, drivers: () => sources.get('board-points')!.setData };
}

const van = (lng: number): MapDriver => ({ id: 'd1', name: 'Derek Driver', lat: 51.5, lng, health: 'busy' });
const drawnAt = (setData: ReturnType<typeof vi.fn>) =>
  setData.mock.calls.map(([data]) => (data as GeoJSON.FeatureCollection<GeoJSON.Point>).features.find((f) => f.properties?.kind === 'driver')!.geometry.coordinates[0]);

describe('BoardLayers: a driver dot moving to a new fix', () => {
  let frames: FrameRequestCallback[] = [];
  beforeEach(() => {
    frames = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => {});
    // The map takes live data at most once a second (two on a lite map): the clock is moved by hand.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
  const later = (ms: number) => {
    act(() => {
      vi.advanceTimersByTime(ms);
    });
  };

  const board = (lite: boolean) => {
    const fake = fakeMap();
    const tree = (drivers: MapDriver[]) => (
      <MapContext value={{ map: fake.map, lib: {} as typeof Maplibre, styleGeneration: 1, lite }}>
        <BoardLayers drivers={drivers} unassigned={[]} selected={null} />
      </MapContext>
    );
    const view = render(tree([van(-0.1)]));
    return {
      fake,
      show: (lng: number) => view.rerender(tree([van(lng)])),
      move: (lng: number) => {
        view.rerender(tree([van(lng)]));
        later(2_000);
      },
    };
  };

  /** Runs the queued animation frames, `stepMs` apart, until none is asked for. */
  const runFrames = (stepMs: number) => {
    let time = performance.now();
    while (frames.length > 0) {
      time += stepMs;
      const due = frames;
      frames = [];
      for (const callback of due) callback(time);
    }
  };

  it('glides on a map drawn by a GPU', () => {
    const { fake, move } = board(false);
    move(-0.099);
    runFrames(150);
    const positions = drawnAt(fake.drivers());
    expect(positions.length).toBeGreaterThan(3);
    expect(positions.some((lng) => lng > -0.1 && lng < -0.099)).toBe(true);
    expect(positions.at(-1)).toBeCloseTo(-0.099, 9);
  });

  it('draws stops and dots as one source, so a change to both is one redraw', () => {
    const fake = fakeMap();
    const stop = { id: 's1', pickup_lat: 51.51, pickup_lng: -0.12 } as BoardDelivery;
    const tree = (unassigned: BoardDelivery[], lng: number) => (
      <MapContext value={{ map: fake.map, lib: {} as typeof Maplibre, styleGeneration: 1, lite: true }}>
        <BoardLayers drivers={[van(lng)]} unassigned={unassigned} selected={null} />
      </MapContext>
    );
    const view = render(tree([], -0.1));
    view.rerender(tree([stop], -0.099));
    later(5_000);
    const calls = fake.drivers().mock.calls;
    expect(calls).toHaveLength(2);
    const kinds = (calls[1]![0] as GeoJSON.FeatureCollection).features.map((f) => f.properties?.kind);
    expect(kinds).toEqual(['stop', 'driver']);
    view.rerender(tree([stop], -0.099));
    later(5_000);
    expect(fake.drivers().mock.calls).toHaveLength(2);
  });

  it('takes the live data at most every five seconds on a lite map, the latest of them', () => {
    const { fake, show } = board(true);
    show(-0.099);
    later(0);
    expect(drawnAt(fake.drivers())).toEqual([-0.1, -0.099]);
    show(-0.098);
    later(2_000);
    show(-0.097);
    later(2_500);
    expect(drawnAt(fake.drivers())).toEqual([-0.1, -0.099]);
    later(500);
    expect(drawnAt(fake.drivers())).toEqual([-0.1, -0.099, -0.097]);
  });

  it('does not glide for a user who asked for less motion', () => {
    vi.stubGlobal('matchMedia', (media: string) => ({ matches: media === '(prefers-reduced-motion: reduce)', media, addEventListener: () => {}, removeEventListener: () => {} }));
    const { fake, move } = board(false);
    move(-0.099);
    expect(frames).toHaveLength(0);
    expect(drawnAt(fake.drivers())).toEqual([-0.1, -0.099]);
  });

  it('takes its new place at once on a lite map, with no animation frames', () => {
    const { fake, move } = board(true);
    move(-0.099);
    expect(frames).toHaveLength(0);
    expect(drawnAt(fake.drivers())).toEqual([-0.1, -0.099]);
  });
});
