import { describe, expect, it } from 'vitest';
import { nextFieldsRun, parseSchedule, type CronSchedule } from './cron-schedule.ts';

const fields = (text: string) => {
  const s = parseSchedule(text);
  if (s?.kind !== 'fields') throw new Error(`${text} is not a five-field schedule`);
  return s as Extract<CronSchedule, { kind: 'fields' }>;
};
const next = (text: string, after: string) => new Date(nextFieldsRun(fields(text), Date.parse(after))!).toISOString();

describe('pg_cron schedules', () => {
  it('reads the interval form, 1 to 59 seconds', () => {
    expect(parseSchedule('10 seconds')).toEqual({ kind: 'seconds', seconds: 10 });
    expect(parseSchedule(' 1 second ')).toEqual({ kind: 'seconds', seconds: 1 });
    expect(parseSchedule('0 seconds')).toBeNull();
    expect(parseSchedule('60 seconds')).toBeNull();
  });

  it('refuses what pg_cron refuses', () => {
    for (const bad of ['', '* * * *', '* * * * * *', '60 * * * *', '* 24 * * *', '* * 0 * *', '* * * 13 *', '* * * * 8', '*/0 * * * *', '5-1 * * * *', 'x * * * *']) {
      expect(parseSchedule(bad), bad).toBeNull();
    }
  });

  it('finds the next minute of lists, ranges and steps, in UTC', () => {
    expect(next('*/15 * * * *', '2026-12-01T10:07:30Z')).toBe('2026-12-01T10:15:00.000Z');
    expect(next('0 3 * * *', '2026-12-01T03:00:00Z')).toBe('2026-12-02T03:00:00.000Z');
    expect(next('30 9-17/4 * * *', '2026-12-01T13:31:00Z')).toBe('2026-12-01T17:30:00.000Z');
    expect(next('0 0 1,15 * *', '2026-12-02T00:00:00Z')).toBe('2026-12-15T00:00:00.000Z');
    expect(next('@hourly', '2026-12-01T10:59:59Z')).toBe('2026-12-01T11:00:00.000Z');
  });

  it('names months and weekdays; Sunday is 0 or 7', () => {
    expect(next('0 12 * * sat', '2026-12-01T00:00:00Z')).toBe('2026-12-05T12:00:00.000Z');
    expect(next('0 12 * * 7', '2026-12-01T00:00:00Z')).toBe('2026-12-06T12:00:00.000Z');
    expect(next('0 0 1 feb-mar *', '2026-12-01T00:00:00Z')).toBe('2027-02-01T00:00:00.000Z');
  });

  it('matches either day field when both are restricted, both when one is *', () => {
    // The 13th or any Friday (vixie cron).
    expect(next('0 0 13 * 5', '2026-12-01T00:00:00Z')).toBe('2026-12-04T00:00:00.000Z');
    // Every Friday.
    expect(next('0 0 * * 5', '2026-12-05T00:00:00Z')).toBe('2026-12-11T00:00:00.000Z');
  });

  it("runs on the month's last day with $", () => {
    expect(next('0 23 $ * *', '2027-02-01T00:00:00Z')).toBe('2027-02-28T23:00:00.000Z');
    expect(next('0 23 $ * *', '2028-02-01T00:00:00Z')).toBe('2028-02-29T23:00:00.000Z');
  });
});
