import type { GeoJSONSource } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useThrottled } from '../../../lib/use-throttled';
import { MapView, useMapContext, type TenantMapCentre } from '../../../ui/map';
import { nearestDriverAt, type DriverHealth } from '../board';
import type { BoardDelivery } from '../model';
import { usePrefersReducedMotion } from '../../../lib/reduced-motion';
import { useT } from '../../../lib/i18n/catalogue';
import { boardMessages } from '../messages';

export type DriverLocator = (clientX: number, clientY: number) => string | null;

export const HEALTH_COLOURS: Record<DriverHealth, string> = {
  available: '#16a34a',
  busy: '#2563eb',
  on_break: '#d97706',
  offline: '#64748b',
  not_responding: '#dc2626',
};

export interface MapDriver {
  id: string;
  name: string;
  lat: number;
  lng: number;
  health: DriverHealth;
}

interface BoardMapProps {
  drivers: readonly MapDriver[];
  unassigned: readonly BoardDelivery[];
  selected: BoardDelivery | null;
  defaultCenter?: TenantMapCentre | null;
  mapboxToken?: string | null;
  /** Receives, while the map is ready, the lookup of the driver whose dot is under a screen point (a drop on the map); null once gone. */
  driverAt?: (locate: DriverLocator | null) => void;
}

/**
 * The board's map: drivers and unassigned pickups as GeoJSON sources (one source per kind, not a DOM
 * node per marker, so hundreds of drivers stay cheap), driver dots gliding between fixes.
 */
export function BoardMap({ drivers, unassigned, selected, defaultCenter, mapboxToken, driverAt }: BoardMapProps) {
  const t = useT(boardMessages);
  const hasData = drivers.length > 0 || unassigned.length > 0;
  // The board mounts the map with its lists, once the working set is read: the map waits for that
  // first frame to be painted (the lists are what a dispatcher acts on first), then a task after it,
  // since creating it is seconds of main-thread work where WebGL is in software.
  const [listsPainted, setListsPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setListsPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  const center = useMemo<[number, number] | null>(() => {
    const first = drivers[0] ?? null;
    if (first) return [first.lng, first.lat];
    const d = unassigned[0];
    return d ? [d.pickup_lng, d.pickup_lat] : null;
    // The first view only: later moves must not pull the map around under the dispatcher.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasData]);
  return (
    <MapView label={t('map.label')} deferred={!listsPainted} center={center} defaultCenter={defaultCenter} zoom={11} height="100%" className="h-full min-h-[320px]" mapboxToken={mapboxToken}>
      <BoardLayers drivers={drivers} unassigned={unassigned} selected={selected} driverAt={driverAt} />
    </MapView>
  );
}

const ANIMATION_MS = 1000;
/** How often at most the map takes the live drivers and stops. */
const MAP_REFRESH_MS = 1000;
/**
 * The same on a lite map (WebGL in software), where each redraw is a frame the page's main thread
 * waits for while the CPU rasterizes and copies it back (the board's last long tasks under a live
 * stream). At the board's zoom a van in town covers about a pixel a second, so a dot placed every
 * 5 s does not visibly jump; the lists show every change at once.
 */
const LITE_MAP_REFRESH_MS = 5000;
/**
 * A gliding dot is redrawn every 100 ms, not on every animation frame: each redraw sends every
 * driver's point to maplibre's worker, and with hundreds of drivers reporting every few seconds some
 * dot is always gliding, so per-frame redraws kept the main thread and the worker busy all the time.
 */
const GLIDE_STEP_MS = 100;
/** Moves shorter than this on screen are not animated. */
const GLIDE_MIN_PX = 2;

interface Point {
  lat: number;
  lng: number;
}

function sameDot(a: MapDriver, b: MapDriver): boolean {
  return a.id === b.id && a.lat === b.lat && a.lng === b.lng && a.health === b.health && a.name === b.name;
}

/** The one GeoJSON source of the board's map: unassigned pickups (and the selected delivery's two ends) and driver dots, told apart by `kind`. */
const SOURCE = 'board-points';

function driverFeatures(drivers: readonly MapDriver[], at: ReadonlyMap<string, Point>): GeoJSON.Feature[] {
  return drivers.map((d) => {
    const p = at.get(d.id) ?? d;
    return { type: 'Feature', id: d.id, properties: { kind: 'driver', id: d.id, name: d.name, colour: HEALTH_COLOURS[d.health] }, geometry: { type: 'Point', coordinates: [p.lng, p.lat] } };
  });
}

function stopFeatures(unassigned: readonly BoardDelivery[], selected: BoardDelivery | null): GeoJSON.Feature[] {
  const features: GeoJSON.Feature[] = unassigned.map((d) => ({
    type: 'Feature',
    properties: { kind: 'stop', colour: '#f59e0b', radius: 5 },
    geometry: { type: 'Point', coordinates: [d.pickup_lng, d.pickup_lat] },
  }));
  if (selected) {
    features.push({ type: 'Feature', properties: { kind: 'stop', colour: '#7c3aed', radius: 7 }, geometry: { type: 'Point', coordinates: [selected.pickup_lng, selected.pickup_lat] } });
    features.push({ type: 'Feature', properties: { kind: 'stop', colour: '#db2777', radius: 7 }, geometry: { type: 'Point', coordinates: [selected.dropoff_lng, selected.dropoff_lat] } });
  }
  return features;
}

/** The board's sources and layers on a ready map (exported for its tests). */
export function BoardLayers({
  drivers: liveDrivers,
  unassigned: liveUnassigned,
  selected,
  driverAt,
}: {
  drivers: readonly MapDriver[];
  unassigned: readonly BoardDelivery[];
  selected: BoardDelivery | null;
  driverAt?: BoardMapProps['driverAt'];
}) {
  const context = useMapContext();
  const map = context?.map ?? null;
  const generation = context?.styleGeneration ?? 0;
  // A lite map (WebGL in software) does not glide: each glide step is a frame the page's main thread
  // waits for, ten a second while some driver always moves. Dots take their new place at each refresh.
  const lite = context?.lite ?? false;
  // Nor for a user who asked for less motion: the dots take their new place at each refresh.
  const reducedMotion = usePrefersReducedMotion();
  const glides = !lite && !reducedMotion;
  // Dots and stops follow the live data once a second at most (every five on a lite map): every change
  // redraws the whole map, a frame of the GPU (in software, without one, most of a core at the board's
  // rate of changes), while a second is well within what a fleet map shows as live. A selection shows
  // at once. Both together, so that a second's changes are one redraw.
  const live = useMemo(() => ({ drivers: liveDrivers, unassigned: liveUnassigned }), [liveDrivers, liveUnassigned]);
  const { drivers, unassigned } = useThrottled(live, lite ? LITE_MAP_REFRESH_MS : MAP_REFRESH_MS);
  const shown = useRef(new Map<string, Point>());
  const frame = useRef<number | null>(null);

  useEffect(() => {
    if (!map || map.getSource(SOURCE)) return;
    map.addSource(SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    map.addLayer({ id: 'board-stops', type: 'circle', source: SOURCE, filter: ['==', ['get', 'kind'], 'stop'], paint: { 'circle-radius': ['get', 'radius'], 'circle-color': ['get', 'colour'], 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1.5 } });
    map.addLayer({ id: 'board-drivers', type: 'circle', source: SOURCE, filter: ['==', ['get', 'kind'], 'driver'], paint: { 'circle-radius': 7, 'circle-color': ['get', 'colour'], 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 } });
  }, [map, generation]);

  useEffect(() => {
    if (!map || !driverAt) return;
    driverAt((clientX, clientY) => {
      const rect = map.getCanvas().getBoundingClientRect();
      const dots = drivers.map((d) => {
        const at = shown.current.get(d.id) ?? d;
        const p = map.project([at.lng, at.lat]);
        return { id: d.id, x: p.x, y: p.y };
      });
      return nearestDriverAt({ x: clientX - rect.left, y: clientY - rect.top }, dots);
    });
    return () => driverAt(null);
  }, [map, drivers, driverAt]);

  // The lanes are rebuilt on every live batch, so these props are new arrays several times a second
  // even when nothing on the map changed; each setData redraws the whole map (in software, without a
  // GPU). What was last drawn is kept, and the map is redrawn only when it differs. Stops and dots are
  // one source, so that a second's changes to both are one redraw, not one per source.
  const drawnStops = useRef('');
  const stops = useRef<GeoJSON.Feature[]>([]);
  const drawnDrivers = useRef<{ source: GeoJSONSource; generation: number; drivers: readonly MapDriver[] } | null>(null);

  useEffect(() => {
    const source = map?.getSource(SOURCE) as GeoJSONSource | undefined;
    if (!source) return;
    const draw = (at: ReadonlyMap<string, Point>) => void source.setData({ type: 'FeatureCollection', features: [...stops.current, ...driverFeatures(drivers, at)] });

    const stopsKey = `${generation}|${selected ? `${selected.id}:${selected.pickup_lat},${selected.pickup_lng};${selected.dropoff_lat},${selected.dropoff_lng}` : ''}|${unassigned.map((d) => `${d.id}:${d.pickup_lat},${d.pickup_lng}`).join(';')}`;
    const stopsChanged = stopsKey !== drawnStops.current;
    if (stopsChanged) {
      drawnStops.current = stopsKey;
      stops.current = stopFeatures(unassigned, selected);
    }
    const last = drawnDrivers.current;
    if (last && last.source === source && last.generation === generation && last.drivers.length === drivers.length && last.drivers.every((d, i) => sameDot(d, drivers[i]!))) {
      // The same dots: redrawn for the stops alone, where they are now (a glide under way carries on).
      if (stopsChanged) draw(shown.current);
      return;
    }
    drawnDrivers.current = { source, generation, drivers };
    // Glide from where each dot is drawn now to its new fix, so a position every few seconds reads as
    // movement. A dot that moves less than GLIDE_MIN_PX on screen (a van's few metres at city zoom)
    // takes its place at once: gliding it would redraw the whole map ten times a second for nothing seen.
    const from = new Map(shown.current);
    const gliding = new Set<string>();
    for (const d of glides ? drivers : []) {
      const at = from.get(d.id);
      if (at === undefined || (Math.abs(at.lat - d.lat) < 1e-9 && Math.abs(at.lng - d.lng) < 1e-9)) continue;
      const a = map!.project([at.lng, at.lat]);
      const b = map!.project([d.lng, d.lat]);
      if (Math.hypot(a.x - b.x, a.y - b.y) >= GLIDE_MIN_PX) gliding.add(d.id);
    }
    if (gliding.size === 0) {
      // Nothing to glide (a status, a name, a driver on or off duty, small moves, a lite map): one redraw, no animation frames.
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      frame.current = null;
      shown.current = new Map(drivers.map((d) => [d.id, { lat: d.lat, lng: d.lng }]));
      draw(shown.current);
      return;
    }
    const start = performance.now();
    let drawn = -Infinity;
    const step = (time: number) => {
      const t = Math.min(1, (time - start) / ANIMATION_MS);
      if (t < 1 && time - drawn < GLIDE_STEP_MS) {
        frame.current = requestAnimationFrame(step);
        return;
      }
      drawn = time;
      const ease = t * (2 - t);
      const next = new Map<string, Point>();
      for (const d of drivers) {
        const a = gliding.has(d.id) ? from.get(d.id)! : d;
        next.set(d.id, { lat: a.lat + (d.lat - a.lat) * ease, lng: a.lng + (d.lng - a.lng) * ease });
      }
      shown.current = next;
      draw(next);
      frame.current = t < 1 ? requestAnimationFrame(step) : null;
    };
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(step);
    // No clean-up here: a re-render with the same dots must not stop a glide midway. A new glide
    // cancels the old one above; the map going away cancels it below.
  }, [map, generation, unassigned, selected, drivers, glides]);

  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      frame.current = null;
    },
    [map],
  );

  return null;
}
