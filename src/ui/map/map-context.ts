import type { Map as MaplibreMap } from 'maplibre-gl';
import type * as Maplibre from 'maplibre-gl';
import { createContext, use } from 'react';

/** The ready map, for pieces that draw on it themselves; `styleGeneration` changes when the style is replaced (their sources and layers are gone). */
export interface MapContextValue {
  map: MaplibreMap;
  lib: typeof Maplibre;
  styleGeneration: number;
  /** WebGL is rendered in software (no GPU): the map is drawn at lower resolution, and what draws on it should animate sparingly, since every frame costs the main thread. */
  lite: boolean;
}

export const MapContext = createContext<MapContextValue | null>(null);

/** The map a child of MapView draws on; null until it is ready (and always without WebGL). */
export function useMapContext(): MapContextValue | null {
  return use(MapContext);
}
