import { describe, expect, it } from 'vitest';
import { firstErrorPerField } from '../../lib/form-errors';
import { SignInSchema } from './schema';

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
