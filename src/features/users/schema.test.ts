import { describe, expect, it } from 'vitest';
import { ChangePasswordSchema, InviteUserSchema, OwnProfileSchema, roleLabel, statusLabel, userTypeLabel } from './schema';

const invite = { email: 'nina@example.com', first_name: 'Nina', last_name: 'Novak', phone: '', panel_type: 'driver', user_type: 'individual' };
/** The first message of each field, as the form shows it. */
function messagesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[issue.path.join('.')] ??= issue.message;
  return messages;
}

describe('InviteUserSchema', () => {
  it('takes a complete invitation, the phone optional, names trimmed', () => {
    const parsed = InviteUserSchema.parse({ ...invite, first_name: '  Nina ' });
    expect(parsed.first_name).toBe('Nina');
    expect(InviteUserSchema.safeParse({ ...invite, phone: '+1 (415) 555-0101' }).success).toBe(true);
  });

  it('says what is missing or wrong, field by field', () => {
    expect(messagesOf(InviteUserSchema.safeParse({ ...invite, email: '', first_name: ' ', last_name: '' }))).toEqual({
      email: 'Email is required',
      first_name: 'First name is required',
      last_name: 'Last name is required',
    });
    expect(messagesOf(InviteUserSchema.safeParse({ ...invite, email: 'nina@', phone: '555 0101' }))).toEqual({
      email: 'Valid email is required',
      phone: 'Please enter a valid phone number with at least 10 digits',
    });
    expect(messagesOf(InviteUserSchema.safeParse({ ...invite, panel_type: 'owner', user_type: 'company' }))).toEqual({
      panel_type: 'Choose a role: admin, dispatcher, driver or customer',
      user_type: 'Choose a user type: business or other',
    });
  });
});

describe('OwnProfileSchema and ChangePasswordSchema', () => {
  it('needs both names; a phone, when given, has 10 digits', () => {
    expect(messagesOf(OwnProfileSchema.safeParse({ first_name: '', last_name: 'X', phone: 'call me', avatar_url: null }))).toEqual({
      first_name: 'First name is required',
      phone: 'Please enter a valid phone number with at least 10 digits',
    });
  });

  it("follows the server's password rules and wants the same password twice", () => {
    expect(messagesOf(ChangePasswordSchema.safeParse({ password: 'short', confirmPassword: 'short' }))).toEqual({ password: 'Password must be at least 8 characters' });
    expect(messagesOf(ChangePasswordSchema.safeParse({ password: 'alllowercase1', confirmPassword: 'alllowercase1' }))).toEqual({
      password: 'Password must contain a lowercase letter, an uppercase letter and a digit',
    });
    expect(messagesOf(ChangePasswordSchema.safeParse({ password: 'Changed!2026', confirmPassword: 'Changed!2025' }))).toEqual({ confirmPassword: 'Passwords do not match' });
  });
});

describe('labels', () => {
  it("names the stored values as people read them; 'individual' is Other", () => {
    expect([roleLabel('dispatcher'), userTypeLabel('individual'), userTypeLabel('business'), statusLabel('invited')]).toEqual(['Dispatcher', 'Other', 'Business', 'Invited']);
    expect(roleLabel(null)).toBe('—');
  });
});
