import { translator, type Translate } from '../../lib/i18n/catalogue';
import { remitMessages, type RemitKey } from './messages';
import { REMIT_LIMITS, REMIT_MESSAGES, type RemitMethod } from './schema';

/** Each way of handing cash over, by key (the same words in the form, the filter, the history and the CSV). */
export const METHOD_KEYS: Record<RemitMethod, RemitKey> = {
  cash: 'method.cash',
  bank_transfer: 'method.bank_transfer',
  card: 'method.card',
  other: 'method.other',
};

/** The remit words in English: what a CSV export says when no page language is given. */
export const englishRemit: Translate<RemitKey> = translator(remitMessages, 'en', remitMessages.en);

/**
 * The schema's messages (English) in the page's language, for the form's own checks. The database's
 * refusals are not read back from their English: they carry a key of the server catalogue
 * (src/lib/server-messages, `remit.*`) with the values their words name.
 */
const SCHEMA_WORDS: Record<string, (t: Translate<RemitKey>) => string> = {
  [REMIT_MESSAGES.driver]: (t) => t('validation.driver'),
  [REMIT_MESSAGES.deliveries]: (t) => t('validation.deliveries'),
  [REMIT_MESSAGES.amount]: (t) => t('validation.amount'),
  [REMIT_MESSAGES.amountMin]: (t) => t('validation.amountMin'),
  [REMIT_MESSAGES.amountDecimals]: (t) => t('validation.amountDecimals'),
  [REMIT_MESSAGES.method]: (t) => t('validation.method'),
  [REMIT_MESSAGES.note]: (t) => t('validation.note', { max: REMIT_LIMITS.note }),
  [REMIT_MESSAGES.reason]: (t) => t('validation.reason', { max: REMIT_LIMITS.reason }),
};

/** A schema message in the page's language; one this build does not know, as itself (the English). */
export function translateRemitMessage(t: Translate<RemitKey>, message: string): string {
  return Object.hasOwn(SCHEMA_WORDS, message) ? SCHEMA_WORDS[message]!(t) : message;
}
