import type { Translate } from '../../lib/i18n/catalogue';
import { translateSchemaMessage } from '../../lib/schema-message';
import type { SchemaDetail } from '../../ui/form';
import type { SupplierKey } from './messages';
import { PAYMENT_TERMS, SUPPLIER_MESSAGES, type PaymentTerms } from './schema';

const TERMS_KEYS = {
  prepaid: 'terms.prepaid',
  cod: 'terms.cod',
  net_15: 'terms.net_15',
  net_30: 'terms.net_30',
  net_60: 'terms.net_60',
  net_90: 'terms.net_90',
} as const satisfies Record<PaymentTerms, SupplierKey>;

/** Stored payment terms in the page's language; terms this build does not know as themselves. */
export const termsWords = (t: Translate<SupplierKey>, value: string): string => (value in TERMS_KEYS ? t(TERMS_KEYS[value as PaymentTerms]) : value);

/** The payment terms as a select's or a filter's options. */
export const termsOptions = (t: Translate<SupplierKey>) => PAYMENT_TERMS.map((value) => ({ value, label: t(TERMS_KEYS[value]) }));

/** The schema's messages (the spec's English) and their keys, so a form error shows in the page's language. */
const VALIDATION_KEYS: Record<string, SupplierKey> = {
  [SUPPLIER_MESSAGES.name]: 'validation.name',
  [SUPPLIER_MESSAGES.code]: 'validation.code',
  [SUPPLIER_MESSAGES.email]: 'validation.email',
  [SUPPLIER_MESSAGES.phone]: 'validation.phone',
  [SUPPLIER_MESSAGES.leadTime]: 'validation.leadTime',
  [SUPPLIER_MESSAGES.paymentTerms]: 'validation.paymentTerms',
};

/** A schema message in the page's language; a length limit is worded from its rule's number. */
export function translateSupplierMessage(t: Translate<SupplierKey>, message: string, detail?: SchemaDetail): string {
  return translateSchemaMessage(t, message, VALIDATION_KEYS, 'validation.maxLength', detail);
}
