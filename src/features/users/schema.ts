import { z } from 'zod';
import { nullableText } from '../../lib/row-schema';
import { USER_STATUSES, userStatus, type UserStatus } from '../../data/statuses';

/** Stored values (profiles' check constraints); the labels are what people read. */
export const ROLES = ['admin', 'dispatcher', 'driver', 'customer'] as const;
export type Role = (typeof ROLES)[number];
/** User_type is business or other; 'other' is stored as 'individual'. */
export const USER_TYPES = ['business', 'individual'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const STATUSES = USER_STATUSES;
export type { UserStatus };

export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', dispatcher: 'Dispatcher', driver: 'Driver', customer: 'Customer' };
export const USER_TYPE_LABELS: Record<UserType, string> = { business: 'Business', individual: 'Other' };
export const STATUS_LABELS: Record<UserStatus, string> = userStatus.labels;


const label = <K extends string>(labels: Record<K, string>, value: string | null | undefined): string =>
  value && value in labels ? labels[value as K] : (value ?? '—');
export const roleLabel = (value: string | null | undefined) => label(ROLE_LABELS, value);
export const userTypeLabel = (value: string | null | undefined) => label(USER_TYPE_LABELS, value);
export const statusLabel = (value: string | null | undefined) => label(STATUS_LABELS, value);

/** A person as the users screens read them (profiles; RLS decides who is visible). */
export const personSchema = z.object({
  id: z.string(),
  tenant_id: z.string(),
  email: z.string(),
  first_name: nullableText,
  last_name: nullableText,
  full_name: z.string(),
  phone: nullableText,
  panel_type: z.string(),
  roles: z.array(z.string()),
  user_type: z.string(),
  status: z.string(),
  avatar_url: nullableText,
  created_at: z.string(),
});
export type Person = z.infer<typeof personSchema>;

/** The schemas' messages (English; words.ts shows them in the page's language). */
export const USER_MESSAGES = {
  emailRequired: 'Email is required',
  emailValid: 'Valid email is required',
  firstName: 'First name is required',
  lastName: 'Last name is required',
  role: 'Choose a role: admin, dispatcher, driver or customer',
  userType: 'Choose a user type: business or other',
  passwordRequired: 'Password is required',
  passwordLength: 'Password must be at least 8 characters',
  passwordRule: 'Password must contain a lowercase letter, an uppercase letter and a digit',
  confirmRequired: 'Confirm your new password',
  mismatch: 'Passwords do not match',
} as const;

/** At least 10 digits (the phone rule), written as people write numbers. */
export const PHONE_MESSAGE = 'Please enter a valid phone number with at least 10 digits';
const phoneOptional = z
  .string()
  .trim()
  .refine((value) => value === '' || (value.length <= 32 && /^[+\d\s().-]+$/.test(value) && value.replace(/\D/g, '').length >= 10), PHONE_MESSAGE);

const name = (required: string) => z.string().trim().min(1, required).max(100, 'Must be at most 100 characters');

export const InviteUserSchema = z.object({
  email: z.string().trim().min(1, USER_MESSAGES.emailRequired).email(USER_MESSAGES.emailValid),
  first_name: name(USER_MESSAGES.firstName),
  last_name: name(USER_MESSAGES.lastName),
  phone: phoneOptional,
  panel_type: z.enum(ROLES, { error: USER_MESSAGES.role }),
  user_type: z.enum(USER_TYPES, { error: USER_MESSAGES.userType }),
});
export type InviteUserInput = z.input<typeof InviteUserSchema>;
export type InviteUserValues = z.output<typeof InviteUserSchema>;

export const ChangeRoleSchema = z.object({
  panel_type: z.enum(ROLES, { error: USER_MESSAGES.role }),
});
export type ChangeRoleInput = z.input<typeof ChangeRoleSchema>;

export const OwnProfileSchema = z.object({
  first_name: name(USER_MESSAGES.firstName),
  last_name: name(USER_MESSAGES.lastName),
  phone: phoneOptional,
  avatar_url: z.custom<File | string | null>(),
});
export type OwnProfileInput = z.input<typeof OwnProfileSchema>;

/** The server's password rules, as the auth screens word them (supabase/config.toml: 8, lower_upper_letters_digits). */
export const ChangePasswordSchema = z
  .object({
    password: z
      .string()
      .min(1, USER_MESSAGES.passwordRequired)
      .min(8, USER_MESSAGES.passwordLength)
      .refine((value) => /[a-z]/.test(value) && /[A-Z]/.test(value) && /[0-9]/.test(value), USER_MESSAGES.passwordRule),
    confirmPassword: z.string().min(1, USER_MESSAGES.confirmRequired),
  })
  .refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'], message: USER_MESSAGES.mismatch });
export type ChangePasswordInput = z.input<typeof ChangePasswordSchema>;

/** Images, 3 MB. */
export const AVATAR_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif'] as const;
export const AVATAR_MAX_BYTES = 3 * 1024 * 1024;
export const AVATAR_MESSAGES = {
  type: 'Only jpeg, jpg, png and gif images are allowed',
  size: 'The image must be 3 MB or smaller',
  count: 'Only one image can be uploaded',
} as const;
