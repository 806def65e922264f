import type { Translate } from '../../lib/i18n/catalogue';
import { translateSchemaMessage } from '../../lib/schema-message';
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

/** A schema message in the page's language; the length limit is read back from the English. */
export function translateWarehouseMessage(t: Translate<WarehouseKey>, message: string): string {
  return translateSchemaMessage(t, message, VALIDATION_KEYS, 'validation.maxLength');
}

/** The save's notice: the server's words (save_warehouse's, or the spec's fallback) in the page's language. */
export function savedWords(t: Translate<WarehouseKey>, message: string): string {
  if (message === 'Warehouse created successfully') return t('toast.created');
  if (message === 'Warehouse updated successfully') return t('toast.updated');
  if (message === WAREHOUSE_TOASTS.savedFallback) return t('toast.savedFallback');
  return message;
}
