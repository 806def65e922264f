import { describe, expect, it } from 'vitest';
import {
  addVertex,
  boundsOf,
  canClose,
  closeRing,
  drawingLine,
  drawingProblem,
  edgeMidpoints,
  EMPTY_DRAWING,
  fromGeoJsonPolygon,
  insertVertex,
  MAX_VERTICES,
  moveVertex,
  polygonProblem,
  removeVertex,
  reopenRing,
  toGeoJsonPolygon,
  type DrawState,
} from './polygon-draw';

const triangle: DrawState = { vertices: [[0, 0], [1, 0], [1, 1]], closed: false };
const polygon = (ring: unknown[][], extra: Record<string, unknown> = {}) => ({ type: 'Polygon', coordinates: [ring], ...extra });

describe('drawing an outline', () => {
  it('adds points while open, rounded to 6 decimals, and ignores a point already there', () => {
    let state = addVertex(EMPTY_DRAWING, -122.41234567, 37.7712345678);
    expect(state.vertices).toEqual([[-122.412346, 37.771235]]);
    state = addVertex(state, -122.41234567, 37.7712345678);
    expect(state.vertices).toHaveLength(1);
  });

  it('closes only with 3 points or more, and a closed outline takes no more clicks', () => {
    const two = { vertices: triangle.vertices.slice(0, 2), closed: false };
    expect(canClose(two)).toBe(false);
    expect(closeRing(two)).toBe(two);
    const closed = closeRing(triangle);
    expect(closed.closed).toBe(true);
    expect(addVertex(closed, 5, 5)).toBe(closed);
    expect(reopenRing(closed).closed).toBe(false);
  });

  it('moves, inserts and removes points; removing from a closed triangle opens it', () => {
    const closed = closeRing(triangle);
    expect(moveVertex(closed, 2, 2, 2).vertices[2]).toEqual([2, 2]);
    expect(moveVertex(closed, 7, 2, 2)).toBe(closed);
    const four = insertVertex(closed, 0, 0.5, -0.5);
    expect(four.vertices).toEqual([[0, 0], [0.5, -0.5], [1, 0], [1, 1]]);
    expect(removeVertex(four, 1)).toEqual({ vertices: triangle.vertices, closed: true });
    expect(removeVertex(closed, 0)).toEqual({ vertices: [[1, 0], [1, 1]], closed: false });
  });

  it('offers a handle at the middle of each edge of a closed outline only', () => {
    expect(edgeMidpoints(triangle)).toEqual([]);
    expect(edgeMidpoints(closeRing(triangle))).toEqual([[0.5, 0], [1, 0.5], [0.5, 0.5]]);
  });

  it('draws the open path, or the ring closed on its first point', () => {
    expect(drawingLine(triangle)).toHaveLength(3);
    expect(drawingLine(closeRing(triangle))).toEqual([[0, 0], [1, 0], [1, 1], [0, 0]]);
  });

  it('turns a closed drawing into GeoJSON and back', () => {
    expect(toGeoJsonPolygon(triangle)).toBeNull();
    const geo = toGeoJsonPolygon(closeRing(triangle));
    expect(geo).toEqual({ type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] });
    expect(fromGeoJsonPolygon(geo)).toEqual({ vertices: triangle.vertices, closed: true });
    expect(fromGeoJsonPolygon(null)).toEqual(EMPTY_DRAWING);
    expect(fromGeoJsonPolygon({ type: 'Polygon', coordinates: 'nope' })).toEqual(EMPTY_DRAWING);
  });

  it('stops at the most points a zone may have', () => {
    let state = EMPTY_DRAWING;
    for (let i = 0; i < MAX_VERTICES + 5; i += 1) state = addVertex(state, Math.cos(i), Math.sin(i) + i * 0.001);
    expect(state.vertices).toHaveLength(MAX_VERTICES);
  });

  it('puts bounds around every outline', () => {
    expect(boundsOf([])).toBeNull();
    expect(boundsOf([[[0, 0], [2, 1]], [[-1, 3]]])).toEqual([[-1, 0], [2, 3]]);
  });
});

describe('what is wrong with an outline (the database says the same)', () => {
  it.each([
    ['nothing drawn', null, 'Draw the zone on the map'],
    ['not a Polygon', { type: 'Point', coordinates: [0, 0] }, 'The zone must be a GeoJSON Polygon'],
    ['an array', [[0, 0]], 'The zone must be a GeoJSON Polygon'],
    ['unknown keys', polygon([[0, 0], [1, 0], [1, 1], [0, 0]], { properties: {} }), 'The zone must be a GeoJSON Polygon'],
    ['a hole', { type: 'Polygon', coordinates: [[[0, 0], [4, 0], [4, 4], [0, 0]], [[1, 1], [2, 1], [2, 2], [1, 1]]] }, 'A zone is one outline, without holes'],
    ['an altitude', polygon([[0, 0], [1, 0, 5], [1, 1], [0, 0]]), 'Each point must be a [longitude, latitude] pair of numbers'],
    ['a string', polygon([[0, 0], ['1', 0], [1, 1], [0, 0]]), 'Each point must be a [longitude, latitude] pair of numbers'],
    ['out of range', polygon([[0, 0], [181, 0], [1, 1], [0, 0]]), 'Points must have a longitude from -180 to 180 and a latitude from -90 to 90'],
    ['open', polygon([[0, 0], [1, 0], [1, 1], [0, 1]]), 'The outline must be closed: its last point must repeat its first'],
    ['two points', polygon([[0, 0], [1, 0], [0, 0]]), 'Draw at least 3 points'],
    ['a repeated point', polygon([[0, 0], [1, 0], [1, 1], [1, 0], [0, 0]]), 'The outline must not pass through the same point twice'],
    ['a bow tie', polygon([[0, 0], [1, 1], [1, 0], [0, 1], [0, 0]]), 'The outline must not cross itself'],
    ['a point on another edge', polygon([[0, 0], [2, 0], [2, 2], [1, 0], [0, 2], [0, 0]]), 'The outline must not cross itself'],
    ['a line', polygon([[0, 0], [1, 0], [2, 0], [0, 0]]), 'The zone must enclose an area'],
  ])('%s', (_name, value, message) => {
    expect(polygonProblem(value)).toBe(message);
  });

  it('accepts a simple polygon, clockwise or not', () => {
    expect(polygonProblem(polygon([[0, 0], [1, 0], [1, 1], [0, 0]]))).toBeNull();
    expect(polygonProblem(polygon([[0, 0], [1, 1], [1, 0], [0, 0]]))).toBeNull();
  });

  it('asks for more points, then for closing, before the shape rules', () => {
    expect(drawingProblem(EMPTY_DRAWING)).toBe('Draw the zone on the map');
    expect(drawingProblem({ vertices: [[0, 0]], closed: false })).toBe('Draw at least 3 points');
    expect(drawingProblem(triangle)).toBe('Close the outline: click its first point, or choose Close outline');
    expect(drawingProblem(closeRing(triangle))).toBeNull();
    expect(drawingProblem({ vertices: [[0, 0], [1, 1], [1, 0], [0, 1]], closed: true })).toBe('The outline must not cross itself');
  });
});
