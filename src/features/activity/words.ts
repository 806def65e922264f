import type { Translate } from '../../lib/i18n/catalogue';
import type { ActivityKey } from './messages';
import { AUDIT_ACTIONS, columnLabel, tableLabel, type AuditAction, type AuditEntry } from './schema';
import { COLUMN_KEYS, TABLE_KEYS } from './table-words';

const ACTION_KEYS = { insert: 'action.insert', update: 'action.update', delete: 'action.delete' } as const satisfies Record<AuditAction, ActivityKey>;

/**
 * A changed column's name in the page's language. Every column of the generated types has its words (table-words.ts);
 * one the app's types do not know yet (a migration deployed before the app) reads humanised ('capacity_unit' -> 'Capacity unit').
 */
export const columnWords = (t: Translate<ActivityKey>, column: string): string =>
  Object.hasOwn(COLUMN_KEYS, column) ? t(COLUMN_KEYS[column as keyof typeof COLUMN_KEYS]) : columnLabel(column);

export const actionWords = (t: Translate<ActivityKey>, action: AuditAction): string => t(ACTION_KEYS[action]);

/** A table's name in the page's language; one the app's types do not know yet reads humanised, as columnWords. */
export const tableWords = (t: Translate<ActivityKey>, table: string): string =>
  Object.hasOwn(TABLE_KEYS, table) ? t(TABLE_KEYS[table as keyof typeof TABLE_KEYS]) : tableLabel(table);

/** A table's words inside a sentence ('Created pick orders record'): its first letter lowercased, an acronym kept ('API keys'). */
export const tableInSentence = (t: Translate<ActivityKey>, table: string): string => {
  const words = tableWords(t, table);
  return /^\p{Lu}\p{Ll}/u.test(words) ? words.charAt(0).toLocaleLowerCase() + words.slice(1) : words;
};

export const actionOptions = (t: Translate<ActivityKey>) => AUDIT_ACTIONS.map((value) => ({ value, label: actionWords(t, value) }));

/** The table filter's choices, by their words in the page's language. */
export const tableOptions = (t: Translate<ActivityKey>, tables: readonly string[], language: string) =>
  tables.map((value) => ({ value, label: tableWords(t, value) })).sort((a, b) => a.label.localeCompare(b.label, language));

/** Who made a change: the name at the time, else a former user, else the system (seed, migrations, service role). */
export const actorWords = (t: Translate<ActivityKey>, entry: Pick<AuditEntry, 'actor_id' | 'actor_name'>): string =>
  entry.actor_name ?? (entry.actor_id ? t('actor.former') : t('actor.system'));
