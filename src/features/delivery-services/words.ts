import type { Translate } from '../../lib/i18n/catalogue';
import type { ServiceKey } from './messages';
import { SERVICE_KINDS, SERVICE_MESSAGES, VEHICLE_FEATURES, type ServiceKind, type VehicleFeature } from './schema';

const OPTION_KEYS = {
  on_demand: 'kind.on_demand',
  same_day: 'kind.same_day',
  next_day: 'kind.next_day',
  scheduled: 'kind.scheduled',
  lift_gate: 'feature.lift_gate',
  refrigeration: 'feature.refrigeration',
  temperature_control: 'feature.temperature_control',
  security_system: 'feature.security_system',
  gps_tracking: 'feature.gps_tracking',
} as const satisfies Record<ServiceKind | VehicleFeature, ServiceKey>;

/** A stored kind or vehicle feature in the page's language; one this build does not know as itself. */
export const serviceWords = (t: Translate<ServiceKey>, value: string): string => (value in OPTION_KEYS ? t(OPTION_KEYS[value as keyof typeof OPTION_KEYS]) : value);

/** The kinds and the vehicle features as options. */
export function serviceOptions(t: Translate<ServiceKey>) {
  return {
    kinds: SERVICE_KINDS.map((value) => ({ value, label: t(OPTION_KEYS[value]) })),
    features: VEHICLE_FEATURES.map((value) => ({ value, label: t(OPTION_KEYS[value]) })),
  };
}

/** The schema's messages (the database's English) and their keys, so a form error shows in the page's language. */
const VALIDATION_KEYS: Record<string, ServiceKey> = {
  [SERVICE_MESSAGES.nameRequired]: 'validation.nameRequired',
  [SERVICE_MESSAGES.nameLength]: 'validation.nameLength',
  [SERVICE_MESSAGES.codeRequired]: 'validation.codeRequired',
  [SERVICE_MESSAGES.codeFormat]: 'validation.codeFormat',
  [SERVICE_MESSAGES.description]: 'validation.description',
  [SERVICE_MESSAGES.kind]: 'validation.kind',
  [SERVICE_MESSAGES.minRequired]: 'validation.minRequired',
  [SERVICE_MESSAGES.minRange]: 'validation.minRange',
  [SERVICE_MESSAGES.maxRequired]: 'validation.maxRequired',
  [SERVICE_MESSAGES.maxRange]: 'validation.maxRange',
  [SERVICE_MESSAGES.maxBelowMin]: 'validation.maxBelowMin',
};

export const translateServiceMessage = (t: Translate<ServiceKey>, message: string): string => (VALIDATION_KEYS[message] ? t(VALIDATION_KEYS[message]) : message);
