import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { readAuthRedirect, SignInSchema, SignUpSchema, UpdatePasswordSchema } from './schema';

/** The first message for each top-level field: the one the form shows under that field (react-hook-form's first error). */
function firstErrorPerField(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

function errorsOf(input: unknown) {
  const result = SignInSchema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be rejected`);
  return firstErrorPerField(result.error);
}

describe('SignInSchema', () => {
  it('accepts an email and password, trimming the email', () => {
    expect(SignInSchema.parse({ email: '  admin@acme.test ', password: 'Waypost!2026' })).toEqual({
      email: 'admin@acme.test',
      password: 'Waypost!2026',
    });
  });

  it('keeps the password exactly as typed', () => {
    expect(SignInSchema.parse({ email: 'a@b.test', password: ' spaced out ' }).password).toBe(' spaced out ');
  });

  it('requires both fields, one message per field', () => {
    expect(errorsOf({ email: '', password: '' })).toEqual({ email: 'Email is required', password: 'Password is required' });
  });

  it('treats a blank email as missing rather than malformed', () => {
    expect(errorsOf({ email: '   ', password: 'x' })).toEqual({ email: 'Email is required' });
  });

  it.each(['admin', 'admin@', '@acme.test', 'admin acme@test.io'])('rejects the malformed email %j', (email) => {
    expect(errorsOf({ email, password: 'x' })).toEqual({ email: 'Enter a valid email address' });
  });
});

describe('SignUpSchema', () => {
  const valid = { firstName: ' Ada ', lastName: 'Lovelace', email: 'ada@example.test', phone: '+1 (555) 010-2030', password: 'Secret123' };

  function signUpErrors(input: unknown) {
    const result = SignUpSchema.safeParse(input);
    if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be rejected`);
    return firstErrorPerField(result.error);
  }

  it('accepts a complete form and trims the names', () => {
    expect(SignUpSchema.parse(valid)).toMatchObject({ firstName: 'Ada', phone: '+1 (555) 010-2030' });
  });

  it('requires every field', () => {
    expect(signUpErrors({ firstName: '', lastName: ' ', email: '', phone: '', password: '' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
      password: 'Password is required',
    });
  });

  it.each([
    ['short', 'Ab1', 'Password must be at least 8 characters'],
    ['no digit', 'Abcdefgh', 'Password must contain a lowercase letter, an uppercase letter and a digit'],
    ['no upper case', 'abcdefg1', 'Password must contain a lowercase letter, an uppercase letter and a digit'],
    ['no lower case', 'ABCDEFG1', 'Password must contain a lowercase letter, an uppercase letter and a digit'],
  ])('applies the server password rules: %s', (_label, password, message) => {
    expect(signUpErrors({ ...valid, password })).toEqual({ password: message });
  });

  it.each([
    ['555-0102', 'Phone number must have at least 10 digits'],
    ['call me', 'Enter a valid phone number'],
  ])('refuses the phone %j', (phone, message) => {
    expect(signUpErrors({ ...valid, phone })).toEqual({ phone: message });
  });
});

describe('UpdatePasswordSchema', () => {
  it('accepts matching passwords', () => {
    expect(UpdatePasswordSchema.safeParse({ password: 'Secret123', confirmPassword: 'Secret123' }).success).toBe(true);
  });

  it('reports a mismatch on the confirmation', () => {
    const result = UpdatePasswordSchema.safeParse({ password: 'Secret123', confirmPassword: 'Secret124' });
    expect(result.success ? {} : firstErrorPerField(result.error)).toEqual({ confirmPassword: 'Passwords do not match' });
  });
});

describe('readAuthRedirect', () => {
  it('reads an error from the fragment', () => {
    expect(readAuthRedirect('#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired', '')).toEqual({
      error: 'Email link is invalid or has expired',
      message: null,
    });
  });

  it('reads an error from the query', () => {
    expect(readAuthRedirect('', '?error=invalid_request')).toEqual({ error: 'invalid_request', message: null });
  });

  it('reads a message', () => {
    expect(readAuthRedirect('#message=Confirmation+link+accepted', '').message).toBe('Confirmation link accepted');
  });

  it('finds nothing in a session fragment', () => {
    expect(readAuthRedirect('#access_token=x&refresh_token=y&type=signup', '')).toEqual({ error: null, message: null });
  });
});
