import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime, formatWindow } from './format-date';

describe('formatDateTime', () => {
  it('prints a moment as date and 24-hour time in the viewer’s zone', () => {
    const at = new Date(2026, 10, 25, 14, 5);
    expect(formatDateTime(at)).toBe('Nov 25, 2026, 14:05');
    expect(formatDateTime(at.toISOString())).toBe('Nov 25, 2026, 14:05');
    expect(formatDateTime(at.getTime())).toBe('Nov 25, 2026, 14:05');
    expect(formatTime(at)).toBe('14:05');
  });

  it('prints a dash for none or an unreadable value', () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatDateTime(value)).toBe('—');
      expect(formatTime(value)).toBe('—');
    }
  });
});

describe('formatWindow', () => {
  const start = new Date(2026, 10, 25, 9, 0);
  const end = new Date(2026, 10, 25, 11, 0);

  it('prints a window in English by default, the end’s date only when it differs', () => {
    expect(formatWindow(start, end)).toBe('Nov 25, 2026, 09:00–11:00');
    expect(formatWindow(null, end)).toBe('By Nov 25, 2026, 11:00');
    expect(formatWindow(start, null)).toBe('From Nov 25, 2026, 09:00');
    expect(formatWindow(null, null)).toBeNull();
  });

  it('prints it in another locale with that language’s words for an open side', () => {
    const words = { by: (date: string) => `Antes del ${date}`, from: (date: string) => `Desde el ${date}` };
    expect(formatWindow(start, end, 'es', words)).toBe(`${formatDateTime(start, 'es')}–${formatTime(end, 'es')}`);
    expect(formatWindow(null, end, 'es', words)).toBe(`Antes del ${formatDateTime(end, 'es')}`);
    expect(formatDateTime(end, 'es')).toMatch(/^25 nov\.? 2026, 11:00$/);
  });
});

describe('formatDate', () => {
  it('prints a calendar day as that day in the locale’s words, whatever the time zone', () => {
    expect(formatDate('2026-11-25')).toBe('Nov 25, 2026');
    expect(formatDate('2026-11-25', 'es')).toMatch(/^25 nov\.? 2026$/);
    expect(formatDate('2026-11-25', 'fr')).toMatch(/^25 nov\.? 2026$/);
    expect(formatDate('2026-01-01', 'en')).toBe('Jan 1, 2026');
  });

  it('prints a moment as its day in the viewer’s zone, and a dash for none', () => {
    expect(formatDate(new Date(2026, 10, 25, 23, 30))).toBe('Nov 25, 2026');
    for (const value of [null, undefined, '', 'not a date']) expect(formatDate(value)).toBe('—');
  });
});
