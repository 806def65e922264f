import { describe, expect, it } from 'vitest';
import { translator } from '../../lib/i18n/catalogue';
import { authMessages } from './messages';
import es from './messages/es';
import { ResetPasswordSchema, SignInSchema, SignUpSchema, UpdatePasswordSchema } from './schema';
import { knownText, validationText } from './use-form';

const english = translator(authMessages, 'en', authMessages.en);
const spanish = translator(authMessages, 'es', es);

/** Every message the auth schemas give for the inputs that break each of their rules. */
function schemaMessages(): string[] {
  const inputs: [{ safeParse: (value: unknown) => { error?: { issues: { message: string }[] } } }, unknown][] = [
    [SignInSchema, { email: '', password: '' }],
    [SignInSchema, { email: 'not-an-email', password: 'x' }],
    [SignUpSchema, { firstName: '', lastName: '', email: '', phone: '', password: '' }],
    [SignUpSchema, { firstName: 'x'.repeat(101), lastName: 'y'.repeat(101), email: 'a@b.co', phone: 'abc', password: 'short' }],
    [SignUpSchema, { firstName: 'A', lastName: 'B', email: 'a@b.co', phone: '123', password: 'alllowercase1' }],
    [ResetPasswordSchema, { email: '' }],
    [UpdatePasswordSchema, { password: 'Abcdefg1', confirmPassword: '' }],
    [UpdatePasswordSchema, { password: 'Abcdefg1', confirmPassword: 'Abcdefg2' }],
  ];
  return [...new Set(inputs.flatMap(([schema, input]) => schema.safeParse(input).error?.issues.map((issue) => issue.message) ?? []))];
}

describe('auth messages in the page language', () => {
  it('finds every schema message in the catalogue, so each shows translated', () => {
    const messages = schemaMessages();
    expect(messages.length).toBeGreaterThanOrEqual(14);
    for (const message of messages) {
      expect(validationText(english, english, message), message).toBe(message);
      expect(validationText(spanish, english, message), message).not.toBe(message);
    }
    expect(validationText(spanish, english, 'Password must be at least 8 characters')).toBe('La contraseña debe tener al menos 8 caracteres');
  });

  it('keeps a message it does not know as written', () => {
    expect(validationText(spanish, english, 'A new rule')).toBe('A new rule');
    expect(knownText(spanish, 'Email rate limit exceeded')).toBe('Email rate limit exceeded');
  });

  it('translates the server messages it knows, the spec’s words in English', () => {
    expect(knownText(english, 'Invalid login credentials')).toBe('Invalid login credentials');
    expect(knownText(spanish, 'Invalid login credentials')).toBe('Credenciales de inicio de sesión no válidas');
    expect(knownText(english, 'You are not associated with any tanent. Please contact your administrator.')).toBe('You are not associated with any tanent. Please contact your administrator.');
    expect(knownText(spanish, null)).toBeNull();
  });
});
