import type { Translate } from '../../lib/i18n/catalogue';
import type { ActivityKey } from './messages';
import { AUDIT_ACTIONS, tableLabel, type AuditAction, type AuditEntry } from './schema';

const ACTION_KEYS = { insert: 'action.insert', update: 'action.update', delete: 'action.delete' } as const satisfies Record<AuditAction, ActivityKey>;

/** The tables with screens of their own, by the name people know them by; another reads as its humanised name. */
const TABLE_KEYS: Record<string, ActivityKey> = {
  tenants: 'table.tenants',
  profiles: 'table.profiles',
  vehicles: 'table.vehicles',
  addresses: 'table.addresses',
  warehouses: 'table.warehouses',
};

export const actionWords = (t: Translate<ActivityKey>, action: AuditAction): string => t(ACTION_KEYS[action]);

export const tableWords = (t: Translate<ActivityKey>, table: string): string => (TABLE_KEYS[table] ? t(TABLE_KEYS[table]) : tableLabel(table));

export const actionOptions = (t: Translate<ActivityKey>) => AUDIT_ACTIONS.map((value) => ({ value, label: actionWords(t, value) }));

/** The table filter's choices, by their words in the page's language. */
export const tableOptions = (t: Translate<ActivityKey>, tables: readonly string[], language: string) =>
  tables.map((value) => ({ value, label: tableWords(t, value) })).sort((a, b) => a.label.localeCompare(b.label, language));

/** Who made a change: the name at the time, else a former user, else the system (seed, migrations, service role). */
export const actorWords = (t: Translate<ActivityKey>, entry: Pick<AuditEntry, 'actor_id' | 'actor_name'>): string =>
  entry.actor_name ?? (entry.actor_id ? t('actor.former') : t('actor.system'));
