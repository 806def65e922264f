import type { Translate } from '../../lib/i18n/catalogue';
import { BRAND_MESSAGES } from './brand-settings';
import type { COLOR_KEYS } from './brand-settings';
import type { ContrastPair } from './contrast';
import type { BrandKey } from './messages';

/** The stock palettes' names, by their stored name (a tenant's own presets have none: their name is theirs). */
const STOCK_PRESET_KEYS: Record<string, BrandKey> = {
  'Waypost Teal': 'preset.teal',
  Ocean: 'preset.ocean',
  Forest: 'preset.forest',
  Graphite: 'preset.graphite',
  Berry: 'preset.berry',
};

/** A stock palette's name in the page's language, or undefined for a tenant's own. */
export function stockPresetLabel(t: Translate<BrandKey>, name: string): string | undefined {
  const key = Object.hasOwn(STOCK_PRESET_KEYS, name) ? STOCK_PRESET_KEYS[name] : undefined;
  return key ? t(key) : undefined;
}

/** Each colour role's name, by key. */
export const COLOR_KEY_NAMES: Record<(typeof COLOR_KEYS)[number], BrandKey> = {
  primary: 'colour.primary',
  secondary: 'colour.secondary',
  background: 'colour.background',
  cardBg: 'colour.cardBg',
  text: 'colour.text',
  textLight: 'colour.textLight',
};

/** Each contrast pair's name, by key. */
export const PAIR_KEYS: Record<ContrastPair, BrandKey> = {
  textOnBackground: 'pair.textOnBackground',
  textOnCards: 'pair.textOnCards',
  lightTextOnBackground: 'pair.lightTextOnBackground',
  lightTextOnCards: 'pair.lightTextOnCards',
  buttonOnPrimary: 'pair.buttonOnPrimary',
  primaryOnBackground: 'pair.primaryOnBackground',
  secondaryOnCards: 'pair.secondaryOnCards',
};

/**
 * The schema's messages (English) and their keys, for the form's own checks and a failed upload. The
 * database's refusals are not read back from their English: they carry a key of the server
 * catalogue (src/lib/server-messages), which the kit's Form shows in the page's language.
 */
const MESSAGE_KEYS: Record<string, BrandKey> = {
  [BRAND_MESSAGES.color]: 'validation.color',
  [BRAND_MESSAGES.font]: 'validation.font',
  [BRAND_MESSAGES.preset]: 'validation.preset',
  [BRAND_MESSAGES.imageType]: 'validation.imageType',
  [BRAND_MESSAGES.imageSize]: 'validation.imageSize',
  [BRAND_MESSAGES.uploadFailed]: 'toast.uploadFailed',
};

/** A schema or upload message in the page's language; one this build does not know, as itself. */
export function translateBrandMessage(t: Translate<BrandKey>, message: string): string {
  const key = MESSAGE_KEYS[message];
  return key ? t(key) : message;
}
