import type { LngLatTuple } from '../../ui/map';

/**
 * The centre and zoom that show every point (pickup, drop-off, driver) on the detail's map, about
 * 300 px across: at zoom z a degree of longitude is 256 * 2^z / 360 px.
 */
export function framing(points: readonly { lng: number; lat: number }[]): { center: LngLatTuple; zoom: number } {
  const lngs = points.map((p) => p.lng);
  const lats = points.map((p) => p.lat);
  const west = Math.min(...lngs);
  const east = Math.max(...lngs);
  const south = Math.min(...lats);
  const north = Math.max(...lats);
  const span = Math.max(east - west, (north - south) * 1.3, 0.002);
  return { center: [(west + east) / 2, (south + north) / 2], zoom: Math.max(3, Math.min(15, Math.floor(Math.log2(420 / span)))) };
}
