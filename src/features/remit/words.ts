import { translator, type Translate } from '../../lib/i18n/catalogue';
import { remitMessages, type RemitKey } from './messages';
import { REMIT_MESSAGES, type RemitMethod } from './schema';

/** Each way of handing cash over, by key (the same words in the form, the filter, the history and the CSV). */
export const METHOD_KEYS: Record<RemitMethod, RemitKey> = {
  cash: 'method.cash',
  bank_transfer: 'method.bank_transfer',
  card: 'method.card',
  other: 'method.other',
};

/** The remit words in English: what a CSV export says when no page language is given. */
export const englishRemit: Translate<RemitKey> = translator(remitMessages, 'en', remitMessages.en);

/** The schema's messages and the database's fixed ones (record_remittance, English) and their keys. */
const MESSAGE_KEYS: Record<string, RemitKey> = {
  [REMIT_MESSAGES.driver]: 'validation.driver',
  [REMIT_MESSAGES.deliveries]: 'validation.deliveries',
  [REMIT_MESSAGES.amount]: 'validation.amount',
  [REMIT_MESSAGES.amountMin]: 'validation.amountMin',
  [REMIT_MESSAGES.amountDecimals]: 'validation.amountDecimals',
  [REMIT_MESSAGES.method]: 'validation.method',
  'Driver not found': 'validation.driverNotFound',
  'Each delivery may be listed once': 'validation.duplicate',
  'The amount is too large': 'validation.amountLarge',
  "Give the reason the amount differs from the deliveries' cash": 'validation.reasonNeeded',
  'Only admins and dispatchers can record remittances': 'refusal.role',
  "Only admins and dispatchers can see drivers' cash": 'refusal.cashRole',
};

/** The database's messages that carry a value (a delivery code, a count, a total), read back from the English. */
const PATTERNS: readonly [RegExp, (t: Translate<RemitKey>, match: RegExpExecArray) => string][] = [
  [/^(.+) is not delivered$/, (t, m) => t('validation.notDelivered', { code: m[1] })],
  [/^(.+) was not delivered by this driver$/, (t, m) => t('validation.otherDriver', { code: m[1] })],
  [/^(.+) has no cash on delivery$/, (t, m) => t('validation.noCash', { code: m[1] })],
  [/^(.+) is already remitted$/, (t, m) => t('validation.alreadyRemitted', { code: m[1] })],
  [/^A delivery was not found$/, (t) => t('validation.notFound', { count: 1 })],
  [/^(\d+) deliveries were not found$/, (t, m) => t('validation.notFound', { count: Number(m[1]) })],
  [/^Choose at most (\d+) deliveries$/, (t, m) => t('validation.tooManyDeliveries', { max: m[1] })],
  [/^The note must be at most (\d+) characters$/, (t, m) => t('validation.note', { max: m[1] })],
  [/^The reason must be at most (\d+) characters$/, (t, m) => t('validation.reason', { max: m[1] })],
  [/^The amount must equal the cash of the chosen deliveries \((.+)\) unless a discrepancy reason is given$/, (t, m) => t('validation.amountEqual', { total: m[1] })],
];

/** A schema or database message in the page's language; one this build does not know, as itself (the English). */
export function translateRemitMessage(t: Translate<RemitKey>, message: string): string {
  const key = MESSAGE_KEYS[message];
  if (key) return t(key);
  for (const [pattern, say] of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return say(t, match);
  }
  return message;
}
