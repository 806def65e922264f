import type { Translate } from '../../lib/i18n/catalogue';
import type { PricingKey } from './messages';
import { PRICING_MESSAGES, QUOTE_MESSAGES } from './schema';

/** The schema's messages (the database's English) and their keys, so a form error shows in the page's language. */
const VALIDATION_KEYS: Record<string, PricingKey> = {
  [PRICING_MESSAGES.originRequired]: 'validation.originRequired',
  [PRICING_MESSAGES.destinationRequired]: 'validation.destinationRequired',
  [PRICING_MESSAGES.serviceRequired]: 'validation.serviceRequired',
  [PRICING_MESSAGES.baseRequired]: 'validation.baseRequired',
  [PRICING_MESSAGES.baseRange]: 'validation.baseRange',
  [PRICING_MESSAGES.unitRequired]: 'validation.unitRequired',
  [PRICING_MESSAGES.unitRange]: 'validation.unitRange',
  [PRICING_MESSAGES.minRequired]: 'validation.minRequired',
  [PRICING_MESSAGES.minRange]: 'validation.minRange',
  [PRICING_MESSAGES.maxRequired]: 'validation.maxRequired',
  [PRICING_MESSAGES.maxRange]: 'validation.maxRange',
  [PRICING_MESSAGES.maxBelowMin]: 'validation.maxBelowMin',
  [PRICING_MESSAGES.money]: 'validation.money',
  [QUOTE_MESSAGES.pickup]: 'validation.pickup',
  [QUOTE_MESSAGES.dropoff]: 'validation.dropoff',
  [QUOTE_MESSAGES.latitude]: 'validation.latitude',
  [QUOTE_MESSAGES.longitude]: 'validation.longitude',
  [QUOTE_MESSAGES.weightRequired]: 'validation.weightRequired',
  [QUOTE_MESSAGES.weightRange]: 'validation.weightRange',
};

/** A schema (or database) message in the page's language; one this build does not know, as itself. */
export function translatePricingMessage(t: Translate<PricingKey>, message: string): string {
  const key = VALIDATION_KEYS[message];
  return key ? t(key) : message;
}
