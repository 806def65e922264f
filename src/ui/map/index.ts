export { MapView, type MapGeoJsonLayer, type MapMarker, type MapViewProps } from './MapView';
export { DEFAULT_HEIGHT, DEFAULT_ZOOM, INDIA_CENTER, resolveCenter, type LngLatTuple, type TenantMapCentre } from './basemap';
