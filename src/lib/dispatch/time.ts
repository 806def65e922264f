import type { TimeInput, TimeWindow } from './types';

/** Epoch ms of a Date, number or ISO string; a bare YYYY-MM-DD date is that day's start in UTC. */
export function toMs(value: TimeInput): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new Error(`Not a time: "${value}"`);
  return ms;
}

/** A window's ends in epoch ms; an open end is -Infinity / +Infinity. */
export function windowMs(window: TimeWindow | null | undefined): { start: number; end: number } {
  return {
    start: window?.start == null ? -Infinity : toMs(window.start),
    end: window?.end == null ? Infinity : toMs(window.end),
  };
}

export const MINUTE_MS = 60_000;
