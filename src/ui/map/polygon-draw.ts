import type { LngLatTuple } from './basemap';

/**
 * An outline being drawn: its distinct points in order (the closing point is implied) and whether
 * the ring is closed. Every change returns a new state; the drawing tool and its point list both
 * edit it through these functions, so the map and the keyboard behave the same.
 */
export interface DrawState {
  vertices: readonly LngLatTuple[];
  closed: boolean;
}

// A type alias, not an interface: it is then assignable to a jsonb column's Json type.
export type GeoJsonPolygon = {
  type: 'Polygon';
  coordinates: LngLatTuple[][];
};

export const EMPTY_DRAWING: DrawState = { vertices: [], closed: false };
export const MAX_VERTICES = 500;

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
const point = (lng: number, lat: number): LngLatTuple => [round6(lng), round6(lat)];
const samePoint = (a: LngLatTuple, b: LngLatTuple) => a[0] === b[0] && a[1] === b[1];

/** A click on the map while the outline is open: a new last point (a point already there is ignored). */
export function addVertex(state: DrawState, lng: number, lat: number): DrawState {
  if (state.closed || state.vertices.length >= MAX_VERTICES) return state;
  const next = point(lng, lat);
  if (state.vertices.some((v) => samePoint(v, next))) return state;
  return { ...state, vertices: [...state.vertices, next] };
}

export function moveVertex(state: DrawState, index: number, lng: number, lat: number): DrawState {
  if (index < 0 || index >= state.vertices.length) return state;
  return { ...state, vertices: state.vertices.map((v, i) => (i === index ? point(lng, lat) : v)) };
}

/** Inserts a point after `index` (a closed outline's edge midpoint handle). */
export function insertVertex(state: DrawState, index: number, lng: number, lat: number): DrawState {
  if (index < 0 || index >= state.vertices.length || state.vertices.length >= MAX_VERTICES) return state;
  const vertices = [...state.vertices];
  vertices.splice(index + 1, 0, point(lng, lat));
  return { ...state, vertices };
}

/** Removing a point from a closed triangle opens it again: a closed outline always has 3 points. */
export function removeVertex(state: DrawState, index: number): DrawState {
  if (index < 0 || index >= state.vertices.length) return state;
  const vertices = state.vertices.filter((_, i) => i !== index);
  return { vertices, closed: state.closed && vertices.length >= 3 };
}

export const canClose = (state: DrawState) => !state.closed && state.vertices.length >= 3;

export function closeRing(state: DrawState): DrawState {
  return canClose(state) ? { ...state, closed: true } : state;
}

export function reopenRing(state: DrawState): DrawState {
  return { ...state, closed: false };
}

/** The midpoint of each edge of a closed outline (edge i runs from point i to point i+1). */
export function edgeMidpoints(state: DrawState): LngLatTuple[] {
  if (!state.closed) return [];
  return state.vertices.map((v, i) => {
    const w = state.vertices[(i + 1) % state.vertices.length]!;
    return point((v[0] + w[0]) / 2, (v[1] + w[1]) / 2);
  });
}

/** The GeoJSON of a closed outline (the ring repeats its first point), null while it is open. */
export function toGeoJsonPolygon(state: DrawState): GeoJsonPolygon | null {
  if (!state.closed || state.vertices.length < 3) return null;
  const ring = state.vertices.map((v) => [v[0], v[1]] as LngLatTuple);
  return { type: 'Polygon', coordinates: [[...ring, [ring[0]![0], ring[0]![1]]]] };
}

/** A stored outline as a drawing (closed); an unreadable one as an empty drawing. */
export function fromGeoJsonPolygon(value: unknown): DrawState {
  const ring = (value as { coordinates?: unknown } | null)?.coordinates;
  if (!Array.isArray(ring) || !Array.isArray(ring[0])) return EMPTY_DRAWING;
  const positions = (ring[0] as unknown[]).filter(
    (p): p is LngLatTuple => Array.isArray(p) && typeof p[0] === 'number' && typeof p[1] === 'number',
  );
  const first = positions[0];
  const last = positions[positions.length - 1];
  const vertices = first && last && positions.length > 1 && samePoint(first, last) ? positions.slice(0, -1) : positions;
  return { vertices: vertices.map((v) => [v[0], v[1]] as LngLatTuple), closed: vertices.length >= 3 };
}

/** The line to draw: the open path, or the closed ring. */
export function drawingLine(state: DrawState): LngLatTuple[] {
  const line = state.vertices.map((v) => [v[0], v[1]] as LngLatTuple);
  return state.closed && line.length > 0 ? [...line, line[0]!] : line;
}

function orientation(a: LngLatTuple, b: LngLatTuple, c: LngLatTuple): number {
  return Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
}

function segmentsTouch(a: LngLatTuple, b: LngLatTuple, c: LngLatTuple, d: LngLatTuple): boolean {
  const o1 = orientation(a, b, c);
  const o2 = orientation(a, b, d);
  const o3 = orientation(c, d, a);
  const o4 = orientation(c, d, b);
  if (o1 * o2 > 0 || o3 * o4 > 0) return false;
  if (o1 === 0 && o2 === 0 && o3 === 0 && o4 === 0) {
    return (
      Math.max(Math.min(a[0], b[0]), Math.min(c[0], d[0])) <= Math.min(Math.max(a[0], b[0]), Math.max(c[0], d[0])) &&
      Math.max(Math.min(a[1], b[1]), Math.min(c[1], d[1])) <= Math.min(Math.max(a[1], b[1]), Math.max(c[1], d[1]))
    );
  }
  return true;
}

/**
 * The first problem of a GeoJSON value as a zone outline, or null: the same rules and words as
 * the database's private.zone_polygon_problem, so the form says what the server would.
 */
export function polygonProblem(value: unknown): string | null {
  if (value === null || value === undefined) return 'Draw the zone on the map';
  const shape = value as { type?: unknown; coordinates?: unknown };
  if (typeof value !== 'object' || Array.isArray(value) || shape.type !== 'Polygon' || !Array.isArray(shape.coordinates)) {
    return 'The zone must be a GeoJSON Polygon';
  }
  if (Object.keys(shape).some((key) => !['type', 'coordinates', 'bbox'].includes(key))) return 'The zone must be a GeoJSON Polygon';
  if (shape.coordinates.length !== 1) return 'A zone is one outline, without holes';
  const ring: unknown = shape.coordinates[0];
  if (!Array.isArray(ring)) return 'The zone must be a GeoJSON Polygon';
  const points: LngLatTuple[] = [];
  for (const position of ring as unknown[]) {
    if (!Array.isArray(position) || position.length !== 2 || typeof position[0] !== 'number' || typeof position[1] !== 'number') {
      return 'Each point must be a [longitude, latitude] pair of numbers';
    }
    const [lng, lat] = position as [number, number];
    if (!(lng >= -180 && lng <= 180 && lat >= -90 && lat <= 90)) {
      return 'Points must have a longitude from -180 to 180 and a latitude from -90 to 90';
    }
    points.push([lng, lat]);
  }
  const first = points[0];
  const last = points[points.length - 1];
  if (points.length < 2 || !first || !last || !samePoint(first, last)) return 'The outline must be closed: its last point must repeat its first';
  const n = points.length - 1;
  if (n < 3) return 'Draw at least 3 points';
  if (n > MAX_VERTICES) return `A zone can have at most ${MAX_VERTICES} points`;
  for (let i = 0; i < n - 1; i += 1) {
    for (let j = i + 1; j < n; j += 1) {
      if (samePoint(points[i]!, points[j]!)) return 'The outline must not pass through the same point twice';
    }
  }
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 2; j < n; j += 1) {
      if (i === 0 && j === n - 1) continue;
      if (segmentsTouch(points[i]!, points[i + 1]!, points[j]!, points[j + 1]!)) return 'The outline must not cross itself';
    }
  }
  let twiceArea = 0;
  for (let i = 0; i < n; i += 1) twiceArea += points[i]![0] * points[i + 1]![1] - points[i + 1]![0] * points[i]![1];
  if (twiceArea === 0) return 'The zone must enclose an area';
  return null;
}

/** The problem of a drawing: an open outline first asks to be closed. */
export function drawingProblem(state: DrawState): string | null {
  if (state.vertices.length === 0) return 'Draw the zone on the map';
  if (state.vertices.length < 3) return 'Draw at least 3 points';
  if (!state.closed) return 'Close the outline: click its first point, or choose Close outline';
  return polygonProblem(toGeoJsonPolygon(state));
}

/** [[west, south], [east, north]] around every point of the outlines; null when there are none. */
export function boundsOf(outlines: readonly (readonly LngLatTuple[])[]): [LngLatTuple, LngLatTuple] | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const outline of outlines) {
    for (const [lng, lat] of outline) {
      west = Math.min(west, lng);
      east = Math.max(east, lng);
      south = Math.min(south, lat);
      north = Math.max(north, lat);
    }
  }
  return Number.isFinite(west) ? [[west, south], [east, north]] : null;
}
