import { describe, expect, it } from 'vitest';
import {
  CustomerPreferenceFormSchema,
  emptyPreferenceForm,
  preferenceRowSchema,
  toPreferenceFormValues,
  toPreferenceWrite,
  type CustomerPreferenceFormInput,
} from './schema';

const valid = (): CustomerPreferenceFormInput => ({
  ...emptyPreferenceForm(),
  customer_id: 'a1000000-0000-4000-8000-000000000109',
  location_id: 'd3a1c1f2-0000-4000-8000-000000000001',
  name: 'Saturday mornings',
  preferred_day_of_week: '6',
  preferred_time_start: '09:00',
  preferred_time_end: '12:00',
});

function messages(input: unknown): Record<string, string> {
  const result = CustomerPreferenceFormSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('CustomerPreferenceFormSchema', () => {
  it('accepts a valid preference and gives the day as a number', () => {
    const result = CustomerPreferenceFormSchema.safeParse(valid());
    expect(result.success).toBe(true);
    expect(result.data?.preferred_day_of_week).toBe(6);
  });

  it('an empty form: every required field with the spec message', () => {
    expect(messages({ ...emptyPreferenceForm(), contact_preferences: { ...emptyPreferenceForm().contact_preferences, language: '' } })).toEqual({
      customer_id: 'Customer is required',
      location_id: 'Location is required',
      name: 'Name is required',
      preferred_day_of_week: 'Day of week is required',
      preferred_time_start: 'Start time is required',
      preferred_time_end: 'End time is required',
      'contact_preferences.language': 'Language is required',
    });
  });

  it('a blank name is no name', () => {
    expect(messages({ ...valid(), name: '   ' })).toEqual({ name: 'Name is required' });
  });

  it.each(['7', '-1', 'monday', '1.5'])('day %s: Invalid day of week', (day) => {
    expect(messages({ ...valid(), preferred_day_of_week: day })).toEqual({ preferred_day_of_week: 'Invalid day of week' });
  });

  it.each(['0', '6'])('day %s is a day', (day) => {
    expect(messages({ ...valid(), preferred_day_of_week: day })).toEqual({});
  });

  it.each(['9:00', '24:00', '12:60', '9am', '0900'])('time %s: Invalid time format (HH:mm)', (time) => {
    expect(messages({ ...valid(), preferred_time_start: time, preferred_time_end: '23:00' })).toEqual({ preferred_time_start: 'Invalid time format (HH:mm)' });
    expect(messages({ ...valid(), preferred_time_start: '00:00', preferred_time_end: time })).toEqual({ preferred_time_end: 'Invalid time format (HH:mm)' });
  });

  it('end not after start: the message on the end field, whichever time moved', () => {
    // The end moved before the start.
    expect(messages({ ...valid(), preferred_time_end: '08:59' })).toEqual({ preferred_time_end: 'End time must be after start time' });
    // The start moved past the end.
    expect(messages({ ...valid(), preferred_time_start: '12:30' })).toEqual({ preferred_time_end: 'End time must be after start time' });
    // Equal is not after.
    expect(messages({ ...valid(), preferred_time_start: '12:00' })).toEqual({ preferred_time_end: 'End time must be after start time' });
    // Fixed from either side.
    expect(messages({ ...valid(), preferred_time_start: '08:00', preferred_time_end: '08:01' })).toEqual({});
  });

  it('checks the window even while other fields are still wrong', () => {
    expect(messages({ ...valid(), name: '', customer_id: null, preferred_time_start: '18:00', preferred_time_end: '17:00' })).toEqual({
      customer_id: 'Customer is required',
      name: 'Name is required',
      preferred_time_end: 'End time must be after start time',
    });
  });

  it('no window rule while a time is missing or malformed', () => {
    expect(messages({ ...valid(), preferred_time_start: '', preferred_time_end: '08:00' })).toEqual({ preferred_time_start: 'Start time is required' });
    expect(messages({ ...valid(), preferred_time_start: '25:00', preferred_time_end: '08:00' })).toEqual({ preferred_time_start: 'Invalid time format (HH:mm)' });
  });

  it('authorized receivers: name, relationship and contact each required', () => {
    const input = valid();
    input.delivery_options.authorized_receivers = [
      { name: 'Ruth Owens', relationship: 'Neighbour', contact: '+1 415 555 0233' },
      { name: '', relationship: ' ', contact: '' },
    ];
    expect(messages(input)).toEqual({
      'delivery_options.authorized_receivers.1.name': 'Name is required',
      'delivery_options.authorized_receivers.1.relationship': 'Relationship is required',
      'delivery_options.authorized_receivers.1.contact': 'Contact is required',
    });
  });

  it('notification methods: type and contact required', () => {
    const input = valid();
    input.contact_preferences.notification_methods = [{ type: '', enabled: true, contact: '' }];
    expect(messages(input)).toEqual({
      'contact_preferences.notification_methods.0.type': 'Notification type is required',
      'contact_preferences.notification_methods.0.contact': 'Contact is required',
    });
  });

  it('notification methods: only sms, email and phone', () => {
    const input = valid();
    input.contact_preferences.notification_methods = [{ type: 'fax' as 'sms', enabled: true, contact: '+1 415 555 0100' }];
    expect(messages(input)).toEqual({ 'contact_preferences.notification_methods.0.type': 'Notification type is required' });
  });

  it('notification methods: the contact fits the type, as the database checks', () => {
    const input = valid();
    input.contact_preferences.notification_methods = [
      { type: 'email', enabled: true, contact: 'not-an-email' },
      { type: 'sms', enabled: true, contact: '555 01' },
      { type: 'phone', enabled: false, contact: '+1 415 555 0100' },
      { type: 'email', enabled: true, contact: 'carla@mail.example' },
    ];
    expect(messages(input)).toEqual({
      'contact_preferences.notification_methods.0.contact': 'Valid email is required',
      'contact_preferences.notification_methods.1.contact': 'Please enter a valid phone number with at least 10 digits',
    });
  });

  it('language: required, en, es or fr', () => {
    const input = valid();
    input.contact_preferences.language = '';
    expect(messages(input)).toEqual({ 'contact_preferences.language': 'Language is required' });
    input.contact_preferences.language = 'de' as 'en';
    expect(messages(input)).toEqual({ 'contact_preferences.language': 'Language is required' });
    for (const language of ['en', 'es', 'fr'] as const) {
      input.contact_preferences.language = language;
      expect(messages(input)).toEqual({});
    }
  });

  it('at most ten receivers', () => {
    const input = valid();
    input.delivery_options.authorized_receivers = Array.from({ length: 11 }, (_, i) => ({ name: `R${i}`, relationship: 'Friend', contact: '+1 415 555 0100' }));
    expect(messages(input)).toEqual({ 'delivery_options.authorized_receivers': 'At most 10 authorized receivers' });
  });
});

describe('defaults and round trip', () => {
  it('a new form has the spec defaults', () => {
    const empty = emptyPreferenceForm();
    expect(empty.delivery_options).toMatchObject({ leave_with_neighbor: true, leave_at_door: true, signature_required: false, requires_appointment: false });
    expect(empty.contact_preferences.notification_events).toEqual({
      on_dispatch: true,
      day_before: false,
      day_of: true,
      hour_before: true,
      on_arrival: true,
      on_completion: true,
    });
    expect(empty.contact_preferences.language).toBe('en');
    expect(empty.is_active).toBe(true);
    expect(empty.notification_preferences).toEqual({ email_notifications: true, sms_notifications: true, push_notifications: true });
    expect(empty.delivery_preferences.signature_required).toBe(false);
  });

  it('a stored row becomes form values and back into the same write', () => {
    const row = preferenceRowSchema.parse({
      id: 'p1',
      tenant_id: 't1',
      customer_id: 'c1',
      customer_name: 'Carla Customer',
      customer_email: 'customer@acme.test',
      location_id: 'l1',
      location_title: 'Home',
      location_address: 'Mission Lofts, Mission St, San Francisco',
      name: 'Weekday evening drop-off',
      description: '',
      preferred_day_of_week: 2,
      preferred_time_start: '18:00',
      preferred_time_end: '20:30',
      delivery_instructions: 'Ring once',
      delivery_options: {
        signature_required: false,
        leave_with_neighbor: true,
        leave_at_door: false,
        requires_appointment: false,
        package_handling: { fragile: true, temperature_sensitive: false },
        authorized_receivers: [{ name: 'Marco Rossi', relationship: 'Partner', contact: '+1 415 555 0144' }],
      },
      contact_preferences: {
        notification_methods: [{ type: 'sms', enabled: true, contact: '+1 415 555 0104' }],
        notification_events: { on_dispatch: true, day_before: true, day_of: true, hour_before: true, on_arrival: true, on_completion: true },
        language: 'es',
      },
      is_active: true,
      notification_preferences: { email_notifications: true, sms_notifications: true, push_notifications: false },
      delivery_preferences: { preferred_delivery_time: 'Evenings', preferred_delivery_days: [4, 2], delivery_instructions: null, signature_required: false },
      created_at: '2026-11-01T00:00:00Z',
      updated_at: '2026-11-01T00:00:00Z',
    });
    const values = toPreferenceFormValues(row);
    expect(values.preferred_day_of_week).toBe('2');
    expect(values.delivery_preferences.preferred_delivery_days).toEqual(['4', '2']);
    const parsed = CustomerPreferenceFormSchema.parse(values);
    const write = toPreferenceWrite(parsed);
    expect(write.preferred_day_of_week).toBe(2);
    expect(write.delivery_preferences).toEqual({ preferred_delivery_time: 'Evenings', preferred_delivery_days: [2, 4], delivery_instructions: null, signature_required: false });
    expect(write.delivery_options).toEqual(row.delivery_options);
    expect(write.contact_preferences).toEqual(row.contact_preferences);
  });

  it('a stored row whose options cannot be read reads as the defaults of a new form, a copy each time', () => {
    const stored = {
      id: 'p2', tenant_id: 't1', customer_id: 'c1', customer_name: null, customer_email: null, location_id: 'l1', location_title: null, location_address: null,
      name: 'Broken', description: '', preferred_day_of_week: 1, preferred_time_start: '09:00', preferred_time_end: '10:00', delivery_instructions: '',
      delivery_options: 'not an object', contact_preferences: null, is_active: true, notification_preferences: [], delivery_preferences: null,
      created_at: '2026-11-01T00:00:00Z', updated_at: '2026-11-01T00:00:00Z',
    };
    const first = preferenceRowSchema.parse(stored);
    const empty = emptyPreferenceForm();
    expect(first.delivery_options).toEqual(empty.delivery_options);
    expect(first.notification_preferences).toEqual(empty.notification_preferences);
    first.delivery_options.authorized_receivers.push({ name: 'Marco Rossi', relationship: 'Partner', contact: '+1 415 555 0144' });
    expect(preferenceRowSchema.parse(stored).delivery_options.authorized_receivers).toEqual([]);
    expect(emptyPreferenceForm().delivery_options.authorized_receivers).toEqual([]);
  });
});
