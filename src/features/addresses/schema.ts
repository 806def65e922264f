import { z } from 'zod';
import { EMAIL_PATTERN } from '../../lib/form-schema';
import { nullableText, tenantRecord } from '../../lib/row-schema';

/** The kinds an address may be; the list filters billing and shipping. */
export const ADDRESS_TYPES = ['user', 'billing', 'shipping'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];
export const ADDRESS_TYPE_FILTERS = ['billing', 'shipping'] as const;
export type AddressTypeFilter = (typeof ADDRESS_TYPE_FILTERS)[number];


/** The address list shows five per page; postal codes are at most six characters. */
export const ADDRESS_PAGE_SIZE = 5;
export const POSTAL_CODE_MAX = 6;

/** The address form's rules, word for word; the database (private.address_problems) answers with the same words. */
export const ADDRESS_MESSAGES = {
  fullName: 'Full name is required',
  email: 'Valid email is required',
  phoneRequired: 'Phone number is required',
  phoneDigits: 'Please enter a valid phone number with at least 10 digits',
  addressLine1: 'Address line 1 is required',
  building: 'Building name is required',
  street: 'Street is required',
  city: 'City is required',
  state: 'State is required',
  postalCodeRequired: 'Postal code is required',
  postalCodeMax: 'Postal code must be less than 6 characters',
  country: 'Country is required',
} as const;

export const PHONE_TOO_LONG = 'Phone number is too long';
export const COORDINATES_MESSAGE = 'Enter both latitude and longitude, or neither';
/** The database's words for a point off the globe (private.address_problems). */
export const COORDINATE_RANGE_MESSAGE = 'Coordinates must be a latitude from -90 to 90 and a longitude from -180 to 180';
/** A text longer than its column takes: the limit is read back from these words to translate them (words.ts). */
export const tooLongMessage = (max: number) => `Must be at most ${max} characters`;
/** A string field of at most `max` characters, saying so in words the page translates (not zod's own English). */
const text = (max: number) => z.string().trim().max(max, tooLongMessage(max));

/** A stored address as the API returns it. */
export const addressSchema = z.object({
  ...tenantRecord,
  user_id: nullableText,
  title: z.object({ en: z.string().optional() }).catchall(z.unknown()).catch({}),
  address_type: z.enum(ADDRESS_TYPES),
  address_line1: z.string(),
  address_line2: nullableText,
  building: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  full_address: nullableText,
  is_primary: z.boolean(),
  is_active: z.boolean(),
  save_to_address_book: z.boolean(),
  metadata: z
    .object({
      is_verified: z.boolean().nullable().optional(),
      verification_date: nullableText.optional(),
      delivery_instructions: nullableText.optional(),
      landmark: nullableText.optional(),
      location: z.object({ lat: z.number(), lng: z.number() }).nullable().optional(),
    })
    .catch({}),
  contact_info: z
    .object({ full_name: z.string().optional(), phone: z.string().optional(), email: z.string().optional() })
    .catch({}),
});
export type Address = z.infer<typeof addressSchema>;

/** The label a lookup or a card shows: the title, else the joined address. */
export function addressLabel(address: Pick<Address, 'title' | 'full_address' | 'address_line1'>): string {
  const title = address.title.en?.trim();
  return title || address.full_address || address.address_line1;
}

export const DEFAULT_PHONE_COUNTRY = 'US';

const digitCount = (value: string) => value.replace(/\D/g, '').length;
const coordinate = (min: number, max: number) => z.number().min(min, COORDINATE_RANGE_MESSAGE).max(max, COORDINATE_RANGE_MESSAGE).nullable();

/**
 * The address dialog's values. Contact fields sit under contact_info, as the database names them
 * in its {field, message} details, so a server refusal lands on the same field. The phone is the
 * national number; phone_country (ISO code) gives its country code.
 */
export const addressFormSchema = z
  .object({
    address_title: text(200),
    address_type: z.enum(ADDRESS_TYPES),
    contact_info: z.object({
      full_name: text(200).min(1, ADDRESS_MESSAGES.fullName),
      email: text(320).regex(EMAIL_PATTERN, ADDRESS_MESSAGES.email),
      phone_country: z.string(),
      phone: z
        .string()
        .trim()
        .min(1, ADDRESS_MESSAGES.phoneRequired)
        .refine((value) => value === '' || digitCount(value) >= 10, ADDRESS_MESSAGES.phoneDigits)
        .refine((value) => value.length <= 24, PHONE_TOO_LONG),
    }),
    address_line1: text(300).min(1, ADDRESS_MESSAGES.addressLine1),
    address_line2: text(300),
    building: text(200).min(1, ADDRESS_MESSAGES.building),
    street: text(200).min(1, ADDRESS_MESSAGES.street),
    city: text(120).min(1, ADDRESS_MESSAGES.city),
    state: text(120).min(1, ADDRESS_MESSAGES.state),
    postal_code: z.string().trim().min(1, ADDRESS_MESSAGES.postalCodeRequired).max(POSTAL_CODE_MAX, ADDRESS_MESSAGES.postalCodeMax),
    country: text(120).min(1, ADDRESS_MESSAGES.country),
    latitude: coordinate(-90, 90),
    longitude: coordinate(-180, 180),
    delivery_instructions: text(2000),
    landmark: text(200),
    is_primary: z.boolean(),
    save_to_address_book: z.boolean(),
  })
  .superRefine((value, context) => {
    if ((value.latitude === null) !== (value.longitude === null)) {
      context.addIssue({ code: 'custom', path: [value.latitude === null ? 'latitude' : 'longitude'], message: COORDINATES_MESSAGE });
    }
  });
export type AddressFormInput = z.input<typeof addressFormSchema>;
export type AddressFormValues = z.output<typeof addressFormSchema>;

/** What the form sends: the columns a client may write. */
export interface AddressWrite {
  title: { en?: string };
  address_type: AddressType;
  address_line1: string;
  address_line2: string | null;
  building: string;
  street: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  latitude: number | null;
  longitude: number | null;
  is_primary: boolean;
  save_to_address_book: boolean;
  metadata: Address['metadata'];
  contact_info: { full_name: string; phone: string; email: string };
}

/** '+44 20 7946 0958': the country's dialling code, then the national number as typed. */
export function joinPhone(dialCode: string, national: string): string {
  const number = national.trim();
  if (number.startsWith('+') || !dialCode) return number;
  return `+${dialCode} ${number}`;
}

/** Splits a stored phone by the dialling codes known: the longest code that prefixes it wins, the address's country first among equals. */
export function splitPhone(
  phone: string,
  countries: readonly { code: string; name: string; phoneCode: string }[],
  countryName: string,
): { phone_country: string | null; phone: string } {
  const match = /^\+(\d{1,4})[\s-]?(.*)$/.exec(phone.trim());
  if (!match) return { phone_country: null, phone: phone.trim() };
  const digits = `${match[1] ?? ''}${match[2] ?? ''}`.replace(/\D/g, '');
  const name = countryName.trim().toLowerCase();
  let best: { code: string; phoneCode: string; preferred: boolean } | null = null;
  for (const country of countries) {
    if (!country.phoneCode || !digits.startsWith(country.phoneCode)) continue;
    const preferred = country.name.toLowerCase() === name;
    if (!best || country.phoneCode.length > best.phoneCode.length || (country.phoneCode.length === best.phoneCode.length && preferred && !best.preferred)) {
      best = { code: country.code, phoneCode: country.phoneCode, preferred };
    }
  }
  if (!best) return { phone_country: null, phone: phone.trim() };
  const rest = phone.trim().slice(1).replace(/^[\s-]*/, '');
  return { phone_country: best.code, phone: rest.slice(best.phoneCode.length).replace(/^[\s-]*/, '') };
}

export function toAddressWrite(values: AddressFormValues, dialCode: string, metadata: Address['metadata'] = {}): AddressWrite {
  const title = values.address_title;
  const location = values.latitude !== null && values.longitude !== null ? { lat: values.latitude, lng: values.longitude } : null;
  return {
    title: title ? { en: title } : {},
    address_type: values.address_type,
    address_line1: values.address_line1,
    address_line2: values.address_line2 || null,
    building: values.building,
    street: values.street,
    city: values.city,
    state: values.state,
    postal_code: values.postal_code,
    country: values.country,
    latitude: values.latitude,
    longitude: values.longitude,
    is_primary: values.is_primary,
    save_to_address_book: values.save_to_address_book,
    metadata: {
      ...metadata,
      delivery_instructions: values.delivery_instructions || null,
      landmark: values.landmark || null,
      location,
    },
    contact_info: { full_name: values.contact_info.full_name, phone: joinPhone(dialCode, values.contact_info.phone), email: values.contact_info.email },
  };
}

/** The dialog's starting values: the stored address, or a new one (the owner's first is their Default). */
export function toAddressFormInput(address: Address | null, split: { phone_country: string | null; phone: string } | null, makeDefault = false): AddressFormInput {
  return {
    address_title: address?.title.en ?? '',
    address_type: address?.address_type ?? 'shipping',
    contact_info: {
      full_name: address?.contact_info.full_name ?? '',
      email: address?.contact_info.email ?? '',
      phone_country: split?.phone_country ?? DEFAULT_PHONE_COUNTRY,
      phone: split?.phone ?? address?.contact_info.phone ?? '',
    },
    address_line1: address?.address_line1 ?? '',
    address_line2: address?.address_line2 ?? '',
    building: address?.building ?? '',
    street: address?.street ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    postal_code: address?.postal_code ?? '',
    country: address?.country ?? '',
    latitude: address?.latitude ?? null,
    longitude: address?.longitude ?? null,
    delivery_instructions: address?.metadata.delivery_instructions ?? '',
    landmark: address?.metadata.landmark ?? '',
    is_primary: address?.is_primary ?? makeDefault,
    save_to_address_book: address?.save_to_address_book ?? true,
  };
}
