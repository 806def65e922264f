import { describe, expect, it } from 'vitest';
import { fixFromPosition, shouldSendFix, type GeoFix } from './geo-throttle';

const base: GeoFix = { lat: 37.7749, lng: -122.4194, heading: null, speed: null, accuracy: 5, at: 1_000_000 };
// About 1.11 m of latitude per 0.00001 degree.
const north = (metres: number, afterMs: number): GeoFix => ({ ...base, lat: base.lat + metres / 111_195, at: base.at + afterMs });

describe('the geolocation throttle: at most every 10 m or 15 s', () => {
  it('sends the first fix', () => {
    expect(shouldSendFix(null, base)).toBe(true);
  });

  it('holds a fix that moved less than 10 m within 15 s', () => {
    expect(shouldSendFix(base, north(9, 1_000))).toBe(false);
    expect(shouldSendFix(base, north(0, 14_999))).toBe(false);
  });

  it('sends once the driver moved 10 m, however soon', () => {
    expect(shouldSendFix(base, north(10.5, 500))).toBe(true);
  });

  it('sends a standing driver every 15 s', () => {
    expect(shouldSendFix(base, north(0, 15_000))).toBe(true);
  });

  it('never sends a fix older than the last one sent', () => {
    expect(shouldSendFix(base, north(50, -1_000))).toBe(false);
    expect(shouldSendFix(base, north(50, 0))).toBe(false);
  });


  it('drops values the database would refuse (NaN heading, negative or absurd speed)', () => {
    const fix = fixFromPosition({ coords: { latitude: 1, longitude: 2, heading: Number.NaN, speed: 250, accuracy: 12 }, timestamp: 5 });
    expect(fix).toEqual({ lat: 1, lng: 2, heading: null, speed: null, accuracy: 12, at: 5 });
    expect(fixFromPosition({ coords: { latitude: 1, longitude: 2, heading: 90, speed: 3, accuracy: 8 }, timestamp: 6 })).toMatchObject({ heading: 90, speed: 3 });
  });
});
