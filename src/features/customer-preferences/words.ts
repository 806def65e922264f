import { useMemo } from 'react';
import { useT, type Translate } from '../../lib/i18n/catalogue';
import type { CustomerLocation } from './api';
import { preferenceMessages, type PreferenceKey } from './messages';
import { DAY_VALUES, LANGUAGES, NOTIFICATION_TYPES, PREFERENCE_MESSAGES, type DayValue, type Language, type NotificationEvent, type NotificationType } from './schema';

/** Each day's words, Sunday 0 to Saturday 6. */
const DAY_KEYS = {
  '0': 'day.0',
  '1': 'day.1',
  '2': 'day.2',
  '3': 'day.3',
  '4': 'day.4',
  '5': 'day.5',
  '6': 'day.6',
} as const satisfies Record<DayValue, PreferenceKey>;

const LANGUAGE_KEYS = { en: 'language.en', es: 'language.es', fr: 'language.fr' } as const satisfies Record<Language, PreferenceKey>;

const TYPE_KEYS = { sms: 'type.sms', email: 'type.email', phone: 'type.phone' } as const satisfies Record<NotificationType, PreferenceKey>;

export const EVENT_KEYS = {
  on_dispatch: 'event.on_dispatch',
  day_before: 'event.day_before',
  day_of: 'event.day_of',
  hour_before: 'event.hour_before',
  on_arrival: 'event.on_arrival',
  on_completion: 'event.on_completion',
} as const satisfies Record<NotificationEvent, PreferenceKey>;

/** A day number in the page's language; anything else as stored. */
export const dayWords = (t: Translate<PreferenceKey>, day: number | string): string => (String(day) in DAY_KEYS ? t(DAY_KEYS[String(day) as DayValue]) : String(day));

export const languageWords = (t: Translate<PreferenceKey>, language: string): string => (language in LANGUAGE_KEYS ? t(LANGUAGE_KEYS[language as Language]) : language);

/** The form's and filters' options (value and words) of each closed list. */
export function preferenceOptions(t: Translate<PreferenceKey>) {
  return {
    days: DAY_VALUES.map((value) => ({ value, label: dayWords(t, value) })),
    languages: LANGUAGES.map((value) => ({ value, label: languageWords(t, value) })),
    types: NOTIFICATION_TYPES.map((value) => ({ value, label: t(TYPE_KEYS[value]) })),
  };
}

/** A customer's address for the location picker, saying whether it is the default or inactive. */
export function locationOption(t: Translate<PreferenceKey>, location: CustomerLocation): { value: string; label: string } {
  let label = location.label;
  if (location.primary) label = t('location.default', { label });
  if (!location.active) label = t('location.inactive', { label });
  return { value: location.value, label };
}

/**
 * The schema's messages (the spec's English) and their keys, for the form's own checks. The
 * database's refusals are not read back from their English: they carry a key of the server
 * catalogue (src/lib/server-messages, `preferences.*`), which the kit's Form shows in the page's language.
 */
const VALIDATION_KEYS: Record<string, PreferenceKey> = {
  [PREFERENCE_MESSAGES.customer]: 'validation.customer',
  [PREFERENCE_MESSAGES.location]: 'validation.location',
  [PREFERENCE_MESSAGES.name]: 'validation.name',
  [PREFERENCE_MESSAGES.dayRequired]: 'validation.dayRequired',
  [PREFERENCE_MESSAGES.dayInvalid]: 'validation.dayInvalid',
  [PREFERENCE_MESSAGES.startRequired]: 'validation.startRequired',
  [PREFERENCE_MESSAGES.endRequired]: 'validation.endRequired',
  [PREFERENCE_MESSAGES.timeFormat]: 'validation.timeFormat',
  [PREFERENCE_MESSAGES.endAfterStart]: 'validation.endAfterStart',
  [PREFERENCE_MESSAGES.receiverRelationship]: 'validation.relationship',
  [PREFERENCE_MESSAGES.receiverContact]: 'validation.contact',
  [PREFERENCE_MESSAGES.notificationType]: 'validation.notificationType',
  [PREFERENCE_MESSAGES.language]: 'validation.language',
  [PREFERENCE_MESSAGES.nameLength]: 'validation.nameLength',
  [PREFERENCE_MESSAGES.descriptionLength]: 'validation.descriptionLength',
  [PREFERENCE_MESSAGES.instructionsLength]: 'validation.instructionsLength',
  [PREFERENCE_MESSAGES.email]: 'validation.email',
  [PREFERENCE_MESSAGES.phone]: 'validation.phone',
  [PREFERENCE_MESSAGES.preferredTimeLength]: 'validation.preferredTimeLength',
  [PREFERENCE_MESSAGES.relationshipLength]: 'validation.relationshipLength',
  [PREFERENCE_MESSAGES.contactLength]: 'validation.contactLength',
};

/** A schema message in the page's language; any other as it came. */
export function translatePreferenceMessage(t: Translate<PreferenceKey>, message: string): string {
  const key = VALIDATION_KEYS[message];
  return key ? t(key) : message;
}

/** The spec's save and load toasts in the page's language. */
export function usePreferenceToasts() {
  const t = useT(preferenceMessages);
  return useMemo(
    () => ({
      created: t('toast.created'),
      updated: t('toast.updated'),
      failed: t('toast.failed'),
      idsRequired: t('toast.idsRequired'),
      tenantRequired: t('toast.tenantRequired'),
      fetchFailed: t('toast.fetchFailed'),
      notFound: t('toast.notFound'),
      validation: t('toast.validation'),
      deleted: t('toast.deleted'),
    }),
    [t],
  );
}
