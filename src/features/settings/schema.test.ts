// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readTenantSettings } from '../../lib/tenant-settings';
import { KNOWN_CURRENCIES, SETTINGS_MESSAGES, SystemSettingsFormSchema, timezoneOptions, toSettingsForm, toSettingsSave, type SystemSettingsFormInput } from './schema';

const valid: SystemSettingsFormInput = {
  name: 'Acme Logistics',
  contact_info: { email: 'hello@acme.test', phone: '+1 415 555 0100', address: '1 Market St' },
  general: {
    latitude: 37.7749,
    longitude: -122.4194,
    timezone: 'America/Los_Angeles',
    currency: 'USD',
    language: 'en',
    units: { weight: 'lb', volume: 'ft3', length: 'in', temperature: 'F' },
  },
  maps_key: '',
};

const messagesOf = (input: unknown) => {
  const result = SystemSettingsFormSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('SystemSettingsFormSchema', () => {
  it('accepts a complete, valid form and empty optional contact fields', () => {
    expect(messagesOf(valid)).toEqual({});
    expect(messagesOf({ ...valid, contact_info: { email: '', phone: '', address: '' } })).toEqual({});
  });

  it('says what is wrong with each field', () => {
    expect(
      messagesOf({
        ...valid,
        name: '  ',
        contact_info: { email: 'nope', phone: '555 01', address: 'x'.repeat(301) },
        general: { ...valid.general, latitude: 91, longitude: -181, currency: 'XYZ', language: 'de' },
        maps_key: 'has spaces in it',
      }),
    ).toEqual({
      name: SETTINGS_MESSAGES.name,
      'contact_info.email': SETTINGS_MESSAGES.email,
      'contact_info.phone': SETTINGS_MESSAGES.phone,
      'contact_info.address': SETTINGS_MESSAGES.address,
      'general.latitude': SETTINGS_MESSAGES.latitude,
      'general.longitude': SETTINGS_MESSAGES.longitude,
      'general.currency': SETTINGS_MESSAGES.currency,
      'general.language': SETTINGS_MESSAGES.language,
      maps_key: SETTINGS_MESSAGES.mapsKey,
    });
  });

  it('wants both coordinates or neither', () => {
    expect(messagesOf({ ...valid, general: { ...valid.general, longitude: null } })).toEqual({ 'general.longitude': SETTINGS_MESSAGES.centre });
    expect(messagesOf({ ...valid, general: { ...valid.general, latitude: null, longitude: null } })).toEqual({});
  });
});

describe('toSettingsSave', () => {
  it('stores the centre where the spec names it and leaves empty contact values out', () => {
    const parsed = SystemSettingsFormSchema.parse({ ...valid, contact_info: { ...valid.contact_info, address: '' }, maps_key: ' pk.abc ' });
    expect(toSettingsSave(parsed)).toEqual({
      name: 'Acme Logistics',
      contact_info: { email: 'hello@acme.test', phone: '+1 415 555 0100' },
      general: {
        timezone: 'America/Los_Angeles',
        currency: 'USD',
        language: 'en',
        units: { weight: 'lb', volume: 'ft3', length: 'in', temperature: 'F' },
        default_location_cordinates: { settings: { latitude: 37.7749, longitude: -122.4194 } },
      },
      maps_key: 'pk.abc',
    });
  });

  it('sends no centre when none is set', () => {
    const parsed = SystemSettingsFormSchema.parse({ ...valid, general: { ...valid.general, latitude: null, longitude: null } });
    expect(toSettingsSave(parsed).general).not.toHaveProperty('default_location_cordinates');
  });
});

describe('readTenantSettings and toSettingsForm', () => {
  it('fills the spec defaults (kg, m³, cm, °C; en) where a tenant has none', () => {
    const settings = readTenantSettings({});
    expect(settings).toEqual({
      mapCentre: null,
      timezone: 'UTC',
      currency: 'USD',
      language: 'en',
      // No choice of its own: its people's pages follow their browsers.
      defaultLanguage: null,
      units: { weight: 'kg', volume: 'm3', length: 'cm', temperature: 'C' },
      mapsKey: null,
      picking: { maxOrders: 10, maxLines: 40 },
    });
  });

  it('reads the batch caps the tenant chose, each cap out of bounds falling back to its default', () => {
    expect(readTenantSettings({ picking: { max_orders: 6, max_lines: 25 } }).picking).toEqual({ maxOrders: 6, maxLines: 25 });
    expect(readTenantSettings({ picking: { max_orders: 1, max_lines: 12.5 } }).picking).toEqual({ maxOrders: 10, maxLines: 40 });
    expect(readTenantSettings({ picking: { max_orders: 50, max_lines: '30' } }).picking).toEqual({ maxOrders: 50, maxLines: 40 });
    expect(readTenantSettings({ picking: 'x' }).picking).toEqual({ maxOrders: 10, maxLines: 40 });
  });

  it('keeps the language the tenant chose as its people\'s default', () => {
    expect(readTenantSettings({ general: { language: 'es' } }).defaultLanguage).toBe('es');
  });

  it('keeps what parses and drops what does not, value by value', () => {
    const settings = readTenantSettings({
      general: {
        default_location_cordinates: { settings: { latitude: '51.5054', longitude: -0.0235 } },
        currency: 'GBP',
        language: 'de',
        units: { weight: 'stone', temperature: 'F' },
      },
      maps: { maps_key: '  pk.live  ' },
    });
    expect(settings.mapCentre).toEqual({ latitude: 51.5054, longitude: -0.0235 });
    expect(settings.currency).toBe('GBP');
    expect(settings.language).toBe('en');
    expect(settings.units).toEqual({ weight: 'kg', volume: 'm3', length: 'cm', temperature: 'F' });
    expect(settings.mapsKey).toBe('pk.live');
    expect(readTenantSettings({ general: { default_location_cordinates: { settings: { latitude: 123, longitude: 0 } } } }).mapCentre).toBeNull();
  });

  it('opens the form on the stored values', () => {
    const form = toSettingsForm({ name: 'Globex', contact: { phone: '', email: '', address: '' } }, readTenantSettings({ general: { currency: 'GBP' } }));
    expect(form.general.currency).toBe('GBP');
    expect(form.general.latitude).toBeNull();
    expect(form.maps_key).toBe('');
  });
});

describe('the option lists', () => {
  it('offers the time zones the seed uses and UTC', () => {
    const zones = timezoneOptions().map((o) => o.value);
    expect(zones).toEqual(expect.arrayContaining(['UTC', 'America/Los_Angeles', 'Europe/London']));
  });

  it('offers the currencies the database knows, each once', () => {
    expect(new Set(KNOWN_CURRENCIES).size).toBe(KNOWN_CURRENCIES.length);
    expect(KNOWN_CURRENCIES).toEqual(expect.arrayContaining(['USD', 'GBP', 'EUR']));
  });
});
