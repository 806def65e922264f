import { haversineKm } from '../../lib/geocoding/offline';

/** A device fix as the driver app keeps it: degrees, metres, m/s, and the device's time (ms). */
export interface GeoFix {
  lat: number;
  lng: number;
  heading: number | null;
  speed: number | null;
  accuracy: number | null;
  at: number;
}

/** Sent at most every 10 m of movement or every 15 s: enough for the board, little battery and data. */
export const MIN_DISTANCE_M = 10;
export const MIN_INTERVAL_MS = 15_000;

/**
 * Whether a new fix is worth sending: the first one always; then once the driver has moved at least
 * 10 m from the last fix sent, or 15 s have passed since it. A fix older than the last one sent
 * (the browser may replay a cached position) never is.
 */
export function shouldSendFix(lastSent: GeoFix | null, next: GeoFix, minDistanceM = MIN_DISTANCE_M, minIntervalMs = MIN_INTERVAL_MS): boolean {
  if (!lastSent) return true;
  if (next.at <= lastSent.at) return false;
  return next.at - lastSent.at >= minIntervalMs || haversineKm(lastSent.lat, lastSent.lng, next.lat, next.lng) * 1000 >= minDistanceM;
}

/** The database's ranges (record_driver_position): values a phone reports outside them are dropped, not sent. */
export function fixFromPosition(position: { coords: GeolocationCoordinates | { latitude: number; longitude: number; heading: number | null; speed: number | null; accuracy: number }; timestamp: number }): GeoFix {
  const { latitude, longitude, heading, speed, accuracy } = position.coords;
  const finite = (value: number | null | undefined) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
  const h = finite(heading);
  const s = finite(speed);
  const acc = finite(accuracy);
  return {
    lat: latitude,
    lng: longitude,
    heading: h !== null && h >= 0 && h < 360 ? h : null,
    speed: s !== null && s >= 0 && s < 100 ? s : null,
    accuracy: acc !== null && acc >= 0 && acc < 100_000 ? acc : null,
    at: position.timestamp,
  };
}
