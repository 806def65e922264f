import { useMemo } from 'react';
import { useT, type Translate } from '../../lib/i18n/catalogue';
import { translateSchemaMessage } from '../../lib/schema-message';
import type { SchemaDetail } from '../../ui/form';
import { inventoryMessages, type InventoryKey } from './messages';
import {
  type CATEGORIES,
  ITEM_MESSAGES,
  type LABEL_STATUSES,
  type LENGTH_UNITS,
  type REFERENCE_TYPES,
  type STOCK_LIST_STATUSES,
  type SUBCATEGORIES,
  TRANSACTION_MESSAGES,
  type TRANSACTION_TYPES,
} from './schema';

/** Each stored value's words (the database's check constraints name the values). */
const OPTION_KEYS = {
  available: 'option.available',
  reserved: 'option.reserved',
  damaged: 'option.damaged',
  expired: 'option.expired',
  receive: 'option.receive',
  pick: 'option.pick',
  move: 'option.move',
  adjust: 'option.adjust',
  return: 'option.return',
  receive_order: 'option.receive_order',
  pick_order: 'option.pick_order',
  audit: 'option.audit',
  return_request: 'option.return_request',
  manual: 'option.manual',
  pending: 'option.pending',
  success: 'option.success',
  failed: 'option.failed',
  active: 'option.active',
  inactive: 'option.inactive',
  Electronics: 'category.electronics',
  Furniture: 'category.furniture',
  'Office Supplies': 'category.officeSupplies',
  Laptop: 'subcategory.laptop',
  Desktop: 'subcategory.desktop',
  Tablet: 'subcategory.tablet',
  cm: 'unit.cm',
  in: 'unit.in',
  mm: 'unit.mm',
  m: 'unit.m',
} as const satisfies Record<
  | (typeof STOCK_LIST_STATUSES)[number]
  | (typeof TRANSACTION_TYPES)[number]
  | (typeof REFERENCE_TYPES)[number]
  | (typeof LABEL_STATUSES)[number]
  | (typeof CATEGORIES)[number]
  | (typeof SUBCATEGORIES)[number]
  | (typeof LENGTH_UNITS)[number]
  | 'active'
  | 'inactive',
  InventoryKey
>;

/** A stored value in the page's language; one this build does not know, as itself. */
export const optionWords = (t: Translate<InventoryKey>, value: string): string => (value in OPTION_KEYS ? t(OPTION_KEYS[value as keyof typeof OPTION_KEYS]) : value);

/** The schema's messages (the spec's English) and their keys, so a form error shows in the page's language. */
const VALIDATION_KEYS: Record<string, InventoryKey> = {
  [ITEM_MESSAGES.nameRequired]: 'validation.nameRequired',
  [ITEM_MESSAGES.skuRequired]: 'validation.skuRequired',
  [ITEM_MESSAGES.positive]: 'validation.positive',
  'Name must be at most 200 characters': 'validation.nameLength',
  'SKU must be at most 64 characters': 'validation.skuLength',
  [TRANSACTION_MESSAGES.item]: 'validation.item',
  [TRANSACTION_MESSAGES.warehouse]: 'validation.warehouse',
  [TRANSACTION_MESSAGES.bin]: 'validation.bin',
  [TRANSACTION_MESSAGES.quantity]: 'validation.quantity',
  [TRANSACTION_MESSAGES.reason]: 'validation.reason',
  [TRANSACTION_MESSAGES.sameBin]: 'validation.sameBin',
};

/** A schema message in the page's language; a length limit is worded from its rule's number. */
export function translateInventoryMessage(t: Translate<InventoryKey>, message: string, detail?: SchemaDetail): string {
  return translateSchemaMessage(t, message, VALIDATION_KEYS, 'validation.maxLength', detail);
}

/** The inventory's words in the page's language: `t`, a value's words, the options of a list of values. */
export function useInventoryWords() {
  const t = useT(inventoryMessages);
  return useMemo(() => {
    const word = (value: string) => optionWords(t, value);
    return { t, word, options: <V extends string>(values: readonly V[]) => values.map((value) => ({ value, label: word(value) })) };
  }, [t]);
}
