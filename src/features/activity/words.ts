import type { Translate } from '../../lib/i18n/catalogue';
import type { ActivityKey } from './messages';
import { AUDIT_ACTIONS, columnLabel, tableLabel, type AuditAction, type AuditEntry } from './schema';

const ACTION_KEYS = { insert: 'action.insert', update: 'action.update', delete: 'action.delete' } as const satisfies Record<AuditAction, ActivityKey>;

/** The tables with screens of their own, by the name people know them by; another reads as its humanised name. */
const TABLE_KEYS: Record<string, ActivityKey> = {
  tenants: 'table.tenants',
  profiles: 'table.profiles',
  vehicles: 'table.vehicles',
  addresses: 'table.addresses',
  warehouses: 'table.warehouses',
};

/**
 * The columns of the tables with screens of their own (tenants, profiles, vehicles, addresses, warehouses), by key;
 * another column reads as its humanised name. A column means the same in every table, so one word each.
 */
const COLUMN_KEYS: Record<string, ActivityKey> = {
  access_mode: 'column.access_mode',
  active: 'column.active',
  address_id: 'column.address_id',
  address_line1: 'column.address_line1',
  address_line2: 'column.address_line2',
  address_type: 'column.address_type',
  available_capacity: 'column.available_capacity',
  avatar_url: 'column.avatar_url',
  brand_settings: 'column.brand_settings',
  building: 'column.building',
  capacity_unit: 'column.capacity_unit',
  city: 'column.city',
  code: 'column.code',
  contact_info: 'column.contact_info',
  country: 'column.country',
  created_at: 'column.created_at',
  description: 'column.description',
  email: 'column.email',
  features: 'column.features',
  first_name: 'column.first_name',
  full_address: 'column.full_address',
  full_name: 'column.full_name',
  id: 'column.id',
  image_url: 'column.image_url',
  is_active: 'column.is_active',
  is_primary: 'column.is_primary',
  language: 'column.language',
  last_name: 'column.last_name',
  latitude: 'column.latitude',
  logo_url: 'column.logo_url',
  longitude: 'column.longitude',
  metadata: 'column.metadata',
  name: 'column.name',
  panel_type: 'column.panel_type',
  phone: 'column.phone',
  postal_code: 'column.postal_code',
  roles: 'column.roles',
  save_to_address_book: 'column.save_to_address_book',
  settings: 'column.settings',
  slug: 'column.slug',
  state: 'column.state',
  status: 'column.status',
  street: 'column.street',
  tenant_id: 'column.tenant_id',
  title: 'column.title',
  total_capacity: 'column.total_capacity',
  updated_at: 'column.updated_at',
  user_id: 'column.user_id',
  user_ids: 'column.user_ids',
  user_type: 'column.user_type',
  vehicle_requirements: 'column.vehicle_requirements',
};

/** A changed column's name in the page's language, else humanised ('capacity_unit' -> 'Capacity unit'). */
export const columnWords = (t: Translate<ActivityKey>, column: string): string => (Object.hasOwn(COLUMN_KEYS, column) ? t(COLUMN_KEYS[column]!) : columnLabel(column));

export const actionWords = (t: Translate<ActivityKey>, action: AuditAction): string => t(ACTION_KEYS[action]);

export const tableWords = (t: Translate<ActivityKey>, table: string): string => (TABLE_KEYS[table] ? t(TABLE_KEYS[table]) : tableLabel(table));

export const actionOptions = (t: Translate<ActivityKey>) => AUDIT_ACTIONS.map((value) => ({ value, label: actionWords(t, value) }));

/** The table filter's choices, by their words in the page's language. */
export const tableOptions = (t: Translate<ActivityKey>, tables: readonly string[], language: string) =>
  tables.map((value) => ({ value, label: tableWords(t, value) })).sort((a, b) => a.label.localeCompare(b.label, language));

/** Who made a change: the name at the time, else a former user, else the system (seed, migrations, service role). */
export const actorWords = (t: Translate<ActivityKey>, entry: Pick<AuditEntry, 'actor_id' | 'actor_name'>): string =>
  entry.actor_name ?? (entry.actor_id ? t('actor.former') : t('actor.system'));
