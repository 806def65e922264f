import { describe, expect, it } from 'vitest';
import { translator } from '../../lib/i18n/catalogue';
import { formatTrackingTime, formatTrackingWindow } from './format';
import fr from './messages/fr';
import { trackingMessages } from './messages';

const now = new Date(2026, 10, 25, 12, 0);
const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute).toISOString();
const t = translator(trackingMessages, 'en', trackingMessages.en);

describe('tracking times', () => {
  it('says today, tomorrow and yesterday in the viewer’s zone', () => {
    expect(formatTrackingTime(t, at(25, 14, 5), now, 'en-GB')).toMatch(/^Today 14:05$/);
    expect(formatTrackingTime(t, at(26, 9), now, 'en-GB')).toMatch(/^Tomorrow 09:00$/);
    expect(formatTrackingTime(t, at(24, 18), now, 'en-GB')).toMatch(/^Yesterday 18:00$/);
    expect(formatTrackingTime(t, at(20, 8), now, 'en-GB')).toMatch(/20.*08:00$/);
    expect(formatTrackingTime(t, 'nonsense', now, 'en-GB')).toBe('');
  });

  it('writes a window on one day once, across days in full, and open ends', () => {
    expect(formatTrackingWindow(t, at(25, 14), at(25, 16), now, 'en-GB')).toBe('Today 14:00 – 16:00');
    expect(formatTrackingWindow(t, at(25, 22), at(26, 2), now, 'en-GB')).toBe('Today 22:00 – Tomorrow 02:00');
    expect(formatTrackingWindow(t, null, at(25, 16), now, 'en-GB')).toBe('By Today 16:00');
    expect(formatTrackingWindow(t, at(25, 14), undefined, now, 'en-GB')).toBe('From Today 14:00');
    expect(formatTrackingWindow(t, null, null, now, 'en-GB')).toBeNull();
  });

  it('speaks the page’s language, days and times in its locale', () => {
    const french = translator(trackingMessages, 'fr', fr);
    expect(formatTrackingTime(french, at(26, 9), now, 'fr')).toBe('Demain 09:00');
    expect(formatTrackingWindow(french, at(25, 14), at(25, 16), now, 'fr')).toBe('Aujourd’hui 14:00 – 16:00');
    expect(formatTrackingTime(french, at(20, 8), now, 'fr')).toMatch(/^ven\. 20 nov\., 08:00$/);
  });
});
