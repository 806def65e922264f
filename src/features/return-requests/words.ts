import type { Translate } from '../../lib/i18n/catalogue';
import type { LocaleFormat } from '../../lib/i18n/format';
import type { SchemaDetail } from '../../ui/form';
import type { ReturnKey } from './messages';
import { formatMoney, RETURN_MESSAGES } from './schema';

/** The schema's messages (the spec's English) and their keys, so a form error shows in the page's language. */
const VALIDATION_KEYS: Record<string, ReturnKey> = {
  [RETURN_MESSAGES.delivery]: 'validation.delivery',
  [RETURN_MESSAGES.reason]: 'validation.reason',
  [RETURN_MESSAGES.reasonText]: 'validation.reasonText',
  [RETURN_MESSAGES.reasonTextLength]: 'validation.reasonTextLength',
  [RETURN_MESSAGES.items]: 'validation.items',
  [RETURN_MESSAGES.quantity]: 'validation.returnQuantity',
  [RETURN_MESSAGES.refund]: 'validation.refund',
  [RETURN_MESSAGES.notes]: 'validation.notes',
};

/**
 * A schema message in the page's language; the two with a number in them are worded from their
 * rule's params (the refund limit as money in the page's locale), never read back from the English.
 */
export function translateValidation(t: Translate<ReturnKey>, message: string, detail: SchemaDetail | undefined, format: LocaleFormat): string {
  const key = VALIDATION_KEYS[message];
  if (key) return t(key);
  const { max, limit, currency } = detail ?? {};
  if (typeof max === 'number' && message === RETURN_MESSAGES.quantityAbove(max)) return t('validation.quantityAbove', { max });
  if (typeof limit === 'number' && typeof currency === 'string' && message === RETURN_MESSAGES.refundAbove(formatMoney(limit, currency))) {
    return t('validation.refundAbove', { limit: format.money(limit, currency) });
  }
  return message;
}
