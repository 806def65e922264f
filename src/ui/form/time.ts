import { z } from 'zod';

/** HH:mm, 24-hour: 00:00 to 23:59. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export const isTime = (value: string) => TIME_PATTERN.test(value);

/** '9:30' -> '09:30', '0930' -> '09:30'; anything that cannot be read as a time is returned as typed. */
export function normalizeTime(value: string): string {
  const match = /^\s*(\d{1,2}):?(\d{2})\s*$/.exec(value);
  if (!match) return value;
  const time = `${match[1]!.padStart(2, '0')}:${match[2]}`;
  return isTime(time) ? time : value;
}

/** A required HH:mm string with the screen's messages, e.g. timeSchema('Start time is required', 'Invalid time format (HH:mm)'). */
export const timeSchema = (requiredMessage: string, invalidMessage: string) =>
  z.string({ error: requiredMessage }).min(1, requiredMessage).regex(TIME_PATTERN, invalidMessage);
