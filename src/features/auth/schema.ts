import { z } from 'zod';

const email = z.string().trim().min(1, 'Email is required').pipe(z.email('Enter a valid email address'));

export const SignInSchema = z.object({
  email,
  password: z.string().min(1, 'Password is required'),
});

export type SignInInput = z.infer<typeof SignInSchema>;

/** The server's password rules (supabase/config.toml: minimum_password_length 8, lower_upper_letters_digits). */
export const PASSWORD_MIN_LENGTH = 8;

const newPassword = z
  .string()
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .refine(
    (value) => /[a-z]/.test(value) && /[A-Z]/.test(value) && /[0-9]/.test(value),
    'Password must contain a lowercase letter, an uppercase letter and a digit',
  );

/** A phone number has at least 10 digits; spaces, dashes, brackets and a leading + are allowed. */
export const PHONE_MIN_DIGITS = 10;

const phone = z
  .string()
  .trim()
  .min(1, 'Phone number is required')
  .refine((value) => /^\+?[\d\s().-]+$/.test(value), 'Enter a valid phone number')
  .refine((value) => value.replace(/\D/g, '').length >= PHONE_MIN_DIGITS, `Phone number must have at least ${PHONE_MIN_DIGITS} digits`);

export const SignUpSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(100, 'First name is too long'),
  lastName: z.string().trim().min(1, 'Last name is required').max(100, 'Last name is too long'),
  email,
  phone,
  password: newPassword,
});

export type SignUpInput = z.infer<typeof SignUpSchema>;

export const ResetPasswordSchema = z.object({ email });

export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;

export const UpdatePasswordSchema = z
  .object({
    password: newPassword,
    confirmPassword: z.string().min(1, 'Confirm your new password'),
  })
  .refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });

export type UpdatePasswordInput = z.infer<typeof UpdatePasswordSchema>;

/** What the auth provider put in the URL after a mailed link: an error, a message, or nothing. */
export interface AuthRedirectResult {
  error: string | null;
  message: string | null;
}

/** Reads GoTrue's redirect parameters from the fragment (implicit flow) and the query (PKCE flow). */
export function readAuthRedirect(hash: string, search: string): AuthRedirectResult {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const query = new URLSearchParams(search.replace(/^\?/, ''));
  const pick = (name: string) => fragment.get(name) ?? query.get(name);
  const description = pick('error_description');
  const error = pick('error');
  return {
    error: description ? description.replace(/\+/g, ' ') : error,
    message: pick('message'),
  };
}
