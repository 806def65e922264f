import { describe, expect, it } from 'vitest';
import { formatDateTime, formatTime } from './format-date';

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
