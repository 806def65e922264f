import 'maplibre-gl/dist/maplibre-gl.css';
import type {
  CircleLayerSpecification,
  FillLayerSpecification,
  LineLayerSpecification,
  Map as MaplibreMap,
  MapMouseEvent,
  Marker as MaplibreMarker,
} from 'maplibre-gl';
import type * as Maplibre from 'maplibre-gl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../../lib/i18n/catalogue';
import { Button } from '../Button';
import { uiMessages } from '../messages';
import { Skeleton } from '../Skeleton';
import {
  DARK_PALETTE,
  DEFAULT_HEIGHT,
  DEFAULT_ZOOM,
  LIGHT_PALETTE,
  loadBasemapData,
  mapboxStyle,
  mapboxTransformRequest,
  offlineStyle,
  resolveCenter,
  type LngLatTuple,
  type TenantMapCentre,
} from './basemap';
import { MapContext } from './map-context';
import { PointInput, formatLngLat } from './PointInput';
import { webGLSupport, type WebGLSupport } from './webgl';

export interface MapMarker {
  id: string;
  lng: number;
  lat: number;
  /** Shown beside the pin as HTML (the basemap has no glyphs) and as its accessible name. */
  label?: string;
  /** Any CSS colour. */
  color?: string;
}

export type MapGeoJsonLayer =
  | { id: string; data: GeoJSON.GeoJSON; type: 'fill'; paint?: FillLayerSpecification['paint'] }
  | { id: string; data: GeoJSON.GeoJSON; type: 'line'; paint?: LineLayerSpecification['paint'] }
  | { id: string; data: GeoJSON.GeoJSON; type: 'circle'; paint?: CircleLayerSpecification['paint'] };

export interface MapViewProps {
  /** [lng, lat]; wins over defaultCenter. */
  center?: LngLatTuple | null;
  /** The tenant's `general.default_location_cordinates.settings`; India when missing or invalid. */
  defaultCenter?: TenantMapCentre | null;
  zoom?: number;
  /** Pixels or any CSS length. */
  height?: number | string;
  markers?: readonly MapMarker[];
  layers?: readonly MapGeoJsonLayer[];
  /** Enables picking: a click (or Enter on the focused map, for its centre) picks a point. */
  onPick?: (lng: number, lat: number) => void;
  /** The picked point to show, when the screen owns it (e.g. edited in its own inputs). */
  picked?: LngLatTuple | null;
  /**
   * Where the map cannot be drawn, offer latitude and longitude inputs to pick by typing (default).
   * Off where the screen has coordinate fields of its own, so they are not offered twice.
   */
  pickByTyping?: boolean;
  /** Tenant maps key or VITE_MAPBOX_TOKEN: Mapbox tiles instead of the offline basemap. */
  mapboxToken?: string | null;
  /** The map's accessible name. */
  label?: string;
  className?: string;
  /** Pieces that draw on the map themselves (e.g. PolygonDrawLayer, FitBounds): they read it from MapContext once it is ready. */
  children?: ReactNode;
  /**
   * Create the map only when it comes near the viewport: for a map below the fold of a busy page (a
   * tool under the live board), so the page pays for one WebGL map at a time.
   */
  deferUntilVisible?: boolean;
  /**
   * Hold the map (its WebGL probe and its creation) while true: a page whose own content comes first
   * (the board's lists with the working set) lets that paint, then the map. Creating a WebGL map is
   * whole seconds of main-thread work where WebGL is software-rendered.
   */
  deferred?: boolean;
}

type Status = 'loading' | 'ready' | 'unavailable' | 'failed';

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * A lite map where WebGL is rendered in software (no GPU): drawn at about a third of the screen's
 * resolution, an eighth of the pixels, and scaled up (soft, but dots and coasts stay readable).
 * Without a GPU each frame of the map is rasterized on the CPU and, as the page is then composited
 * in software too, copied back on the page's main thread: 60-100 ms per frame for a board-sized map
 * at full resolution, long enough to stall typing and scrolling beside it; at half resolution still
 * 50-140 ms on the board's busy 2-core bench machine, at a third 30-90 ms. Google Maps makes the
 * same trade in its lite mode.
 */
const LITE_PIXEL_SCALE = 0.35;

let maplibre: Promise<typeof Maplibre> | undefined;

/** maplibre is its own chunk, loaded only where a map can render; its worker is bundled by Vite. */
function loadMaplibre() {
  maplibre ??= Promise.all([import('maplibre-gl'), import('maplibre-gl/dist/maplibre-gl-worker.mjs?url')])
    .then(([lib, worker]) => {
      lib.setWorkerUrl(worker.default);
      return lib;
    })
    .catch((error: unknown) => {
      maplibre = undefined;
      throw error;
    });
  return maplibre;
}

/** A marker's pin (and its label, if any); `name` is what assistive technology reads for it. */
function markerElement(color: string, label: string | undefined, name: string, picked = false) {
  const element = document.createElement('div');
  element.className = 'pointer-events-none flex flex-col items-center';
  element.setAttribute('role', 'img');
  element.setAttribute('aria-label', name);
  if (label) {
    const text = document.createElement('span');
    text.className = 'mb-1 max-w-40 truncate rounded bg-white/95 px-1.5 py-0.5 text-xs font-medium text-slate-900 shadow-sm ring-1 ring-slate-300';
    text.textContent = label;
    element.append(text);
  }
  const pin = document.createElement('span');
  pin.className = picked ? 'block size-4 rounded-full border-2 border-white shadow ring-2 ring-slate-900' : 'block size-3.5 rounded-full border-2 border-white shadow';
  pin.style.backgroundColor = color;
  element.append(pin);
  return element;
}

/**
 * A maplibre map on the offline Natural Earth basemap (or Mapbox tiles with a token), with
 * markers, GeoJSON layers and point picking. Without WebGL it says so and still lists the
 * points, and a picker gets latitude/longitude inputs instead of a blank box.
 */
export function MapView({
  center,
  defaultCenter,
  zoom = DEFAULT_ZOOM,
  height = DEFAULT_HEIGHT,
  markers,
  layers,
  onPick,
  picked,
  pickByTyping = true,
  mapboxToken,
  label: ownLabel,
  className,
  children,
  deferUntilVisible = false,
  deferred = false,
}: MapViewProps) {
  // Probed after the first paint, not in render: the probe is slow where WebGL is software-rendered,
  // and the page around the map (a board's lists) should not wait for it.
  const [webgl, setWebgl] = useState<WebGLSupport | null>(null);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- deliberately after the first paint (and not while deferred): one probe result per mount, no cascade.
    if (!deferred) setWebgl((known) => known ?? webGLSupport());
  }, [deferred]);
  const lite = webgl === 'software';
  // Without IntersectionObserver (old browsers, jsdom) a deferred map is created at once.
  const [nearViewport, setNearViewport] = useState(() => !deferUntilVisible || typeof IntersectionObserver === 'undefined');
  const [loadStatus, setStatus] = useState<Status>('loading');
  const status: Status = webgl === 'none' ? 'unavailable' : loadStatus;
  const [attempt, setAttempt] = useState(0);
  // Set when the map key was refused and the built-in map shows instead.
  const [notice, setNotice] = useState(false);
  const t = useT(uiMessages);
  const label = ownLabel ?? t('map.label');
  const [map, setMap] = useState<MaplibreMap | null>(null);
  const [lib, setLib] = useState<typeof Maplibre | null>(null);
  const [styleGeneration, setStyleGeneration] = useState(0);
  const [ownPicked, setOwnPicked] = useState<LngLatTuple | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const liveMap = useRef<MaplibreMap | null>(null);

  const [lng, lat] = resolveCenter(center, defaultCenter);
  const shownPicked = picked !== undefined ? picked : ownPicked;
  const token = mapboxToken?.trim() || null;

  const view = useRef({ lng, lat, zoom });
  const onPickRef = useRef(onPick);
  useEffect(() => {
    view.current = { lng, lat, zoom };
    onPickRef.current = onPick;
  });

  const pick = (pickedLng: number, pickedLat: number) => {
    const point: LngLatTuple = [round6(pickedLng), round6(pickedLat)];
    setOwnPicked(point);
    onPickRef.current?.(point[0], point[1]);
  };
  const pickRef = useRef(pick);
  useEffect(() => {
    pickRef.current = pick;
  });

  useEffect(() => {
    const container = containerRef.current;
    if (nearViewport || !container) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNearViewport(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(container);
    return () => observer.disconnect();
  }, [nearViewport]);

  useEffect(() => {
    const container = containerRef.current;
    if (webgl === null || webgl === 'none' || !nearViewport || !container) return;
    // The map's lifecycle, not a read: `cancelled` stops a map still being created once the view has left.
    let cancelled = false;
    let created: MaplibreMap | undefined;
    const dark = document.documentElement.classList.contains('dark');

    const offline = () => loadBasemapData().then((data) => offlineStyle(data, dark ? DARK_PALETTE : LIGHT_PALETTE));

    Promise.all([loadMaplibre(), token ? Promise.resolve(mapboxStyle()) : offline()])
      .then(([lib, style]) => {
        if (cancelled) return;
        let instance: MaplibreMap;
        try {
          instance = new lib.Map({
            container,
            style,
            center: [view.current.lng, view.current.lat],
            zoom: view.current.zoom,
            attributionControl: { compact: true },
            ...(webgl === 'software' ? { pixelRatio: window.devicePixelRatio * LITE_PIXEL_SCALE } : {}),
            ...(token ? { transformRequest: mapboxTransformRequest(token) } : {}),
          });
        } catch {
          // WebGL was reported but the context could not be created (blocklisted GPU, lost context).
          setStatus('unavailable');
          return;
        }
        created = instance;
        liveMap.current = instance;
        instance.addControl(new lib.NavigationControl({ showCompass: false }), 'top-right');
        instance.on('style.load', () => setStyleGeneration((g) => g + 1));
        // Where the map looks, on its container: what a browser test needs to find a point on screen.
        const showView = () => {
          const centre = instance.getCenter();
          container.dataset.center = `${round6(centre.lng)},${round6(centre.lat)}`;
          container.dataset.zoom = String(instance.getZoom());
        };
        instance.on('moveend', showView);
        instance.once('load', showView);
        instance.once('load', () => {
          if (cancelled) return;
          setLib(lib);
          setMap(instance);
          setStatus('ready');
        });
        instance.on('click', (event: MapMouseEvent) => {
          if (onPickRef.current) pickRef.current(event.lngLat.lng, event.lngLat.lat);
        });
        const canvas = instance.getCanvas();
        canvas.addEventListener('keydown', (event) => {
          if (event.key !== 'Enter' || !onPickRef.current) return;
          event.preventDefault();
          const centre = instance.getCenter();
          pickRef.current(centre.lng, centre.lat);
        });
        if (token) {
          let fellBack = false;
          instance.on('error', (event) => {
            const code = event.error instanceof lib.AJAXError ? event.error.status : undefined;
            if (fellBack || (code !== 401 && code !== 403)) return;
            fellBack = true;
            setNotice(true);
            offline().then(
              (offlineStyleSpec) => {
                if (!cancelled) instance.setStyle(offlineStyleSpec);
              },
              () => undefined,
            );
          });
        }
      })
      .catch(() => {
        if (!cancelled) setStatus('failed');
      });

    return () => {
      cancelled = true;
      liveMap.current = null;
      setMap(null);
      created?.remove();
    };
  }, [webgl, nearViewport, token, attempt]);

  useEffect(() => {
    map?.jumpTo({ center: [lng, lat], zoom });
  }, [map, lng, lat, zoom]);

  const canvasLabel = onPick ? t('map.pickLabel', { label }) : label;
  useEffect(() => {
    if (!map) return;
    const canvas = map.getCanvas();
    canvas.style.cursor = onPick ? 'crosshair' : '';
    canvas.setAttribute('aria-label', canvasLabel);
  }, [map, onPick, canvasLabel]);

  // Markers are drawn with the library the map was made with (set with it): nothing to wait for.
  useEffect(() => {
    if (!map || !lib || !markers?.length) return;
    const added: MaplibreMarker[] = markers.map((marker) => {
      const element = markerElement(marker.color ?? '#2563eb', marker.label, t('map.markerAt', { label: marker.label ?? t('map.point'), point: formatLngLat([marker.lng, marker.lat]) }));
      return new lib.Marker({ element, anchor: 'bottom' }).setLngLat([marker.lng, marker.lat]).addTo(map);
    });
    return () => {
      if (liveMap.current === map) for (const marker of added) marker.remove();
    };
  }, [map, lib, markers, t]);

  useEffect(() => {
    if (!map || !lib || !shownPicked) return;
    const element = markerElement('#dc2626', undefined, t('map.picked', { point: formatLngLat(shownPicked) }), true);
    element.dataset.picked = 'true';
    const marker = new lib.Marker({ element, anchor: 'center' }).setLngLat(shownPicked).addTo(map);
    return () => {
      if (liveMap.current === map) marker.remove();
    };
  }, [map, lib, shownPicked, t]);

  useEffect(() => {
    if (!map || !layers?.length) return;
    for (const layer of layers) {
      const sourceId = `waypost-${layer.id}`;
      if (map.getSource(sourceId)) continue;
      map.addSource(sourceId, { type: 'geojson', data: layer.data });
      // The union keeps each type with its own paint; maplibre's addLayer takes the union as is.
      map.addLayer({ id: sourceId, source: sourceId, type: layer.type, paint: layer.paint ?? {} } as Parameters<MaplibreMap['addLayer']>[0]);
    }
    return () => {
      if (liveMap.current !== map) return;
      for (const layer of layers) {
        const id = `waypost-${layer.id}`;
        if (map.getLayer(id)) map.removeLayer(id);
        if (map.getSource(id)) map.removeSource(id);
      }
    };
  }, [map, layers, styleGeneration]);

  const cssHeight = typeof height === 'number' ? `${height}px` : height;

  if (status === 'unavailable' || status === 'failed') {
    return (
      <section
        aria-label={label}
        className={`flex flex-col gap-3 overflow-auto rounded-lg border border-slate-300 bg-slate-50 p-4 text-sm dark:border-slate-700 dark:bg-slate-900 ${className ?? ''}`}
        style={{ minHeight: cssHeight }}
        data-testid="map-fallback"
      >
        <p role="status" className="font-semibold">
          {status === 'unavailable' ? t('map.unavailable') : t('map.failed')}
        </p>
        {status === 'failed' && (
          <div>
            <Button
              variant="secondary"
              onClick={() => {
                setStatus('loading');
                setAttempt((n) => n + 1);
              }}
            >
              {t('retry')}
            </Button>
          </div>
        )}
        <p className="text-slate-600 dark:text-slate-400">{t('map.centre', { point: formatLngLat([lng, lat]) })}</p>
        {markers && markers.length > 0 && (
          <ul aria-label={t('map.points')} className="list-disc space-y-1 pl-5">
            {markers.map((marker) => (
              <li key={marker.id}>
                {t('map.marker', { label: marker.label ?? marker.id, point: formatLngLat([marker.lng, marker.lat]) })}
              </li>
            ))}
          </ul>
        )}
        {onPick && pickByTyping && <PointInput value={shownPicked} onPick={pick} />}
      </section>
    );
  }

  return (
    <div
      className={`relative overflow-hidden rounded-lg border border-slate-300 dark:border-slate-700 ${className ?? ''}`}
      style={{ height: cssHeight }}
      aria-busy={status === 'loading' || undefined}
    >
      <div
        ref={containerRef}
        role="region"
        aria-label={label}
        // Inline, because maplibre's stylesheet makes its container `position: relative`.
        style={{ position: 'absolute', inset: 0 }}
        data-testid="map"
        data-status={status}
      />
      {status === 'loading' && (
        <div className="absolute inset-0">
          <Skeleton className="h-full w-full rounded-none" />
          <span className="sr-only" role="status">
            {t('map.loading')}
          </span>
        </div>
      )}
      {notice && (
        <p role="status" className="absolute bottom-2 left-2 rounded bg-white/95 px-2 py-1 text-xs text-slate-900 shadow">
          {t('map.keyRefused')}
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {shownPicked ? t('map.picked', { point: formatLngLat(shownPicked) }) : ''}
      </p>
      {lite && status === 'ready' && (
        <p className="absolute left-2 top-2 rounded bg-white/90 px-2 py-0.5 text-xs text-slate-700 shadow dark:bg-slate-900/90 dark:text-slate-200" data-testid="lite-map">
          {t('map.lite')}
        </p>
      )}
      {map && lib && <MapContext value={{ map, lib, styleGeneration, lite }}>{children}</MapContext>}
    </div>
  );
}
