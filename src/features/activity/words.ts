import type { Translate } from '../../lib/i18n/catalogue';
import type { ActivityKey } from './messages';
import { AUDIT_ACTIONS, columnLabel, tableLabel, type AuditAction, type AuditEntry } from './schema';
import type { Language } from '../../lib/i18n/languages';
import { NOUN_GENDERS, NOUN_KEYS, type Gender } from './table-nouns';
import { COLUMN_KEYS, TABLE_KEYS, type TableName } from './table-words';

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

/** Words inside a sentence: their first letter lowercased, an acronym kept ('API keys'). */
const inSentence = (words: string): string => (/^\p{Lu}\p{Ll}/u.test(words) ? words.charAt(0).toLocaleLowerCase() + words.slice(1) : words);

/**
 * What a created or deleted entry's sentence names: the table's noun and, in Spanish and French, the noun's gender
 * the sentence agrees with. A table the app's types do not know yet reads humanised and has no gender ('other': the
 * sentence names a record of that table, as English always does).
 */
export const nounWords = (t: Translate<ActivityKey>, language: Language, table: string): { noun: string; gender: Gender | 'other' } => {
  if (!Object.hasOwn(NOUN_KEYS, table)) return { noun: inSentence(tableLabel(table)), gender: 'other' };
  const known = table as TableName;
  return { noun: t(NOUN_KEYS[known]), gender: language === 'en' ? 'other' : NOUN_GENDERS[language][known] };
};

/** An entry in one line: a created or deleted record as a sentence, an update as the fields it changed. */
export const entrySummary = (t: Translate<ActivityKey>, language: Language, entry: Pick<AuditEntry, 'action' | 'table_name' | 'changed_columns'>): string => {
  if (entry.action === 'insert') return t('row.created', nounWords(t, language, entry.table_name));
  if (entry.action === 'delete') return t('row.deleted', nounWords(t, language, entry.table_name));
  return entry.changed_columns.map((column) => columnWords(t, column)).join(', ');
};

export const actionOptions = (t: Translate<ActivityKey>) => AUDIT_ACTIONS.map((value) => ({ value, label: actionWords(t, value) }));

/** The table filter's choices, by their words in the page's language. */
export const tableOptions = (t: Translate<ActivityKey>, tables: readonly string[], language: string) =>
  tables.map((value) => ({ value, label: tableWords(t, value) })).sort((a, b) => a.label.localeCompare(b.label, language));

/** Who made a change: the name at the time, else a former user, else the system (seed, migrations, service role). */
export const actorWords = (t: Translate<ActivityKey>, entry: Pick<AuditEntry, 'actor_id' | 'actor_name'>): string =>
  entry.actor_name ?? (entry.actor_id ? t('actor.former') : t('actor.system'));
