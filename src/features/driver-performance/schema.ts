import { z } from 'zod';
import { nullableNumeric, nullableText, numeric } from '../../lib/row-schema';
import { translator, type Translate } from '../../lib/i18n/catalogue';
import type { Language } from '../../lib/i18n/languages';
import { performanceMessages, type PerformanceKey } from './messages';

/** A row of public.driver_performance (numbers per driver over the range). */
export const performanceRowSchema = z.object({
  driver_id: z.string(),
  full_name: nullableText,
  avatar_url: nullableText,
  driver_status: z.string(),
  assigned: numeric,
  accepted: numeric,
  rejected: numeric,
  acceptance_rate: nullableNumeric,
  completed: numeric,
  failed: numeric,
  on_time: numeric,
  with_deadline: numeric,
  on_time_rate: nullableNumeric,
  avg_assignment_to_delivered_minutes: nullableNumeric,
  cod_collected: numeric,
  currency: z.string(),
});
export type PerformanceRow = z.infer<typeof performanceRowSchema> & { id: string };

export const dailySchema = z.object({ day: z.string(), completed: numeric });
export type DailyCompleted = z.infer<typeof dailySchema>;

/** The columns a ?sort= may name. */
export const PERFORMANCE_SORTS = [
  'driver',
  'assigned',
  'accepted',
  'rejected',
  'acceptance_rate',
  'completed',
  'failed',
  'on_time_rate',
  'avg_assignment_to_delivered_minutes',
  'cod_collected',
] as const;
export type PerformanceSort = (typeof PERFORMANCE_SORTS)[number];

/** Sorted a copy: numbers by value (no value last whichever way), drivers by name; ties by name. */
export function sortPerformance(rows: readonly PerformanceRow[], column: PerformanceSort, direction: 'asc' | 'desc'): PerformanceRow[] {
  const sign = direction === 'asc' ? 1 : -1;
  const name = (row: PerformanceRow) => row.full_name ?? '';
  return [...rows].sort((a, b) => {
    if (column !== 'driver') {
      const x = a[column];
      const y = b[column];
      if (x === null && y !== null) return 1;
      if (y === null && x !== null) return -1;
      if (x !== null && y !== null && x !== y) return (x - y) * sign;
      return name(a).localeCompare(name(b));
    }
    return name(a).localeCompare(name(b)) * sign;
  });
}

/** The range's totals, the rates from the summed counts (not an average of rates). */
export function totals(rows: readonly PerformanceRow[]) {
  const sum = (pick: (row: PerformanceRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const accepted = sum((r) => r.accepted);
  const rejected = sum((r) => r.rejected);
  const onTime = sum((r) => r.on_time);
  const withDeadline = sum((r) => r.with_deadline);
  return {
    assigned: sum((r) => r.assigned),
    completed: sum((r) => r.completed),
    failed: sum((r) => r.failed),
    acceptanceRate: accepted + rejected > 0 ? accepted / (accepted + rejected) : null,
    onTimeRate: withDeadline > 0 ? onTime / withDeadline : null,
    cod: sum((r) => r.cod_collected),
    currency: rows[0]?.currency ?? 'USD',
  };
}

/** '83.3%' ('83,3 %' in Spanish and French); '—' for none. */
export function formatRate(rate: number | null, language: Language = 'en'): string {
  return rate === null ? '—' : new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}

const english = translator(performanceMessages, 'en', performanceMessages.en);

/** '45 min', '3 h 20 min', '2 d 4 h' in the catalogue's words of a language (`t`, English by default); '—' for none. */
export function formatMinutes(minutes: number | null, t: Translate<PerformanceKey> = english): string {
  if (minutes === null) return '—';
  const whole = Math.round(minutes);
  if (whole < 60) return t('duration.minutes', { minutes: whole });
  if (whole < 24 * 60) return whole % 60 ? t('duration.hoursMinutes', { hours: Math.floor(whole / 60), minutes: whole % 60 }) : t('duration.hours', { hours: whole / 60 });
  const hours = Math.round(whole / 60);
  return hours % 24 ? t('duration.daysHours', { days: Math.floor(hours / 24), hours: hours % 24 }) : t('duration.days', { days: hours / 24 });
}

export function formatMoney(amount: number, currency: string, language: Language = 'en'): string {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** YYYY-MM-DD of a local date. */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The default range: the last `days` days, today included. */
export function lastDays(days: number, today: Date = new Date()): { from: string; to: string } {
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { from: isoDay(start), to: isoDay(today) };
}

/** 'Mar 2' ('2 mar', '2 mars') for an ISO day, read as that calendar day wherever the viewer is. */
export function dayLabel(day: string, language: Language = 'en'): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric' }).format(new Date(y, m - 1, d));
}

/** Why a range cannot be asked for (the database's words), or null. */
export function rangeProblem(from: string, to: string): string | null {
  if (from > to) return 'The end date must not be before the start date';
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > 366) return 'Choose a range of at most 366 days';
  return null;
}

/** The range the URL asks for, the last 30 days where it says nothing. */
export function effectiveRange(filters: { from?: string | undefined; to?: string | undefined }, today: Date = new Date()): { from: string; to: string } {
  const fallback = lastDays(30, today);
  const to = filters.to ?? (filters.from && filters.from > fallback.to ? filters.from : fallback.to);
  const from = filters.from ?? (filters.to ? lastDays(30, new Date(`${filters.to}T12:00:00`)).from : fallback.from);
  return { from, to };
}
