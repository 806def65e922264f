import { z } from 'zod';
import { EMAIL_PATTERN } from '../../lib/form-schema';
import { nullableText, tenantRecord } from '../../lib/row-schema';
import { DRIVER_STATUSES } from '../../data/statuses';

export { DRIVER_STATUSES, type DriverStatus } from '../../data/statuses';
/** What an admin may set; busy follows accepted work (set_driver_status turns available into busy). */
export const SETTABLE_STATUSES = ['available', 'on_break', 'offline'] as const;
export type SettableStatus = (typeof SETTABLE_STATUSES)[number];

export const LICENCE_CLASSES = ['standard', 'commercial', 'special'] as const;
export type LicenceClass = (typeof LICENCE_CLASSES)[number];

/** The list's licence filter: expiring within 30 days (not yet expired), or expired. */
export const LICENCE_FILTERS = ['expiring', 'expired'] as const;
export type LicenceFilter = (typeof LICENCE_FILTERS)[number];
export const EXPIRY_WARNING_DAYS = 30;

/** The form's own checks, in the database's words (private.driver_problems, which keys them as drivers.*; the admin-users invite). */
export const DRIVER_MESSAGES = {
  personRequired: 'Driver is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Valid email is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameTooLong: 'Must be at most 100 characters',
  licenceNumberRequired: 'Licence number is required',
  licenceNumberFormat: 'Licence number must be 3 to 32 letters, digits, spaces or dashes',
  licenceClass: 'Licence class must be standard, commercial or special',
  licenceExpiryRequired: 'Licence expiry is required',
  licenceExpiryPlausible: 'Licence expiry is not a plausible date',
  phone: 'Phone must have at least 10 digits',
  notes: 'Notes must be at most 2000 characters',
  status: 'Status must be offline, available or on_break',
} as const;

const LICENCE_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 -]{2,31}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const licenceNumber = z.string().trim().min(1, DRIVER_MESSAGES.licenceNumberRequired).regex(LICENCE_NUMBER, DRIVER_MESSAGES.licenceNumberFormat);
const licenceExpiry = z
  .string()
  .min(1, DRIVER_MESSAGES.licenceExpiryRequired)
  .refine((value) => ISO_DATE.test(value) && value >= '2000-01-01' && value <= '2100-12-31' && !Number.isNaN(Date.parse(value)), DRIVER_MESSAGES.licenceExpiryPlausible);
const phone = z
  .string()
  .trim()
  .refine((value) => value === '' || (value.length <= 32 && value.replace(/\D/g, '').length >= 10), DRIVER_MESSAGES.phone);
const optionalId = z.string().nullable();

const driverFields = {
  licence_number: licenceNumber,
  licence_class: z.enum(LICENCE_CLASSES, { error: DRIVER_MESSAGES.licenceClass }),
  licence_expiry: licenceExpiry,
  phone,
  default_vehicle_id: optionalId,
  home_zone_id: optionalId,
  notes: z.string().max(2000, DRIVER_MESSAGES.notes),
};

/** drivers/{id}/edit: the driver's own fields (status has its own control). */
export const DriverFormSchema = z.object(driverFields);
export type DriverFormInput = z.input<typeof DriverFormSchema>;
export type DriverFormOutput = z.output<typeof DriverFormSchema>;

const inviting = (values: { source: string }) => values.source === 'invite';
// Checked even while other fields are still wrong (zod skips refinements of an object with failing fields otherwise).
const always = { when: () => true };

/** drivers/create: a driver-role person without a record (`existing`), or a new person invited as a driver (`invite`). */
export const DriverCreateSchema = z
  .object({
    source: z.enum(['existing', 'invite']),
    person_id: z.string().nullable(),
    email: z.string().trim(),
    first_name: z.string().trim(),
    last_name: z.string().trim(),
    ...driverFields,
  })
  .refine((v) => inviting(v) || (v.person_id ?? '') !== '', { path: ['person_id'], message: DRIVER_MESSAGES.personRequired, ...always })
  .refine((v) => !inviting(v) || v.email.trim() !== '', { path: ['email'], message: DRIVER_MESSAGES.emailRequired, ...always })
  .refine((v) => !inviting(v) || v.email.trim() === '' || EMAIL_PATTERN.test(v.email.trim()), { path: ['email'], message: DRIVER_MESSAGES.emailInvalid, ...always })
  .refine((v) => !inviting(v) || v.first_name.trim() !== '', { path: ['first_name'], message: DRIVER_MESSAGES.firstNameRequired, ...always })
  .refine((v) => !inviting(v) || v.first_name.trim().length <= 100, { path: ['first_name'], message: DRIVER_MESSAGES.nameTooLong, ...always })
  .refine((v) => !inviting(v) || v.last_name.trim() !== '', { path: ['last_name'], message: DRIVER_MESSAGES.lastNameRequired, ...always })
  .refine((v) => !inviting(v) || v.last_name.trim().length <= 100, { path: ['last_name'], message: DRIVER_MESSAGES.nameTooLong, ...always });
export type DriverCreateInput = z.input<typeof DriverCreateSchema>;
export type DriverCreateOutput = z.output<typeof DriverCreateSchema>;

export function emptyDriverCreateForm(): DriverCreateInput {
  return {
    source: 'existing',
    person_id: null,
    email: '',
    first_name: '',
    last_name: '',
    licence_number: '',
    licence_class: 'standard',
    licence_expiry: '',
    phone: '',
    default_vehicle_id: null,
    home_zone_id: null,
    notes: '',
  };
}

/** What the drivers table takes from either form. */
export interface DriverWrite {
  licence_number: string;
  licence_class: LicenceClass;
  licence_expiry: string;
  phone: string | null;
  default_vehicle_id: string | null;
  home_zone_id: string | null;
  notes: string;
}

export function toDriverWrite(values: DriverFormOutput): DriverWrite {
  return {
    licence_number: values.licence_number,
    licence_class: values.licence_class,
    licence_expiry: values.licence_expiry,
    phone: values.phone === '' ? null : values.phone,
    default_vehicle_id: values.default_vehicle_id || null,
    home_zone_id: values.home_zone_id || null,
    notes: values.notes,
  };
}

const status = z.enum(DRIVER_STATUSES);
const coordinate = z.number().nullable();

/** A row of public.drivers, as the live topic broadcasts it. */
export const driverSchema = z.object({
  ...tenantRecord,
  licence_number: z.string(),
  licence_class: z.enum(LICENCE_CLASSES),
  licence_expiry: z.string(),
  phone: nullableText,
  status,
  default_vehicle_id: nullableText,
  home_zone_id: nullableText,
  last_lat: coordinate,
  last_lng: coordinate,
  last_heading: coordinate,
  last_speed: coordinate,
  last_accuracy: coordinate,
  last_position_at: nullableText,
  status_changed_at: z.string(),
  notes: z.string(),
});
export type Driver = z.infer<typeof driverSchema>;

/** A row of public.driver_rows: the driver with the person's, vehicle's and zone's names. */
export const driverRowSchema = driverSchema.extend({
  full_name: z.string(),
  email: z.string(),
  avatar_url: nullableText,
  person_status: z.string(),
  default_vehicle_name: nullableText,
  default_vehicle_code: nullableText,
  home_zone_name: nullableText,
  home_zone_code: nullableText,
});
export type DriverRow = z.infer<typeof driverRowSchema>;

export function toDriverFormValues(driver: DriverRow): DriverFormInput {
  return {
    licence_number: driver.licence_number,
    licence_class: driver.licence_class,
    licence_expiry: driver.licence_expiry,
    phone: driver.phone ?? '',
    default_vehicle_id: driver.default_vehicle_id,
    home_zone_id: driver.home_zone_id,
    notes: driver.notes,
  };
}

/** A local calendar day as YYYY-MM-DD. */
export function isoDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return isoDay(new Date(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days));
}

export type LicenceState = 'expired' | 'expiring' | 'valid';

/** Expired before today; expiring within 30 days from today (inclusive); otherwise valid. */
export function licenceState(expiry: string, today: string): LicenceState {
  if (expiry < today) return 'expired';
  if (expiry <= addDays(today, EXPIRY_WARNING_DAYS)) return 'expiring';
  return 'valid';
}

/** The licence filter as a date range on licence_expiry (inclusive bounds). */
export function licenceFilterRange(filter: LicenceFilter, today: string): { from?: string; to?: string } {
  return filter === 'expired' ? { to: addDays(today, -1) } : { from: today, to: addDays(today, EXPIRY_WARNING_DAYS) };
}

export function formatDay(day: string, locale = 'en'): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(y, m - 1, d));
}
