import type { GeoJSONSource, Map as MaplibreMap, MapMouseEvent, Marker } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { useT, type Translate } from '../../lib/i18n/catalogue';
import { Button } from '../Button';
import { uiMessages, type UiKey } from '../messages';
import type { LngLatTuple } from './basemap';
import { useMapContext } from './map-context';
import { formatLngLat } from './PointInput';
import {
  addVertex,
  canClose,
  closeRing,
  drawingLine,
  edgeMidpoints,
  EMPTY_DRAWING,
  insertVertex,
  moveVertex,
  removeVertex,
  reopenRing,
  boundsOf,
  type DrawState,
} from './polygon-draw';

/** Arrow keys move a focused point by this much (degrees; about 50 m). */
export const NUDGE_DEGREES = 0.0005;

const SOURCE = 'waypost-draw';

function shapeData(state: DrawState): GeoJSON.FeatureCollection {
  const line = drawingLine(state);
  const features: GeoJSON.Feature[] = [];
  if (state.closed && line.length >= 4) {
    features.push({ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [line] } });
  }
  if (line.length >= 2) features.push({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: line } });
  return { type: 'FeatureCollection', features };
}

function addShapeLayers(map: MaplibreMap, color: string, state: DrawState) {
  if (!map.getSource(SOURCE)) map.addSource(SOURCE, { type: 'geojson', data: shapeData(state) });
  if (!map.getLayer(`${SOURCE}-fill`)) {
    map.addLayer({ id: `${SOURCE}-fill`, type: 'fill', source: SOURCE, filter: ['==', ['geometry-type'], 'Polygon'], paint: { 'fill-color': color, 'fill-opacity': 0.25 } });
  }
  if (!map.getLayer(`${SOURCE}-line`)) {
    map.addLayer({ id: `${SOURCE}-line`, type: 'line', source: SOURCE, paint: { 'line-color': color, 'line-width': 2 } });
  }
}

function vertexElement(t: Translate<UiKey>, index: number, total: number, closed: boolean, color: string, [lng, lat]: LngLatTuple) {
  const element = document.createElement('button');
  element.type = 'button';
  element.dataset.vertex = String(index);
  const first = index === 0 && !closed && total >= 3;
  element.setAttribute('aria-label', t('outline.vertexLabel', { number: index + 1, point: formatLngLat([lng, lat]), first: first ? 'yes' : 'no' }));
  element.className = `block rounded-full border-2 border-white shadow ring-1 ring-slate-900/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 ${first ? 'size-5' : 'size-4'}`;
  element.style.backgroundColor = color;
  element.style.cursor = first ? 'pointer' : 'grab';
  return element;
}

function midpointElement(t: Translate<UiKey>, index: number) {
  const element = document.createElement('button');
  element.type = 'button';
  element.dataset.midpoint = String(index);
  element.setAttribute('aria-label', t('outline.midpoint', { number: index + 1 }));
  element.className = 'block size-3 rounded-full border-2 border-slate-700 bg-white/80 shadow focus-visible:outline-2 focus-visible:outline-slate-900';
  element.style.cursor = 'copy';
  return element;
}

export interface PolygonDrawLayerProps {
  value: DrawState;
  onChange: (next: DrawState) => void;
  color?: string;
  /** Fit the map to the outline when it first shows one (editing a stored zone). */
  fitOnOpen?: boolean;
}

/**
 * Draws a zone outline on the MapView it is a child of: a click on the map adds a point, a click
 * on the first point (3 or more) closes the outline, points drag to move, a closed outline offers a
 * handle on each edge to add a point there. Points are buttons: focus one, arrow keys move it,
 * Delete removes it. The state is the caller's (a form field); PolygonPointList edits the same
 * state without a map.
 */
export function PolygonDrawLayer({ value, onChange, color = '#2563eb', fitOnOpen = true }: PolygonDrawLayerProps) {
  const t = useT(uiMessages);
  const context = useMapContext();
  const valueRef = useRef(value);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    valueRef.current = value;
    onChangeRef.current = onChange;
  });
  const map = context?.map;
  const lib = context?.lib;
  const styleGeneration = context?.styleGeneration;

  // The shape's source and layers, kept for the map's life (re-added after a style change).
  useEffect(() => {
    if (!map) return;
    addShapeLayers(map, color, valueRef.current);
    return () => {
      if (!map.getStyle()) return;
      for (const id of [`${SOURCE}-line`, `${SOURCE}-fill`]) if (map.getLayer(id)) map.removeLayer(id);
      if (map.getSource(SOURCE)) map.removeSource(SOURCE);
    };
  }, [map, color, styleGeneration]);

  useEffect(() => {
    void (map?.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(shapeData(value));
  }, [map, value, styleGeneration]);

  // A click on the map (not on a point or a handle) adds a point while the outline is open.
  useEffect(() => {
    if (!map) return;
    const onClick = (event: MapMouseEvent) => {
      const target = event.originalEvent.target as Element | null;
      if (target?.closest?.('[data-vertex],[data-midpoint]')) return;
      const current = valueRef.current;
      if (current.closed) return;
      onChangeRef.current(addVertex(current, event.lngLat.lng, event.lngLat.lat));
    };
    map.on('click', onClick);
    const canvas = map.getCanvas();
    canvas.style.cursor = 'crosshair';
    return () => {
      map.off('click', onClick);
      canvas.style.cursor = '';
    };
  }, [map]);

  const fitted = useRef(false);
  useEffect(() => {
    if (!map || fitted.current || !fitOnOpen || value.vertices.length < 3) return;
    const bounds = boundsOf([value.vertices]);
    if (bounds) map.fitBounds(bounds, { padding: 60, duration: 0, maxZoom: 15 });
    fitted.current = true;
  }, [map, fitOnOpen, value.vertices]);

  // The point that had focus before a rebuild gets it back (arrow keys keep moving it).
  const focusedVertex = useRef<number | null>(null);

  // Points and edge handles: rebuilt when the outline changes (a drag moves its marker and the
  // shape directly, and commits on release).
  useEffect(() => {
    if (!map || !lib) return;
    const markers: Marker[] = [];
    const elements: HTMLElement[] = [];
    const { vertices, closed } = value;
    vertices.forEach((vertex, index) => {
      const element = vertexElement(t, index, vertices.length, closed, color, vertex);
      const marker = new lib.Marker({ element, draggable: true, anchor: 'center' }).setLngLat(vertex).addTo(map);
      let dragged = false;
      marker.on('dragstart', () => {
        dragged = true;
      });
      marker.on('drag', () => {
        const at = marker.getLngLat();
        const moved = moveVertex(valueRef.current, index, at.lng, at.lat);
        void (map.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(shapeData(moved));
      });
      marker.on('dragend', () => {
        const at = marker.getLngLat();
        onChangeRef.current(moveVertex(valueRef.current, index, at.lng, at.lat));
      });
      element.addEventListener('click', (event) => {
        event.stopPropagation();
        if (dragged) {
          dragged = false;
          return;
        }
        if (index === 0 && canClose(valueRef.current)) onChangeRef.current(closeRing(valueRef.current));
      });
      element.addEventListener('contextmenu', (event) => {
        event.preventDefault();
        onChangeRef.current(removeVertex(valueRef.current, index));
      });
      element.addEventListener('keydown', (event) => {
        const [lng, lat] = valueRef.current.vertices[index] ?? vertex;
        const step: Record<string, [number, number]> = {
          ArrowLeft: [-NUDGE_DEGREES, 0],
          ArrowRight: [NUDGE_DEGREES, 0],
          ArrowUp: [0, NUDGE_DEGREES],
          ArrowDown: [0, -NUDGE_DEGREES],
        };
        const delta = step[event.key];
        if (delta) {
          event.preventDefault();
          event.stopPropagation();
          onChangeRef.current(moveVertex(valueRef.current, index, lng + delta[0], lat + delta[1]));
        } else if (event.key === 'Delete' || event.key === 'Backspace') {
          event.preventDefault();
          onChangeRef.current(removeVertex(valueRef.current, index));
        } else if (event.key === 'Enter' && index === 0 && canClose(valueRef.current)) {
          event.preventDefault();
          onChangeRef.current(closeRing(valueRef.current));
        }
      });
      markers.push(marker);
      elements.push(element);
    });
    if (focusedVertex.current !== null) {
      elements[Math.min(focusedVertex.current, elements.length - 1)]?.focus();
      focusedVertex.current = null;
    }
    edgeMidpoints(value).forEach((midpoint, index) => {
      const element = midpointElement(t, index);
      element.addEventListener('click', (event) => {
        event.stopPropagation();
        onChangeRef.current(insertVertex(valueRef.current, index, midpoint[0], midpoint[1]));
      });
      markers.push(new lib.Marker({ element, anchor: 'center' }).setLngLat(midpoint).addTo(map));
    });
    return () => {
      const focused = elements.findIndex((element) => element === document.activeElement);
      focusedVertex.current = focused >= 0 ? focused : null;
      for (const marker of markers) marker.remove();
    };
  }, [map, lib, value, color, t]);

  return null;
}

export interface PolygonPointListProps {
  value: DrawState;
  onChange: (next: DrawState) => void;
  /** The field's error, shown under the list. */
  error?: string | undefined;
  /** Its id, for aria-describedby. */
  errorId?: string;
}

const inputClass =
  'w-28 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

/** The outline's points as text: what the map draws, editable by keyboard and without WebGL. */
export function PolygonPointList({ value, onChange, error, errorId }: PolygonPointListProps) {
  const [latitude, setLatitude] = useState('');
  const [longitude, setLongitude] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const { vertices, closed } = value;
  const t = useT(uiMessages);

  const add = () => {
    const lat = Number(latitude);
    const lng = Number(longitude);
    if (latitude.trim() === '' || longitude.trim() === '' || !(lat >= -90 && lat <= 90) || !(lng >= -180 && lng <= 180)) {
      setAddError(t('outline.badPoint'));
      return;
    }
    setAddError(null);
    onChange(addVertex(value, lng, lat));
    setLatitude('');
    setLongitude('');
  };

  const status = closed
    ? t('outline.closed', { count: vertices.length })
    : vertices.length === 0
      ? t('outline.empty')
      : vertices.length < 3
        ? t('outline.few', { count: vertices.length })
        : t('outline.open', { count: vertices.length });

  return (
    <div className="space-y-3 text-sm">
      <p role="status" className="text-slate-700 dark:text-slate-300">
        {status}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" disabled={!canClose(value)} onClick={() => onChange(closeRing(value))}>
          {t('outline.close')}
        </Button>
        <Button type="button" variant="secondary" disabled={!closed} onClick={() => onChange(reopenRing(value))}>
          {t('outline.reopen')}
        </Button>
        <Button type="button" variant="secondary" disabled={vertices.length === 0} onClick={() => onChange(EMPTY_DRAWING)}>
          {t('outline.clear')}
        </Button>
      </div>
      {vertices.length > 0 && (
        <ol aria-label={t('outline.points')} className="max-h-64 space-y-1 overflow-auto">
          {vertices.map(([lng, lat], index) => (
            <li key={`${index}-${lng}-${lat}`} className="flex items-center gap-2">
              <span className="w-6 text-right text-slate-500 tabular-nums">{index + 1}.</span>
              <span className="tabular-nums">{formatLngLat([lng, lat])}</span>
              <button
                type="button"
                className="ml-auto rounded px-2 py-0.5 text-red-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand dark:text-red-400"
                aria-label={t('outline.removePoint', { number: index + 1 })}
                onClick={() => onChange(removeVertex(value, index))}
              >
                {t('outline.remove')}
              </button>
            </li>
          ))}
        </ol>
      )}
      {!closed && (
        <fieldset className="flex flex-wrap items-end gap-2">
          <legend className="mb-1 text-slate-700 dark:text-slate-300">{t('outline.addByCoordinates')}</legend>
          <label className="flex flex-col">
            {t('outline.latitude')}
            <input className={inputClass} inputMode="decimal" value={latitude} onChange={(event) => setLatitude(event.target.value)} />
          </label>
          <label className="flex flex-col">
            {t('outline.longitude')}
            <input className={inputClass} inputMode="decimal" value={longitude} onChange={(event) => setLongitude(event.target.value)} />
          </label>
          <Button type="button" variant="secondary" onClick={add}>
            {t('outline.addPoint')}
          </Button>
          {addError && (
            <p role="alert" className="w-full text-red-700 dark:text-red-400">
              {addError}
            </p>
          )}
        </fieldset>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** Fits the MapView it is a child of to outlines, once they are known. */
export function FitBounds({ outlines, maxZoom = 14 }: { outlines: readonly (readonly LngLatTuple[])[]; maxZoom?: number }) {
  const context = useMapContext();
  const map = context?.map;
  const key = JSON.stringify(boundsOf(outlines));
  useEffect(() => {
    const bounds = JSON.parse(key) as [LngLatTuple, LngLatTuple] | null;
    if (map && bounds) map.fitBounds(bounds, { padding: 40, duration: 0, maxZoom });
  }, [map, key, maxZoom]);
  return null;
}
