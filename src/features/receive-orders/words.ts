import type { Translate } from '../../lib/i18n/catalogue';
import { translateSchemaMessage } from '../../lib/schema-message';
import type { SchemaDetail } from '../../ui/form';
import type { ReceiveOrderKey } from './messages';
import { RECEIVE_ORDER_MESSAGES } from './schema';

/** The schema's messages (English, as the database answers) and their keys, so a form error shows in the page's language. */
const VALIDATION_KEYS: Record<string, ReceiveOrderKey> = {
  [RECEIVE_ORDER_MESSAGES.supplier]: 'validation.supplier',
  [RECEIVE_ORDER_MESSAGES.warehouse]: 'validation.warehouse',
  [RECEIVE_ORDER_MESSAGES.item]: 'validation.item',
  [RECEIVE_ORDER_MESSAGES.quantity]: 'validation.quantity',
  [RECEIVE_ORDER_MESSAGES.lines]: 'validation.lines',
  [RECEIVE_ORDER_MESSAGES.serial]: 'validation.serial',
};

/** A schema message in the page's language; a length limit is worded from its rule's number. */
export function translateReceiveOrderMessage(t: Translate<ReceiveOrderKey>, message: string, detail?: SchemaDetail): string {
  return translateSchemaMessage(t, message, VALIDATION_KEYS, 'validation.maxLength', detail);
}
