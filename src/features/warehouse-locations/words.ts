import type { Translate } from '../../lib/i18n/catalogue';
import { translateSchemaMessage } from '../../lib/schema-message';
import type { SchemaDetail } from '../../ui/form';
import type { LocationKey } from './messages';
import { ACCESS_RESTRICTIONS, BIN_POSITIONS, LOCATION_MESSAGES, MISSING_PARENT, SPECIAL_HANDLING } from './schema';

const POSITION_KEYS = {
  front: 'position.front',
  back: 'position.back',
  left: 'position.left',
  right: 'position.right',
  center: 'position.center',
} as const satisfies Record<(typeof BIN_POSITIONS)[number], LocationKey>;

const HANDLING_KEYS = {
  fragile: 'handling.fragile',
  'dust-free': 'handling.dust-free',
  'temperature-controlled': 'handling.temperature-controlled',
  hazardous: 'handling.hazardous',
  flammable: 'handling.flammable',
} as const satisfies Record<(typeof SPECIAL_HANDLING)[number], LocationKey>;

const RESTRICTION_KEYS = {
  'key-card': 'restriction.key-card',
  supervisor: 'restriction.supervisor',
  security: 'restriction.security',
  'authorized-personnel': 'restriction.authorized-personnel',
} as const satisfies Record<(typeof ACCESS_RESTRICTIONS)[number], LocationKey>;

/** The form's option lists (a bin's position, special handling, access restrictions) in the page's language. */
export function locationOptions(t: Translate<LocationKey>) {
  return {
    binPositions: BIN_POSITIONS.map((value) => ({ value, label: t(POSITION_KEYS[value]) })),
    specialHandling: SPECIAL_HANDLING.map((value) => ({ value, label: t(HANDLING_KEYS[value]) })),
    accessRestrictions: ACCESS_RESTRICTIONS.map((value) => ({ value, label: t(RESTRICTION_KEYS[value]) })),
  };
}

/** The schema's messages (the product's English, which the database answers too) and their keys. */
const VALIDATION_KEYS: Record<string, LocationKey> = {
  [LOCATION_MESSAGES.warehouseRequired]: 'validation.warehouseRequired',
  [LOCATION_MESSAGES.warehouseFormat]: 'validation.warehouseFormat',
  [LOCATION_MESSAGES.type]: 'validation.type',
  [LOCATION_MESSAGES.name]: 'validation.name',
  [LOCATION_MESSAGES.parentFormat]: 'validation.parentFormat',
  [LOCATION_MESSAGES.status]: 'validation.status',
  [MISSING_PARENT.aisle]: 'validation.aisleParent',
  [MISSING_PARENT.shelf]: 'validation.shelfParent',
  [MISSING_PARENT.bin]: 'validation.binParent',
  'Aisle number must be at least 0': 'validation.aisleNumber',
  'Height must be at least 0': 'validation.height',
  'Sequence must be at least 0': 'validation.sequence',
  'Max weight must be at least 0': 'validation.maxWeight',
  'Max volume must be at least 0': 'validation.maxVolume',
  'Item limit must be at least 0': 'validation.itemLimit',
  'Length must be at least 0': 'validation.length',
  'Width must be at least 0': 'validation.width',
  'Maximum temperature must not be below the minimum': 'validation.temperature',
};

/** A schema message in the page's language; a length limit is worded from its rule's number. */
export function translateLocationMessage(t: Translate<LocationKey>, message: string, detail?: SchemaDetail): string {
  return translateSchemaMessage(t, message, VALIDATION_KEYS, 'validation.maxLength', detail);
}
