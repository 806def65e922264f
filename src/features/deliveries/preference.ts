import { z } from 'zod';
import type { Translate } from '../../lib/i18n/catalogue';
import type { DeliveryKey } from './messages';

/**
 * What the delivery form suggests from the customer's delivery preference for the drop-off address
 * (customer_preference_for, supabase/migrations/20261125001300): the preferred day and time window,
 * the instructions and the delivery options.
 */
export const preferenceSuggestionSchema = z.object({
  id: z.string(),
  name: z.string(),
  preferred_day_of_week: z.number().int().min(0).max(6),
  preferred_time_start: z.string().regex(/^\d{2}:\d{2}$/),
  preferred_time_end: z.string().regex(/^\d{2}:\d{2}$/),
  delivery_instructions: z.string(),
  signature_required: z.boolean(),
  leave_with_neighbor: z.boolean(),
  leave_at_door: z.boolean(),
  requires_appointment: z.boolean(),
  authorized_receivers: z.array(z.object({ name: z.string(), relationship: z.string(), contact: z.string() }).partial()),
});
export type PreferenceSuggestion = z.infer<typeof preferenceSuggestionSchema>;

const pad = (n: number) => String(n).padStart(2, '0');
const localInput = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

/**
 * The next preferred window from `now`, as the form's datetime-local values: the preferred weekday
 * at the preferred times, today when today is that day and the window has not ended yet.
 */
export function nextPreferredWindow(now: Date, day: number, start: string, end: string): { start: string; end: string } {
  const [sh, sm] = start.split(':').map(Number);
  const [eh, em] = end.split(':').map(Number);
  const date = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  let ahead = (day - date.getDay() + 7) % 7;
  const todayEnd = new Date(date.getFullYear(), date.getMonth(), date.getDate(), eh, em);
  if (ahead === 0 && todayEnd <= now) ahead = 7;
  date.setDate(date.getDate() + ahead);
  const from = new Date(date.getFullYear(), date.getMonth(), date.getDate(), sh, sm);
  const until = new Date(date.getFullYear(), date.getMonth(), date.getDate(), eh, em);
  return { start: localInput(from), end: localInput(until) };
}

/** One line, in the page's language, for the options that matter at the door. */
export function preferenceOptionsText(p: PreferenceSuggestion, t: Translate<DeliveryKey>): string {
  return [
    p.signature_required ? t('door.signature') : null,
    p.requires_appointment ? t('door.appointment') : null,
    p.leave_at_door ? t('door.leaveAtDoor') : null,
    p.leave_with_neighbor ? t('door.neighbour') : null,
    p.authorized_receivers.length > 0
      ? t('door.receivers', { names: p.authorized_receivers.map((r) => [r.name, r.relationship && `(${r.relationship})`].filter(Boolean).join(' ')).join(', ') })
      : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
