import type { Translate } from '../../lib/i18n/catalogue';
import type { DriverKey } from './messages';
import { DRIVER_MESSAGES, LICENCE_CLASSES, type LicenceClass } from './schema';

/** Each licence class's words (the database's check constraint names the values). */
const LICENCE_CLASS_KEYS = {
  standard: 'licence.standard',
  commercial: 'licence.commercial',
  special: 'licence.special',
} as const satisfies Record<LicenceClass, DriverKey>;

/** A licence class in the page's language; one this build does not know as itself. */
export const licenceClassWords = (t: Translate<DriverKey>, value: string): string =>
  value in LICENCE_CLASS_KEYS ? t(LICENCE_CLASS_KEYS[value as LicenceClass]) : value;

export const licenceClassOptions = (t: Translate<DriverKey>) => LICENCE_CLASSES.map((value) => ({ value, label: licenceClassWords(t, value) }));

/** The list's licence filter: expiring within 30 days (not yet expired), or expired. */
export const licenceFilterOptions = (t: Translate<DriverKey>) => [
  { value: 'expiring', label: t('filter.expiring') },
  { value: 'expired', label: t('filter.expired') },
];

/**
 * The schema's messages (the form's own checks, in the database's English) and their keys, so a form
 * error shows in the page's language. The database's refusals are not read back from this English:
 * they carry a key of the server catalogue (src/lib/server-messages), which the kit's Form shows.
 */
const VALIDATION_KEYS = {
  personRequired: 'validation.personRequired',
  emailRequired: 'validation.emailRequired',
  emailInvalid: 'validation.emailInvalid',
  firstNameRequired: 'validation.firstNameRequired',
  lastNameRequired: 'validation.lastNameRequired',
  nameTooLong: 'validation.nameTooLong',
  licenceNumberRequired: 'validation.licenceNumberRequired',
  licenceNumberFormat: 'validation.licenceNumberFormat',
  licenceClass: 'validation.licenceClass',
  licenceExpiryRequired: 'validation.licenceExpiryRequired',
  licenceExpiryPlausible: 'validation.licenceExpiryPlausible',
  phone: 'validation.phone',
  notes: 'validation.notes',
  status: 'validation.status',
} as const satisfies Record<keyof typeof DRIVER_MESSAGES, DriverKey>;

const BY_MESSAGE = new Map<string, DriverKey>(Object.entries(VALIDATION_KEYS).map(([name, key]) => [DRIVER_MESSAGES[name as keyof typeof DRIVER_MESSAGES], key]));

/** A schema message in the page's language (any other message as it came). */
export function translateDriverMessage(t: Translate<DriverKey>, message: string): string {
  const key = BY_MESSAGE.get(message);
  return key ? t(key) : message;
}
