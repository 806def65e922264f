import { z } from 'zod';
import { nullableText } from '../../lib/row-schema';
import { CONVERSATION_SUPPORT_STATES, EXCEPTION_SEVERITIES, EXCEPTION_STATUSES, FAILURE_STATES } from '../../data/statuses';
import { AUTO_ASSIGN_MODES, BOARD_KINDS, BOARD_WINDOWS, type DispatcherSettings } from '../../lib/dispatcher-settings-shape';
import type { Translate } from '../../lib/i18n/catalogue';
import type { DispatcherKey } from './messages';

// ---------------------------------------------------------------------------------------------
// Settings: the dispatcher's own preferences (src/lib/dispatcher-settings.ts reads and saves them).

export const SETTINGS_MESSAGES = {
  late: 'Late threshold must be a whole number of minutes from 0 to 240',
  mode: 'Auto-assign mode must be off, suggest or auto',
} as const;

export const SETTINGS_TOASTS = {
  saved: 'Settings saved',
  saveFailed: 'Failed to save settings',
  reset: 'Settings reset to the defaults',
  resetFailed: 'Failed to reset settings',
  validation: 'Validation failed',
  unknown: 'An error occurred while submitting the form',
} as const;

export const KIND_OPTIONS = [
  { value: 'on_demand', label: 'On demand' },
  { value: 'pickup', label: 'Pickup' },
  { value: 'delivery', label: 'Delivery' },
  { value: 'pickup_delivery', label: 'Pickup and delivery' },
] as const satisfies readonly { value: (typeof BOARD_KINDS)[number]; label: string }[];

export const WINDOW_OPTIONS = [
  { value: 'overdue', label: 'Overdue' },
  { value: 'next_hour', label: 'Due within the next hour' },
  { value: 'today', label: 'Due today' },
] as const satisfies readonly { value: (typeof BOARD_WINDOWS)[number]; label: string }[];

export const AUTO_ASSIGN_OPTIONS = [
  { value: 'off', label: 'Off: I assign by hand' },
  { value: 'suggest', label: 'Suggest: rank drivers for the delivery I select' },
  { value: 'auto', label: 'Auto: plan the unassigned deliveries, I confirm the preview' },
] as const satisfies readonly { value: (typeof AUTO_ASSIGN_MODES)[number]; label: string }[];

export const settingsFormSchema = z.object({
  kind: z.union([z.literal(''), z.enum(BOARD_KINDS)]),
  service_id: z.string().nullable(),
  zone_id: z.string().nullable(),
  window: z.union([z.literal(''), z.enum(BOARD_WINDOWS)]),
  sound_on_new_unassigned: z.boolean(),
  late_threshold_minutes: z
    .number({ error: SETTINGS_MESSAGES.late })
    .int(SETTINGS_MESSAGES.late)
    .min(0, SETTINGS_MESSAGES.late)
    .max(240, SETTINGS_MESSAGES.late),
  auto_assign_mode: z.enum(AUTO_ASSIGN_MODES, { error: SETTINGS_MESSAGES.mode }),
});
export type SettingsFormInput = z.input<typeof settingsFormSchema>;
export type SettingsFormValues = z.output<typeof settingsFormSchema>;

export function toSettingsForm(settings: DispatcherSettings): SettingsFormInput {
  const f = settings.default_board_filters;
  return {
    kind: f.kind ?? '',
    service_id: f.service_id ?? null,
    zone_id: f.zone_id ?? null,
    window: f.window ?? '',
    sound_on_new_unassigned: settings.sound_on_new_unassigned,
    late_threshold_minutes: settings.late_threshold_minutes,
    auto_assign_mode: settings.auto_assign_mode,
  };
}

/** The form's values as stored: an empty choice is no filter (the key left out). */
export function fromSettingsForm(values: SettingsFormValues): DispatcherSettings {
  return {
    default_board_filters: {
      ...(values.kind ? { kind: values.kind } : {}),
      ...(values.service_id ? { service_id: values.service_id } : {}),
      ...(values.zone_id ? { zone_id: values.zone_id } : {}),
      ...(values.window ? { window: values.window } : {}),
    },
    sound_on_new_unassigned: values.sound_on_new_unassigned,
    late_threshold_minutes: values.late_threshold_minutes,
    auto_assign_mode: values.auto_assign_mode,
  };
}

/** The database names the filters `default_board_filters.<key>`; the form names them `<key>`. */
export function toSettingsFieldErrors(error: unknown): unknown {
  const e = error as { details?: unknown } | null;
  if (!e || typeof e.details !== 'string') return error;
  try {
    const details = JSON.parse(e.details) as { field?: string; message?: string }[];
    if (!Array.isArray(details)) return error;
    const mapped = details.map((d) => (d.field?.startsWith('default_board_filters.') ? { ...d, field: d.field.slice('default_board_filters.'.length) } : d));
    return { ...e, details: JSON.stringify(mapped) };
  } catch {
    return error;
  }
}

// ---------------------------------------------------------------------------------------------
// Support: failed attempts, exceptions, and messages to the admins.

export const SUPPORT_MESSAGES = {
  resolutionRequired: 'A resolution note is required',
  resolutionLength: 'The resolution note must be at most 2000 characters',
  noteLength: 'The note must be at most 1000 characters',
  subject: 'Subject is required',
  subjectLength: 'Subject must be at most 150 characters',
  body: 'Message is required',
  bodyLength: 'Message must be at most 2000 characters',
} as const;

export const SUPPORT_TOASTS = {
  acknowledged: 'Acknowledged: it is yours now',
  resolved: 'Resolved',
  sent: (n: number) => (n === 1 ? 'Message sent to your admin' : `Message sent to your ${n} admins`),
  sendFailed: 'Failed to send the message',
  fetchFailed: 'Failed to load the support queue',
} as const;

/** What a resolution needs, checked before the database checks it again. */
export function resolutionProblem(text: string): string | null {
  const clean = text.trim();
  if (!clean) return SUPPORT_MESSAGES.resolutionRequired;
  if (clean.length > 2000) return SUPPORT_MESSAGES.resolutionLength;
  return null;
}

export const contactFormSchema = z.object({
  subject: z.string().trim().min(1, SUPPORT_MESSAGES.subject).max(150, SUPPORT_MESSAGES.subjectLength),
  body: z.string().trim().min(1, SUPPORT_MESSAGES.body).max(2000, SUPPORT_MESSAGES.bodyLength),
});
export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactFormValues = z.output<typeof contactFormSchema>;


/** A support item and the delivery it is about: the delivery's code and kind, which its link to the delivery's section needs. */
const supportItem = {
  id: z.string(),
  delivery_id: z.string(),
  delivery_code: z.string(),
  kind: z.string(),
};

/** Who acknowledged and who resolved a support item, with their notes (failed attempts, customers' messages). */
const handlingShape = {
  acknowledged_by_name: nullableText,
  acknowledged_at: nullableText,
  acknowledgement_note: nullableText,
  resolved_by_name: nullableText,
  resolved_at: nullableText,
  resolution_note: nullableText,
};
export type Handling = z.infer<z.ZodObject<typeof handlingShape>>;

export const failureRowSchema = z.object({
  ...supportItem,
  delivery_status: z.string(),
  failed_at: z.string(),
  reason: nullableText,
  failure_note: nullableText,
  reported_by_name: nullableText,
  driver_name: nullableText,
  customer_name: nullableText,
  dropoff_full_address: nullableText,
  state: z.enum(FAILURE_STATES),
  ...handlingShape,
});
export type FailureRow = z.infer<typeof failureRowSchema>;

/** A customer's conversation in the queue (conversation_support). */

export const customerConversationRowSchema = z.object({
  ...supportItem,
  customer_name: nullableText,
  title: z.string(),
  is_archived: z.boolean(),
  state: z.enum(CONVERSATION_SUPPORT_STATES),
  waiting_since: z.string(),
  last_customer_message_at: z.string(),
  last_customer_message: nullableText,
  ...handlingShape,
});
export type CustomerConversationRow = z.infer<typeof customerConversationRowSchema>;


export const exceptionRowSchema = z.object({
  id: z.string(),
  exception_code: z.string(),
  delivery_id: z.string(),
  delivery_code: nullableText,
  type: z.string(),
  severity: z.enum(EXCEPTION_SEVERITIES),
  description: z.string(),
  reported_by: nullableText,
  reported_by_name: nullableText,
  assigned_to_name: nullableText,
  status: z.enum(EXCEPTION_STATUSES),
  resolution_notes: nullableText,
  created_at: z.string(),
});
/** An exception with what the queue adds: whether a driver raised it and its delivery's kind (for the section link). */
export type ExceptionRow = z.infer<typeof exceptionRowSchema> & { raised_by_driver: boolean; delivery_kind: string | null };

export const adminMessageSchema = z.object({
  id: z.string(),
  subject: z.string(),
  body: z.string(),
  recipients: z.number(),
  created_at: z.string(),
});
export type AdminMessage = z.infer<typeof adminMessageSchema>;

// ---------------------------------------------------------------------------------------------
// Info.

/** Hours to one decimal at most ("1.5"), formatted by the message in its language ("1,5"). */
const hoursOf = (h: number) => Math.round(h * 10) / 10;

/**
 * A service's transit time: hours up to two days, whole days beyond ("2–4 h", "2–4 days",
 * "Within 45 min"), in the language of `t` (the dispatcher catalogue's translate).
 */
export function transitText(min: number, max: number, t: Translate<DispatcherKey>): string {
  if (max < 1) return t('info.transitMinutes', { minutes: Math.round(max * 60) });
  if (min >= 48 && min % 24 === 0 && max % 24 === 0) return min === max ? t('info.transitDays', { days: min / 24 }) : t('info.transitDayRange', { min: min / 24, max: max / 24 });
  return min === max ? t('info.transitHours', { hours: hoursOf(max) }) : t('info.transitHourRange', { min: hoursOf(min), max: hoursOf(max) });
}
