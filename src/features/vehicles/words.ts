import type { Translate } from '../../lib/i18n/catalogue';
import { translateSchemaMessage } from '../../lib/schema-message';
import type { SchemaDetail } from '../../ui/form';
import type { VehicleKey } from './messages';
import { FUEL_TYPES, IMAGE_MESSAGES, LICENSE_REQUIREMENTS, SPECIAL_FEATURES, VEHICLE_MESSAGES, type FuelType, type LicenseRequirement, type SpecialFeature } from './schema';

/** Each stored option's words (the database's check constraints name the values). */
const OPTION_KEYS = {
  standard: 'option.standard',
  commercial: 'option.commercial',
  special: 'option.special',
  lift_gate: 'option.lift_gate',
  refrigeration: 'option.refrigeration',
  temperature_control: 'option.temperature_control',
  security_system: 'option.security_system',
  gps_tracking: 'option.gps_tracking',
  petrol: 'option.petrol',
  diesel: 'option.diesel',
  electric: 'option.electric',
  hybrid: 'option.hybrid',
  cng: 'option.cng',
} as const satisfies Record<LicenseRequirement | SpecialFeature | FuelType, VehicleKey>;

/** A stored option in the page's language; one this build does not know as itself. */
export const optionWords = (t: Translate<VehicleKey>, value: string): string => (value in OPTION_KEYS ? t(OPTION_KEYS[value as keyof typeof OPTION_KEYS]) : value);

/** The form's options (value and words) of each list. */
export function vehicleOptions(t: Translate<VehicleKey>) {
  const of = (values: readonly string[]) => values.map((value) => ({ value, label: optionWords(t, value) }));
  return { license: of(LICENSE_REQUIREMENTS), features: of(SPECIAL_FEATURES), fuel: of(FUEL_TYPES) };
}

/** The schema's messages (the spec's English) and their keys, so a form error shows in the page's language. */
const VALIDATION_KEYS: Record<string, VehicleKey> = {
  [VEHICLE_MESSAGES.nameRequired]: 'validation.nameRequired',
  [VEHICLE_MESSAGES.namePrintable]: 'validation.namePrintable',
  [VEHICLE_MESSAGES.codeRequired]: 'validation.codeRequired',
  [VEHICLE_MESSAGES.codePrintable]: 'validation.codePrintable',
  [VEHICLE_MESSAGES.descriptionRequired]: 'validation.descriptionRequired',
  [VEHICLE_MESSAGES.descriptionPrintable]: 'validation.descriptionPrintable',
  [VEHICLE_MESSAGES.capacity]: 'validation.capacity',
  [VEHICLE_MESSAGES.license]: 'validation.license',
  [VEHICLE_MESSAGES.fuel]: 'validation.fuel',
  [IMAGE_MESSAGES.type]: 'image.type',
  [IMAGE_MESSAGES.size]: 'image.size',
  [IMAGE_MESSAGES.count]: 'image.count',
};

/** A schema message in the page's language; a length limit is worded from its rule's number. */
export function translateVehicleMessage(t: Translate<VehicleKey>, message: string, detail?: SchemaDetail): string {
  return translateSchemaMessage(t, message, VALIDATION_KEYS, 'validation.maxLength', detail);
}
