import { describe, expect, it } from 'vitest';
import {
  addDays,
  DRIVER_MESSAGES,
  DriverCreateSchema,
  DriverFormSchema,
  emptyDriverCreateForm,
  licenceFilterRange,
  licenceState,
  toDriverWrite,
} from './schema';

/** The first message of each field, as the form shows it. */
function messagesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[issue.path.join('.')] ??= issue.message;
  return messages;
}

const valid = { licence_number: 'D1234567', licence_class: 'standard', licence_expiry: '2029-04-30', phone: '', default_vehicle_id: null, home_zone_id: null, notes: '' } as const;

describe('DriverFormSchema', () => {
  it('accepts a complete licence and trims the number', () => {
    const parsed = DriverFormSchema.parse({ ...valid, licence_number: '  CA-998 877 ' });
    expect(parsed.licence_number).toBe('CA-998 877');
  });

  it('says what is missing or wrong in the database\'s words', () => {
    expect(messagesOf(DriverFormSchema.safeParse({ ...valid, licence_number: '', licence_expiry: '' }))).toEqual({
      licence_number: DRIVER_MESSAGES.licenceNumberRequired,
      licence_expiry: DRIVER_MESSAGES.licenceExpiryRequired,
    });
    expect(messagesOf(DriverFormSchema.safeParse({ ...valid, licence_number: '#1', licence_class: 'pilot', licence_expiry: '1999-12-31', phone: '555 12', notes: 'x'.repeat(2001) }))).toEqual({
      licence_number: DRIVER_MESSAGES.licenceNumberFormat,
      licence_class: DRIVER_MESSAGES.licenceClass,
      licence_expiry: DRIVER_MESSAGES.licenceExpiryPlausible,
      phone: DRIVER_MESSAGES.phone,
      notes: DRIVER_MESSAGES.notes,
    });
  });

  it('writes an empty phone and cleared lookups as null', () => {
    expect(toDriverWrite(DriverFormSchema.parse({ ...valid, default_vehicle_id: '' }))).toEqual({ ...valid, phone: null, default_vehicle_id: null });
    expect(toDriverWrite(DriverFormSchema.parse({ ...valid, phone: ' +1 415 555 0100 ' })).phone).toBe('+1 415 555 0100');
  });
});

describe('DriverCreateSchema', () => {
  it('asks for the person when picking an existing driver user', () => {
    expect(messagesOf(DriverCreateSchema.safeParse({ ...emptyDriverCreateForm(), ...valid }))).toEqual({ person_id: DRIVER_MESSAGES.personRequired });
    expect(DriverCreateSchema.safeParse({ ...emptyDriverCreateForm(), ...valid, person_id: 'a1000000-0000-4000-8000-000000000003' }).success).toBe(true);
  });

  it('asks for email and names when inviting, even while the licence is still wrong', () => {
    const result = DriverCreateSchema.safeParse({ ...emptyDriverCreateForm(), source: 'invite' });
    expect(messagesOf(result)).toEqual({
      email: DRIVER_MESSAGES.emailRequired,
      first_name: DRIVER_MESSAGES.firstNameRequired,
      last_name: DRIVER_MESSAGES.lastNameRequired,
      licence_number: DRIVER_MESSAGES.licenceNumberRequired,
      licence_expiry: DRIVER_MESSAGES.licenceExpiryRequired,
    });
    expect(messagesOf(DriverCreateSchema.safeParse({ ...emptyDriverCreateForm(), ...valid, source: 'invite', email: 'not-an-email', first_name: 'Ivy', last_name: 'Lane' }))).toEqual({
      email: DRIVER_MESSAGES.emailInvalid,
    });
    expect(DriverCreateSchema.safeParse({ ...emptyDriverCreateForm(), ...valid, source: 'invite', email: 'ivy@acme.example', first_name: 'Ivy', last_name: 'Lane' }).success).toBe(true);
  });
});

describe('licence expiry', () => {
  it('is expired before today, expiring up to 30 days ahead, valid after', () => {
    expect(licenceState('2026-11-24', '2026-11-25')).toBe('expired');
    expect(licenceState('2026-11-25', '2026-11-25')).toBe('expiring');
    expect(licenceState('2026-12-25', '2026-11-25')).toBe('expiring');
    expect(licenceState('2026-12-26', '2026-11-25')).toBe('valid');
  });

  it('the list filter is the matching date range', () => {
    expect(licenceFilterRange('expiring', '2026-11-25')).toEqual({ from: '2026-11-25', to: '2026-12-25' });
    expect(licenceFilterRange('expired', '2026-11-25')).toEqual({ to: '2026-11-24' });
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
  });
});

describe('the duty status panel’s words', () => {
  it('says the driver’s status as a sentence, in each language', async () => {
    const { translator } = await import('../../lib/i18n/catalogue');
    const { driversMessages } = await import('./messages');
    const en = translator(driversMessages, 'en', driversMessages.en);
    const es = translator(driversMessages, 'es', (await import('./messages/es')).default);
    expect(en('duty.now', { status: 'busy' })).toBe('Now busy (accepted work; becomes available when it is done).');
    expect(en('duty.now', { status: 'on_break' })).toBe('Now on break.');
    expect(es('duty.now', { status: 'offline' })).toBe('Ahora fuera de servicio.');
  });
});
