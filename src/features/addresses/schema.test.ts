import { describe, expect, it } from 'vitest';
import { translator } from '../../lib/i18n/catalogue';
import { addressMessages } from './messages';
import es from './messages/es';
import fr from './messages/fr';
import { translateAddressMessage } from './words';
import {
  ADDRESS_MESSAGES,
  addressFormSchema,
  addressLabel,
  joinPhone,
  splitPhone,
  toAddressFormInput,
  toAddressWrite,
  type AddressFormInput,
} from './schema';

const valid: AddressFormInput = {
  address_title: 'Home',
  address_type: 'shipping',
  contact_info: { full_name: 'Emily Foster', email: 'emily.foster@mail.example', phone_country: 'US', phone: '415 555 0209' },
  address_line1: '845 Valencia St',
  address_line2: 'Apt 3',
  building: 'Valencia Commons',
  street: 'Valencia St',
  city: 'San Francisco',
  state: 'CA',
  postal_code: '94110',
  country: 'United States',
  latitude: 37.7593,
  longitude: -122.4215,
  delivery_instructions: 'Ring twice',
  landmark: '',
  is_primary: true,
  save_to_address_book: true,
};

function messages(patch: Partial<AddressFormInput>): Record<string, string> {
  const result = addressFormSchema.safeParse({ ...valid, ...patch });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const COUNTRIES = [
  { code: 'US', name: 'United States', phoneCode: '1' },
  { code: 'CA', name: 'Canada', phoneCode: '1' },
  { code: 'GB', name: 'United Kingdom', phoneCode: '44' },
  { code: 'AG', name: 'Antigua And Barbuda', phoneCode: '1268' },
];

describe('address form schema', () => {
  it('accepts a complete address', () => {
    expect(messages({})).toEqual({});
  });

  it('answers every message of the spec for its field', () => {
    const contact = valid.contact_info;
    expect(messages({ contact_info: { ...contact, full_name: '  ' } })).toEqual({ 'contact_info.full_name': 'Full name is required' });
    expect(messages({ contact_info: { ...contact, email: 'emily@' } })).toEqual({ 'contact_info.email': 'Valid email is required' });
    expect(messages({ contact_info: { ...contact, phone: '' } })).toEqual({ 'contact_info.phone': 'Phone number is required' });
    expect(messages({ contact_info: { ...contact, phone: '555 0209' } })).toEqual({ 'contact_info.phone': 'Please enter a valid phone number with at least 10 digits' });
    expect(messages({ address_line1: '' })).toEqual({ address_line1: 'Address line 1 is required' });
    expect(messages({ building: ' ' })).toEqual({ building: 'Building name is required' });
    expect(messages({ street: '' })).toEqual({ street: 'Street is required' });
    expect(messages({ city: '' })).toEqual({ city: 'City is required' });
    expect(messages({ state: '' })).toEqual({ state: 'State is required' });
    expect(messages({ postal_code: '' })).toEqual({ postal_code: 'Postal code is required' });
    expect(messages({ postal_code: '9411000' })).toEqual({ postal_code: 'Postal code must be less than 6 characters' });
    expect(messages({ country: '' })).toEqual({ country: 'Country is required' });
  });

  it('keeps the spec words in one place', () => {
    expect(Object.values(ADDRESS_MESSAGES)).toHaveLength(12);
  });

  it('leaves the optional fields optional (title, line 2, instructions, Default, address book)', () => {
    expect(messages({ address_title: '', address_line2: '', delivery_instructions: '', is_primary: false, save_to_address_book: false })).toEqual({});
  });

  it('wants both coordinates or neither', () => {
    expect(messages({ latitude: null, longitude: null })).toEqual({});
    expect(messages({ latitude: null })).toEqual({ latitude: 'Enter both latitude and longitude, or neither' });
    expect(Object.keys(messages({ latitude: 95 }))).toEqual(['latitude']);
  });
});

describe('phone with its country code', () => {
  it('joins the dialling code and the national number', () => {
    expect(joinPhone('44', '20 7946 0958')).toBe('+44 20 7946 0958');
    expect(joinPhone('1', '+1 415 555 0100')).toBe('+1 415 555 0100');
  });

  it('splits a stored number by the longest code, the address country first among equals', () => {
    expect(splitPhone('+44 20 7946 0958', COUNTRIES, 'United Kingdom')).toEqual({ phone_country: 'GB', phone: '20 7946 0958' });
    expect(splitPhone('+1 416 555 0100', COUNTRIES, 'Canada')).toEqual({ phone_country: 'CA', phone: '416 555 0100' });
    expect(splitPhone('+1 415 555 0100', COUNTRIES, 'United States')).toEqual({ phone_country: 'US', phone: '415 555 0100' });
    expect(splitPhone('+1268 555 0100', COUNTRIES, '')).toEqual({ phone_country: 'AG', phone: '555 0100' });
    expect(splitPhone('415 555 0100', COUNTRIES, 'United States')).toEqual({ phone_country: null, phone: '415 555 0100' });
  });
});

describe('form values and the row', () => {
  it('writes the columns the table has, the title as {en}, contact_info and metadata with the point', () => {
    const values = addressFormSchema.parse(valid);
    expect(toAddressWrite(values, '1', { is_verified: true })).toEqual({
      title: { en: 'Home' },
      address_type: 'shipping',
      address_line1: '845 Valencia St',
      address_line2: 'Apt 3',
      building: 'Valencia Commons',
      street: 'Valencia St',
      city: 'San Francisco',
      state: 'CA',
      postal_code: '94110',
      country: 'United States',
      latitude: 37.7593,
      longitude: -122.4215,
      is_primary: true,
      save_to_address_book: true,
      metadata: { is_verified: true, delivery_instructions: 'Ring twice', landmark: null, location: { lat: 37.7593, lng: -122.4215 } },
      contact_info: { full_name: 'Emily Foster', phone: '+1 415 555 0209', email: 'emily.foster@mail.example' },
    });
    expect(toAddressWrite(addressFormSchema.parse({ ...valid, address_title: '', address_line2: '', latitude: null, longitude: null }), '1')).toMatchObject({
      title: {},
      address_line2: null,
      metadata: { location: null },
    });
  });

  it('starts a new address as US, shipping, saved to the book, and Default only when asked', () => {
    expect(toAddressFormInput(null, null)).toMatchObject({ address_type: 'shipping', is_primary: false, save_to_address_book: true, contact_info: { phone_country: 'US' } });
    expect(toAddressFormInput(null, null, true).is_primary).toBe(true);
  });

  it('labels an address by its title, else its full address', () => {
    expect(addressLabel({ title: { en: 'Home' }, full_address: 'A, B', address_line1: '1 A St' })).toBe('Home');
    expect(addressLabel({ title: {}, full_address: 'Valencia Commons, Valencia St, San Francisco', address_line1: '1 A St' })).toBe('Valencia Commons, Valencia St, San Francisco');
  });

  it('says a length limit and a point off the globe in words the page translates, not zod’s own', () => {
    expect(messages({ city: 'x'.repeat(121) })).toEqual({ city: 'Must be at most 120 characters' });
    expect(messages({ delivery_instructions: 'x'.repeat(2001) })).toEqual({ delivery_instructions: 'Must be at most 2000 characters' });
    expect(messages({ latitude: 95, longitude: 0 })).toEqual({ latitude: 'Coordinates must be a latitude from -90 to 90 and a longitude from -180 to 180' });
    expect(translateAddressMessage(translator(addressMessages, 'es', es), 'Must be at most 2000 characters', { maxLength: 2000 })).toBe('Debe tener como máximo 2000 caracteres');
    expect(translateAddressMessage(translator(addressMessages, 'fr', fr), 'Must be at most 120 characters', { maxLength: 120 })).toBe('Doit comporter au plus 120 caractères');
    expect(translateAddressMessage(translator(addressMessages, 'fr', fr), messages({ latitude: 95, longitude: 0 }).latitude!)).toBe(
      'Les coordonnées doivent être une latitude de -90 à 90 et une longitude de -180 à 180',
    );
  });
});
