import { describe, expect, it } from 'vitest';
import { formatTrackingTime, formatTrackingWindow } from './format';

const now = new Date(2026, 10, 25, 12, 0);
const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute).toISOString();

describe('tracking times', () => {
  it('says today, tomorrow and yesterday in the viewer’s zone', () => {
    expect(formatTrackingTime(at(25, 14, 5), now, 'en-GB')).toMatch(/^Today 14:05$/);
    expect(formatTrackingTime(at(26, 9), now, 'en-GB')).toMatch(/^Tomorrow 09:00$/);
    expect(formatTrackingTime(at(24, 18), now, 'en-GB')).toMatch(/^Yesterday 18:00$/);
    expect(formatTrackingTime(at(20, 8), now, 'en-GB')).toMatch(/20.*08:00$/);
    expect(formatTrackingTime('nonsense', now, 'en-GB')).toBe('');
  });

  it('writes a window on one day once, across days in full, and open ends', () => {
    expect(formatTrackingWindow(at(25, 14), at(25, 16), now, 'en-GB')).toBe('Today 14:00 – 16:00');
    expect(formatTrackingWindow(at(25, 22), at(26, 2), now, 'en-GB')).toBe('Today 22:00 – Tomorrow 02:00');
    expect(formatTrackingWindow(null, at(25, 16), now, 'en-GB')).toBe('By Today 16:00');
    expect(formatTrackingWindow(at(25, 14), undefined, now, 'en-GB')).toBe('From Today 14:00');
    expect(formatTrackingWindow(null, null, now, 'en-GB')).toBeNull();
  });
});
