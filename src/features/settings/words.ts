import { useMemo } from 'react';
import { useT, type Translate } from '../../lib/i18n/catalogue';
import { useLanguage } from '../../lib/i18n/catalogue';
import { PICKING_CAPS } from '../../lib/tenant-settings';
import { settingsMessages, type SettingsKey } from './messages';
import { KNOWN_CURRENCIES, PICKING_MESSAGES, SETTINGS_MESSAGES } from './schema';

/**
 * The schema's messages (the spec's English) and their keys, for the form's own checks. The
 * database's refusals are not read back from their English: they carry a key of the server
 * catalogue (src/lib/server-messages), which the kit's Form shows in the page's language.
 */
const VALIDATION_KEYS: Record<string, SettingsKey> = {
  [SETTINGS_MESSAGES.name]: 'validation.name',
  [SETTINGS_MESSAGES.email]: 'validation.email',
  [SETTINGS_MESSAGES.phone]: 'validation.phone',
  [SETTINGS_MESSAGES.address]: 'validation.address',
  [SETTINGS_MESSAGES.latitude]: 'validation.latitude',
  [SETTINGS_MESSAGES.longitude]: 'validation.longitude',
  [SETTINGS_MESSAGES.centre]: 'validation.centre',
  [SETTINGS_MESSAGES.timezone]: 'validation.timezone',
  [SETTINGS_MESSAGES.currency]: 'validation.currency',
  [SETTINGS_MESSAGES.language]: 'validation.language',
  [SETTINGS_MESSAGES.mapsKey]: 'validation.mapsKey',
};

/** A schema message in the page's language; one this build does not know, as itself. */
export function translateSettingsMessage(t: Translate<SettingsKey>, message: string): string {
  const key = VALIDATION_KEYS[message];
  if (key) return t(key);
  if (message === PICKING_MESSAGES.maxOrders) return t('picking.maxOrdersMessage', PICKING_CAPS.orders);
  if (message === PICKING_MESSAGES.maxLines) return t('picking.maxLinesMessage', PICKING_CAPS.lines);
  return message;
}

/** The regional options in the page's language: currencies named by the browser's Intl data, units from the catalogue. */
export function useSettingsOptions() {
  const t = useT(settingsMessages);
  const language = useLanguage();
  return useMemo(() => {
    const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([language], { type: 'currency' }) : null;
    return {
      currency: KNOWN_CURRENCIES.map((code) => ({ value: code, label: t('regional.currencyOption', { code, name: names?.of(code) ?? code }) })),
      weight: [
        { value: 'kg', label: t('unit.kg') },
        { value: 'lb', label: t('unit.lb') },
      ],
      volume: [
        { value: 'm3', label: t('unit.m3') },
        { value: 'ft3', label: t('unit.ft3') },
      ],
      length: [
        { value: 'cm', label: t('unit.cm') },
        { value: 'in', label: t('unit.in') },
      ],
      temperature: [
        { value: 'C', label: t('unit.C') },
        { value: 'F', label: t('unit.F') },
      ],
    };
  }, [t, language]);
}
