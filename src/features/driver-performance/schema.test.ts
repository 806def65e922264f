import { describe, expect, it } from 'vitest';
import { performanceList } from './list';
import {
  dayLabel,
  effectiveRange,
  formatMinutes,
  formatMoney,
  formatRate,
  lastDays,
  rangeProblem,
  sortPerformance,
  totals,
  type PerformanceRow,
} from './schema';

function driver(name: string, values: Partial<PerformanceRow>): PerformanceRow {
  return {
    id: name,
    driver_id: name,
    full_name: name,
    avatar_url: null,
    driver_status: 'available',
    assigned: 0,
    accepted: 0,
    rejected: 0,
    acceptance_rate: null,
    completed: 0,
    failed: 0,
    on_time: 0,
    with_deadline: 0,
    on_time_rate: null,
    avg_assignment_to_delivered_minutes: null,
    cod_collected: 0,
    currency: 'USD',
    ...values,
  };
}

const rows = [
  driver('Ann', { assigned: 10, accepted: 8, rejected: 2, acceptance_rate: 0.8, completed: 7, on_time: 6, with_deadline: 7, on_time_rate: 6 / 7, cod_collected: 20 }),
  driver('Bob', { assigned: 4, accepted: 4, acceptance_rate: 1, completed: 7, on_time: 2, with_deadline: 4, on_time_rate: 0.5, cod_collected: 5.5 }),
  driver('Cid', {}),
];

describe('sorting the table', () => {
  it('sorts numbers either way with ties by name, and no value last whichever way', () => {
    expect(sortPerformance(rows, 'completed', 'desc').map((r) => r.full_name)).toEqual(['Ann', 'Bob', 'Cid']);
    expect(sortPerformance(rows, 'acceptance_rate', 'asc').map((r) => r.full_name)).toEqual(['Ann', 'Bob', 'Cid']);
    expect(sortPerformance(rows, 'acceptance_rate', 'desc').map((r) => r.full_name)).toEqual(['Bob', 'Ann', 'Cid']);
    expect(sortPerformance(rows, 'driver', 'desc').map((r) => r.full_name)).toEqual(['Cid', 'Bob', 'Ann']);
  });

  it('keeps the sort and the dates in the URL, with completed first by default', () => {
    const state = performanceList.parse('from=2026-11-01&to=2026-11-07&sort=on_time_rate:asc');
    expect(state.filters).toEqual({ from: '2026-11-01', to: '2026-11-07' });
    expect(state.sort).toEqual({ column: 'on_time_rate', direction: 'asc' });
    const stale = performanceList.parse('from=yesterday&sort=price:desc');
    expect(stale.filters.from).toBeUndefined();
    expect(stale.sort).toEqual({ column: 'completed', direction: 'desc' });
  });
});

describe('the totals', () => {
  it('sums the counts and computes the rates from them, not as an average of rates', () => {
    const sum = totals(rows);
    expect(sum).toMatchObject({ assigned: 14, completed: 14, failed: 0, cod: 25.5, currency: 'USD' });
    expect(sum.acceptanceRate).toBeCloseTo(12 / 14);
    expect(sum.onTimeRate).toBeCloseTo(8 / 11);
    expect(totals([driver('Cid', {})])).toMatchObject({ acceptanceRate: null, onTimeRate: null });
  });
});

describe('formatting', () => {
  it('rates, durations and money', () => {
    expect([formatRate(null), formatRate(1), formatRate(0.8333)]).toEqual(['—', '100%', '83.3%']);
    expect([formatMinutes(null), formatMinutes(45.4), formatMinutes(200), formatMinutes(180), formatMinutes(60 * 50)]).toEqual([
      '—',
      '45 min',
      '3 h 20 min',
      '3 h',
      '2 d 2 h',
    ]);
    expect(formatMoney(2464.81, 'USD')).toBe('$2,464.81');
    expect(dayLabel('2026-03-02')).toBe('Mar 2');
  });
});

describe('the date range', () => {
  const today = new Date(2026, 10, 25, 9, 0);

  it('defaults to the last 30 days, today included', () => {
    expect(lastDays(30, today)).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(effectiveRange({}, today)).toEqual({ from: '2026-10-27', to: '2026-11-25' });
  });

  it('fills the missing end of a range from the URL', () => {
    expect(effectiveRange({ from: '2026-11-01' }, today)).toEqual({ from: '2026-11-01', to: '2026-11-25' });
    expect(effectiveRange({ to: '2026-10-31' }, today)).toEqual({ from: '2026-10-02', to: '2026-10-31' });
    expect(effectiveRange({ from: '2026-12-05' }, today)).toEqual({ from: '2026-12-05', to: '2026-12-05' });
  });

  it("refuses in the database's words what it would refuse", () => {
    expect(rangeProblem('2026-11-07', '2026-11-01')).toBe('The end date must not be before the start date');
    expect(rangeProblem('2025-01-01', '2026-11-01')).toBe('Choose a range of at most 366 days');
    expect(rangeProblem('2026-11-01', '2026-11-01')).toBeNull();
  });
});

describe('formatting in Spanish and French', () => {
  it('rates, durations, money and days in the locale', async () => {
    const { translator } = await import('../../lib/i18n/catalogue');
    const { performanceMessages } = await import('./messages');
    const fr = translator(performanceMessages, 'fr', (await import('./messages/fr')).default);
    expect(formatRate(0.8333, 'fr')).toMatch(/^83,3\s%$/);
    expect([formatMinutes(200, fr), formatMinutes(60 * 50, fr)]).toEqual(['3 h 20 min', '2 j 2 h']);
    expect(formatMoney(2464.81, 'EUR', 'es')).toMatch(/^2464,81\s€$|^2\.464,81\s€$/);
    expect(dayLabel('2026-03-02', 'fr')).toBe('2 mars');
  });
});
