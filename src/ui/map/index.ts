export { useDrawingWords } from './drawing-words';
export { MapView, type MapGeoJsonLayer, type MapMarker, type MapViewProps } from './MapView';
export { DEFAULT_HEIGHT, DEFAULT_ZOOM, INDIA_CENTER, resolveCenter, type LngLatTuple, type TenantMapCentre } from './basemap';
export { useMapContext, type MapContextValue } from './map-context';
export { PolygonField, type PolygonFieldProps } from './PolygonField';
export { FitBounds, PolygonDrawLayer, PolygonPointList, type PolygonDrawLayerProps, type PolygonPointListProps } from './PolygonDraw';
export {
  addVertex,
  boundsOf,
  canClose,
  closeRing,
  drawingProblem,
  EMPTY_DRAWING,
  fromGeoJsonPolygon,
  insertVertex,
  moveVertex,
  polygonProblem,
  removeVertex,
  reopenRing,
  toGeoJsonPolygon,
  type DrawState,
  type GeoJsonPolygon,
} from './polygon-draw';
export { PlaceSearch, PLACE_SEARCH_DEBOUNCE_MS, type PlaceSearchProps } from './PlaceSearch';
