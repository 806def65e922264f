import { describe, expect, it } from 'vitest';
import { formatClock, formatKm, shortAddress } from './format';

describe('formatClock', () => {
  const value = new Date(2026, 10, 25, 14, 5).toISOString();
  const clock = new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit' }).format(new Date(value));

  it('gives the time alone on its own day and the day too on another, whichever was asked first', () => {
    const sameDay = new Date(2026, 10, 25, 9);
    const nextDay = new Date(2026, 10, 26, 9);
    expect(formatClock(value, sameDay)).toBe(clock);
    expect(formatClock(value, nextDay)).not.toBe(clock);
    expect(formatClock(value, nextDay)).toContain(clock);
    expect(formatClock(value, sameDay)).toBe(clock);
  });

  it('speaks the language it is given', () => {
    const sameDay = new Date(2026, 10, 25, 9);
    const nextDay = new Date(2026, 10, 26, 9);
    expect(formatClock(value, sameDay, 'en')).toBe(new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit' }).format(new Date(value)));
    expect(formatClock(value, nextDay, 'es')).toContain('nov');
    expect(formatClock(value, nextDay, 'fr')).toContain('nov.');
  });

  it('is empty for no value and for one that is not a date', () => {
    expect(formatClock(null)).toBe('');
    expect(formatClock(undefined)).toBe('');
    expect(formatClock('not a date')).toBe('');
  });
});

describe('formatKm', () => {
  it('keeps one decimal under 10 km, with the language\'s separator', () => {
    expect(formatKm(2.46, 'en')).toBe('2.5 km');
    expect(formatKm(2.46, 'es')).toBe('2,5 km');
    expect(formatKm(12.6, 'fr')).toBe('13 km');
  });
});

describe('shortAddress', () => {
  it('keeps the part before the first comma', () => {
    expect(shortAddress('500 Castro St, San Francisco')).toBe('500 Castro St');
    expect(shortAddress(null)).toBeNull();
  });
});
