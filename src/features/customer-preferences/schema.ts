import { z } from 'zod';
import { EMAIL_PATTERN, requiredId } from '../../lib/form-schema';
import { nullableText, tenantRecord } from '../../lib/row-schema';
import { TIME_PATTERN } from '../../ui/form';

/** Days of the week, Sunday 0 to Saturday 6 (their words: words.ts). */
export const DAY_VALUES = ['0', '1', '2', '3', '4', '5', '6'] as const;
export type DayValue = (typeof DAY_VALUES)[number];

/** Notification method types. */
export const NOTIFICATION_TYPES = ['sms', 'email', 'phone'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Languages, default en. */
export const LANGUAGES = ['en', 'es', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The notification events and their defaults. */
export const NOTIFICATION_EVENTS = ['on_dispatch', 'day_before', 'day_of', 'hour_before', 'on_arrival', 'on_completion'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];
export const DEFAULT_NOTIFICATION_EVENTS: Record<NotificationEvent, boolean> = {
  on_dispatch: true,
  day_before: false,
  day_of: true,
  hour_before: true,
  on_arrival: true,
  on_completion: true,
};

/** At most this many receivers and notification methods (the database says the same). */
export const MAX_ROWS = 10;

/** The customer preference form's rules, word for word; the database (private.customer_preference_problems) answers with the same words. */
export const PREFERENCE_MESSAGES = {
  customer: 'Customer is required',
  location: 'Location is required',
  name: 'Name is required',
  dayRequired: 'Day of week is required',
  dayInvalid: 'Invalid day of week',
  startRequired: 'Start time is required',
  endRequired: 'End time is required',
  timeFormat: 'Invalid time format (HH:mm)',
  endAfterStart: 'End time must be after start time',
  receiverName: 'Name is required',
  receiverRelationship: 'Relationship is required',
  receiverContact: 'Contact is required',
  notificationType: 'Notification type is required',
  notificationContact: 'Contact is required',
  language: 'Language is required',
  // Beyond the spec's list, the database's words for the same checks.
  nameLength: 'Name must be at most 200 characters',
  descriptionLength: 'Description must be at most 2000 characters',
  instructionsLength: 'Delivery instructions must be at most 2000 characters',
  email: 'Valid email is required',
  phone: 'Please enter a valid phone number with at least 10 digits',
  preferredTimeLength: 'Preferred delivery time must be at most 100 characters',
  receiverNameLength: 'Name must be at most 200 characters',
  relationshipLength: 'Relationship must be at most 100 characters',
  contactLength: 'Contact must be at most 200 characters',
} as const;

/** The save and load messages, word for word. */
export const PREFERENCE_TOASTS = {
  created: 'Customer preference created successfully',
  updated: 'Customer preference updated successfully',
  failed: 'Failed to submit customer preference',
  idsRequired: 'Tenant ID and preference ID are required',
  tenantRequired: 'Tenant ID is required',
  fetchFailed: 'Failed to fetch customer preference',
  notFound: 'Customer preference not found',
  validation: 'Validation failed',
  deleted: 'Customer preference deleted',
} as const;

/** The database's own phone test: at least 10 digits. */
const phoneDigits = (value: string) => value.replace(/\D/g, '').length;

// No `abort` in these checks: an aborted field would also stop the form-wide window rule (`when`) from running.
const requiredText = (message: string, max: number, maxMessage: string) =>
  z.string({ error: message }).superRefine((value, ctx) => {
    if (value.trim().length === 0) ctx.addIssue({ code: 'custom', message });
    else if (value.length > max) ctx.addIssue({ code: 'custom', message: maxMessage });
  });

/** HH:mm, 24-hour; '' is 'required'. */
const time = (required: string) =>
  z.string({ error: required }).superRefine((value, ctx) => {
    if (value.trim().length === 0) ctx.addIssue({ code: 'custom', message: required });
    else if (!TIME_PATTERN.test(value)) ctx.addIssue({ code: 'custom', message: PREFERENCE_MESSAGES.timeFormat });
  });

const receiverSchema = z.object({
  name: requiredText(PREFERENCE_MESSAGES.receiverName, 200, PREFERENCE_MESSAGES.receiverNameLength),
  relationship: requiredText(PREFERENCE_MESSAGES.receiverRelationship, 100, PREFERENCE_MESSAGES.relationshipLength),
  contact: requiredText(PREFERENCE_MESSAGES.receiverContact, 200, PREFERENCE_MESSAGES.contactLength),
});

const methodSchema = z
  .object({
    // The select holds '' until a type is chosen.
    type: z.union([z.enum(NOTIFICATION_TYPES), z.literal('')], { error: PREFERENCE_MESSAGES.notificationType }).refine((value) => value !== '', {
      message: PREFERENCE_MESSAGES.notificationType,
    }),
    enabled: z.boolean(),
    contact: requiredText(PREFERENCE_MESSAGES.notificationContact, 200, PREFERENCE_MESSAGES.contactLength),
  })
  .superRefine((method, ctx) => {
    const contact = method.contact.trim();
    if (!contact) return;
    if (method.type === 'email' && !EMAIL_PATTERN.test(contact)) ctx.addIssue({ code: 'custom', path: ['contact'], message: PREFERENCE_MESSAGES.email });
    if ((method.type === 'sms' || method.type === 'phone') && phoneDigits(contact) < 10) {
      ctx.addIssue({ code: 'custom', path: ['contact'], message: PREFERENCE_MESSAGES.phone });
    }
  });

const optionalText = (max: number, message: string) => z.string().max(max, message);

/** The preference form; its field paths are the ones the database's validation details name. */
export const CustomerPreferenceFormSchema = z
  .object({
    customer_id: requiredId(PREFERENCE_MESSAGES.customer),
    location_id: requiredId(PREFERENCE_MESSAGES.location),
    name: requiredText(PREFERENCE_MESSAGES.name, 200, PREFERENCE_MESSAGES.nameLength),
    description: optionalText(2000, PREFERENCE_MESSAGES.descriptionLength),
    // The select holds the day as text: '' is none.
    preferred_day_of_week: z
      .string({ error: PREFERENCE_MESSAGES.dayRequired })
      .superRefine((value, ctx) => {
        if (value === '') ctx.addIssue({ code: 'custom', message: PREFERENCE_MESSAGES.dayRequired });
        else if (!(DAY_VALUES as readonly string[]).includes(value)) ctx.addIssue({ code: 'custom', message: PREFERENCE_MESSAGES.dayInvalid });
      })
      .transform(Number),
    preferred_time_start: time(PREFERENCE_MESSAGES.startRequired),
    preferred_time_end: time(PREFERENCE_MESSAGES.endRequired),
    delivery_instructions: optionalText(2000, PREFERENCE_MESSAGES.instructionsLength),
    delivery_options: z.object({
      signature_required: z.boolean(),
      leave_with_neighbor: z.boolean(),
      leave_at_door: z.boolean(),
      requires_appointment: z.boolean(),
      package_handling: z.object({ fragile: z.boolean(), temperature_sensitive: z.boolean() }),
      authorized_receivers: z.array(receiverSchema).max(MAX_ROWS, `At most ${MAX_ROWS} authorized receivers`),
    }),
    contact_preferences: z.object({
      notification_methods: z.array(methodSchema).max(MAX_ROWS, `At most ${MAX_ROWS} notification methods`),
      notification_events: z.object({
        on_dispatch: z.boolean(),
        day_before: z.boolean(),
        day_of: z.boolean(),
        hour_before: z.boolean(),
        on_arrival: z.boolean(),
        on_completion: z.boolean(),
      }),
      language: z.union([z.enum(LANGUAGES), z.literal('')], { error: PREFERENCE_MESSAGES.language }).refine((value) => value !== '', {
        message: PREFERENCE_MESSAGES.language,
      }),
    }),
    is_active: z.boolean(),
    notification_preferences: z.object({
      email_notifications: z.boolean(),
      sms_notifications: z.boolean(),
      push_notifications: z.boolean(),
    }),
    delivery_preferences: z.object({
      preferred_delivery_time: optionalText(100, PREFERENCE_MESSAGES.preferredTimeLength),
      preferred_delivery_days: z.array(z.enum(DAY_VALUES, { error: PREFERENCE_MESSAGES.dayInvalid })),
      delivery_instructions: optionalText(2000, PREFERENCE_MESSAGES.instructionsLength),
      signature_required: z.boolean(),
    }),
  })
  .refine((values) => values.preferred_time_end > values.preferred_time_start, {
    path: ['preferred_time_end'],
    message: PREFERENCE_MESSAGES.endAfterStart,
    // Checked as soon as both are valid times, even while other fields are still wrong.
    when: (payload) => {
      const values = payload.value as Partial<Record<'preferred_time_start' | 'preferred_time_end', unknown>> | null;
      const start = values?.preferred_time_start;
      const end = values?.preferred_time_end;
      return typeof start === 'string' && typeof end === 'string' && TIME_PATTERN.test(start) && TIME_PATTERN.test(end);
    },
  });

export type CustomerPreferenceFormInput = z.input<typeof CustomerPreferenceFormSchema>;
export type CustomerPreferenceFormOutput = z.output<typeof CustomerPreferenceFormSchema>;

const bool = (fallback: boolean) => z.boolean().catch(fallback);

/** The delivery options a new preference starts with, and what a stored one that cannot be read reads as. */
const defaultDeliveryOptions = () => ({
  signature_required: false,
  leave_with_neighbor: true,
  leave_at_door: true,
  requires_appointment: false,
  package_handling: { fragile: false, temperature_sensitive: false },
  authorized_receivers: [],
});

/** Every channel on: a new preference's notifications, and what a stored set that cannot be read reads as. */
const defaultNotificationPreferences = () => ({ email_notifications: true, sms_notifications: true, push_notifications: true });

/** A row of public.customer_preference_rows: the preference with its customer's and location's names. */
export const preferenceRowSchema = z.object({
  ...tenantRecord,
  customer_id: z.string(),
  customer_name: nullableText,
  customer_email: nullableText,
  location_id: z.string(),
  location_title: nullableText,
  location_address: nullableText,
  name: z.string(),
  description: z.string(),
  preferred_day_of_week: z.number(),
  preferred_time_start: z.string(),
  preferred_time_end: z.string(),
  delivery_instructions: z.string(),
  delivery_options: z
    .object({
      signature_required: bool(false),
      leave_with_neighbor: bool(true),
      leave_at_door: bool(true),
      requires_appointment: bool(false),
      package_handling: z.object({ fragile: bool(false), temperature_sensitive: bool(false) }).catch({ fragile: false, temperature_sensitive: false }),
      authorized_receivers: z.array(z.object({ name: z.string(), relationship: z.string(), contact: z.string() })).catch([]),
    })
    .catch(defaultDeliveryOptions),
  contact_preferences: z
    .object({
      notification_methods: z.array(z.object({ type: z.string(), enabled: bool(true), contact: z.string() })).catch([]),
      notification_events: z
        .object({
          on_dispatch: bool(DEFAULT_NOTIFICATION_EVENTS.on_dispatch),
          day_before: bool(DEFAULT_NOTIFICATION_EVENTS.day_before),
          day_of: bool(DEFAULT_NOTIFICATION_EVENTS.day_of),
          hour_before: bool(DEFAULT_NOTIFICATION_EVENTS.hour_before),
          on_arrival: bool(DEFAULT_NOTIFICATION_EVENTS.on_arrival),
          on_completion: bool(DEFAULT_NOTIFICATION_EVENTS.on_completion),
        })
        .catch({ ...DEFAULT_NOTIFICATION_EVENTS }),
      language: z.string().catch('en'),
    })
    .catch({ notification_methods: [], notification_events: { ...DEFAULT_NOTIFICATION_EVENTS }, language: 'en' }),
  is_active: z.boolean(),
  notification_preferences: z
    .object({ email_notifications: bool(true), sms_notifications: bool(true), push_notifications: bool(true) })
    .catch(defaultNotificationPreferences),
  delivery_preferences: z
    .object({
      preferred_delivery_time: nullableText.catch(null),
      preferred_delivery_days: z.array(z.number()).catch([]),
      delivery_instructions: nullableText.catch(null),
      signature_required: bool(false),
    })
    .catch({ preferred_delivery_time: null, preferred_delivery_days: [], delivery_instructions: null, signature_required: false }),
});
export type PreferenceRow = z.infer<typeof preferenceRowSchema>;

/** The label of a preference's location: its title and address; `unknown` when it has neither. */
export function locationLabel(row: Pick<PreferenceRow, 'location_title' | 'location_address'>, unknown = 'Unknown location'): string {
  const title = row.location_title?.trim();
  const address = row.location_address?.trim();
  if (title && address) return `${title} — ${address}`;
  return title || address || unknown;
}

/** '18:00–20:30' */
export const formatWindow = (start: string, end: string) => `${start}–${end}`;

export function emptyPreferenceForm(): CustomerPreferenceFormInput {
  return {
    customer_id: null as unknown as string,
    location_id: '',
    name: '',
    description: '',
    preferred_day_of_week: '',
    preferred_time_start: '',
    preferred_time_end: '',
    delivery_instructions: '',
    delivery_options: defaultDeliveryOptions(),
    contact_preferences: { notification_methods: [], notification_events: { ...DEFAULT_NOTIFICATION_EVENTS }, language: 'en' },
    is_active: true,
    notification_preferences: defaultNotificationPreferences(),
    delivery_preferences: { preferred_delivery_time: '', preferred_delivery_days: [], delivery_instructions: '', signature_required: false },
  };
}

const isDay = (value: string): value is DayValue => (DAY_VALUES as readonly string[]).includes(value);

/** A stored preference as the form's values (edit). */
export function toPreferenceFormValues(row: PreferenceRow): CustomerPreferenceFormInput {
  return {
    customer_id: row.customer_id,
    location_id: row.location_id,
    name: row.name,
    description: row.description,
    preferred_day_of_week: String(row.preferred_day_of_week),
    preferred_time_start: row.preferred_time_start,
    preferred_time_end: row.preferred_time_end,
    delivery_instructions: row.delivery_instructions,
    delivery_options: {
      ...row.delivery_options,
      package_handling: { ...row.delivery_options.package_handling },
      authorized_receivers: row.delivery_options.authorized_receivers.map((r) => ({ ...r })),
    },
    contact_preferences: {
      notification_methods: row.contact_preferences.notification_methods.map((m) => ({
        type: (NOTIFICATION_TYPES as readonly string[]).includes(m.type) ? (m.type as NotificationType) : '',
        enabled: m.enabled,
        contact: m.contact,
      })),
      notification_events: { ...row.contact_preferences.notification_events },
      language: (LANGUAGES as readonly string[]).includes(row.contact_preferences.language) ? (row.contact_preferences.language as Language) : '',
    },
    is_active: row.is_active,
    notification_preferences: { ...row.notification_preferences },
    delivery_preferences: {
      preferred_delivery_time: row.delivery_preferences.preferred_delivery_time ?? '',
      preferred_delivery_days: row.delivery_preferences.preferred_delivery_days.map(String).filter(isDay),
      delivery_instructions: row.delivery_preferences.delivery_instructions ?? '',
      signature_required: row.delivery_preferences.signature_required,
    },
  };
}

/** What a save sends: the form's values in the database's shape (trimmed, days as numbers, empty texts as null where the spec allows none). */
export function toPreferenceWrite(values: CustomerPreferenceFormOutput) {
  return {
    customer_id: values.customer_id,
    location_id: values.location_id,
    name: values.name.trim(),
    description: values.description.trim(),
    preferred_day_of_week: values.preferred_day_of_week,
    preferred_time_start: values.preferred_time_start,
    preferred_time_end: values.preferred_time_end,
    delivery_instructions: values.delivery_instructions.trim(),
    delivery_options: {
      ...values.delivery_options,
      authorized_receivers: values.delivery_options.authorized_receivers.map((r) => ({
        name: r.name.trim(),
        relationship: r.relationship.trim(),
        contact: r.contact.trim(),
      })),
    },
    contact_preferences: {
      notification_methods: values.contact_preferences.notification_methods.map((m) => ({ type: m.type, enabled: m.enabled, contact: m.contact.trim() })),
      notification_events: values.contact_preferences.notification_events,
      language: values.contact_preferences.language,
    },
    is_active: values.is_active,
    notification_preferences: values.notification_preferences,
    delivery_preferences: {
      preferred_delivery_time: values.delivery_preferences.preferred_delivery_time.trim() || null,
      preferred_delivery_days: values.delivery_preferences.preferred_delivery_days.map(Number).sort((a, b) => a - b),
      delivery_instructions: values.delivery_preferences.delivery_instructions.trim() || null,
      signature_required: values.delivery_preferences.signature_required,
    },
  };
}
export type PreferenceWrite = ReturnType<typeof toPreferenceWrite>;
