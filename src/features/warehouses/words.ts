import type { Translate } from '../../lib/i18n/catalogue';
import { translateSchemaMessage } from '../../lib/schema-message';
import type { SchemaDetail } from '../../ui/form';
import type { WarehouseKey } from './messages';
import { ACCESS_MODES, WAREHOUSE_MESSAGES, WAREHOUSE_TOASTS, type AccessMode } from './schema';

const ACCESS_KEYS = {
  all_users: 'access.all_users',
  select_users: 'access.select_users',
  exclude_users: 'access.exclude_users',
} as const satisfies Record<AccessMode, WarehouseKey>;

/** A stored access mode in the page's language; one this build does not know as itself. */
export const accessWords = (t: Translate<WarehouseKey>, value: string): string => (value in ACCESS_KEYS ? t(ACCESS_KEYS[value as AccessMode]) : value);

/** The access modes as a select's or a filter's options. */
export const accessOptions = (t: Translate<WarehouseKey>) => ACCESS_MODES.map((value) => ({ value, label: t(ACCESS_KEYS[value]) }));

/** The schema's messages (the spec's English, which the database answers too) and their keys. */
const VALIDATION_KEYS: Record<string, WarehouseKey> = {
  [WAREHOUSE_MESSAGES.name]: 'validation.name',
  [WAREHOUSE_MESSAGES.code]: 'validation.code',
  [WAREHOUSE_MESSAGES.address]: 'validation.address',
  [WAREHOUSE_MESSAGES.status]: 'validation.status',
  [WAREHOUSE_MESSAGES.accessMode]: 'validation.accessMode',
  [WAREHOUSE_MESSAGES.users]: 'validation.users',
  [WAREHOUSE_MESSAGES.totalCapacity]: 'validation.totalCapacity',
  [WAREHOUSE_MESSAGES.availableCapacity]: 'validation.availableCapacity',
  [WAREHOUSE_MESSAGES.availableAboveTotal]: 'validation.availableAboveTotal',
  [WAREHOUSE_MESSAGES.dockDoors]: 'validation.dockDoors',
};

/**
 * A schema message (the form's own checks) in the page's language; the length limit is read back from
 * the schema's English. The database's refusals carry keys of the server catalogue instead.
 */
export function translateWarehouseMessage(t: Translate<WarehouseKey>, message: string, detail?: SchemaDetail): string {
  return translateSchemaMessage(t, message, VALIDATION_KEYS, 'validation.maxLength', detail);
}

/** save_warehouse's answer keys and their words. */
const SAVED_KEYS: Record<string, WarehouseKey> = {
  'warehouses.created': 'toast.created',
  'warehouses.updated': 'toast.updated',
};

/**
 * The save's notice in the page's language: by the answer's key, the spec's fallback when the server
 * named nothing, else the server's English as it came (a key this build does not know).
 */
export function savedWords(t: Translate<WarehouseKey>, saved: { message: string; key: string | null }): string {
  const key = saved.key === null ? undefined : SAVED_KEYS[saved.key];
  if (key) return t(key);
  if (saved.message === WAREHOUSE_TOASTS.savedFallback) return t('toast.savedFallback');
  return saved.message;
}
