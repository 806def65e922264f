import type { Translate } from '../../lib/i18n/catalogue';
import type { Language } from '../../lib/i18n/languages';
import { translateSchemaMessage } from '../../lib/schema-message';
import type { SchemaDetail } from '../../ui/form';
import type { AddressKey } from './messages';
import { ADDRESS_MESSAGES, ADDRESS_TYPES, COORDINATE_RANGE_MESSAGE, COORDINATES_MESSAGE, PHONE_TOO_LONG, type AddressType } from './schema';

/** Each stored address type's words (addresses.address_type). */
const TYPE_KEYS = { user: 'type.user', billing: 'type.billing', shipping: 'type.shipping' } as const satisfies Record<AddressType, AddressKey>;

/** A stored address type in the page's language; one this build does not know as itself. */
export const addressTypeWords = (t: Translate<AddressKey>, type: string): string => (type in TYPE_KEYS ? t(TYPE_KEYS[type as AddressType]) : type);

export const addressTypeOptions = (t: Translate<AddressKey>) => ADDRESS_TYPES.map((value) => ({ value, label: t(TYPE_KEYS[value]) }));

/** The fields a geocoded place fills, named in the notice that says so. */
export const FILLED_KEYS = {
  address_line1: 'filled.address_line1',
  street: 'filled.street',
  building: 'filled.building',
  city: 'filled.city',
  state: 'filled.state',
  postal_code: 'filled.postal_code',
  country: 'filled.country',
} as const satisfies Record<string, AddressKey>;

/** The schema's messages (the database's English, private.address_problems) and their keys. */
const VALIDATION_KEYS: Record<string, AddressKey> = {
  [ADDRESS_MESSAGES.fullName]: 'validation.fullName',
  [ADDRESS_MESSAGES.email]: 'validation.email',
  [ADDRESS_MESSAGES.phoneRequired]: 'validation.phoneRequired',
  [ADDRESS_MESSAGES.phoneDigits]: 'validation.phoneDigits',
  [ADDRESS_MESSAGES.addressLine1]: 'validation.addressLine1',
  [ADDRESS_MESSAGES.building]: 'validation.building',
  [ADDRESS_MESSAGES.street]: 'validation.street',
  [ADDRESS_MESSAGES.city]: 'validation.city',
  [ADDRESS_MESSAGES.state]: 'validation.state',
  [ADDRESS_MESSAGES.postalCodeRequired]: 'validation.postalCodeRequired',
  [ADDRESS_MESSAGES.postalCodeMax]: 'validation.postalCodeMax',
  [ADDRESS_MESSAGES.country]: 'validation.country',
  [PHONE_TOO_LONG]: 'validation.phoneLong',
  [COORDINATES_MESSAGE]: 'validation.bothCoordinates',
  [COORDINATE_RANGE_MESSAGE]: 'validation.coordinateRange',
};

/** A schema or database message in the page's language (a length limit from its rule's number); one it does not know stays as worded. */
export function translateAddressMessage(t: Translate<AddressKey>, message: string, detail?: SchemaDetail): string {
  return translateSchemaMessage(t, message, VALIDATION_KEYS, 'validation.maxLength', detail);
}

/** A country's name in the page's language (from its ISO code), else the gazetteer's English name. */
export function countryName(language: Language, code: string, fallback: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? fallback;
  } catch {
    return fallback;
  }
}
