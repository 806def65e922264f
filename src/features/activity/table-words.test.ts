import { describe, expect, it } from 'vitest';
import { en } from './messages/en';
import { NOUN_GENDERS, NOUN_KEYS } from './table-nouns';
import { COLUMN_KEYS, TABLE_KEYS } from './table-words';

/**
 * The generated types read as text, so a table or column a migration adds fails here as well as in the typecheck
 * (TABLE_KEYS and COLUMN_KEYS are typed over the same types): the activity log must name every one of them in words.
 */
const generated = Object.values(import.meta.glob<string>('../../types/database.ts', { query: '?raw', import: 'default', eager: true }))[0]!;

/**
 * The public schema's tables with their columns: each table's `Row: { "column": type, ... }` up to the Views, less
 * its `ComputedFields: "name" | ...` (PostgREST computed fields, which no row stores and the audit never records).
 */
function publicTables(source: string): Map<string, string[]> {
  const start = source.indexOf('"public": {');
  const tables = source.slice(source.indexOf('Tables: {', start), source.indexOf('Views: {', start));
  const found = new Map<string, string[]>();
  for (const [, table, row, computed] of tables.matchAll(/"([a-z0-9_]+)": \{\s*Row: \{([^}]*)\}\s*ComputedFields: ([^\n]*)/g)) {
    const fields = new Set([...computed!.matchAll(/"([a-z0-9_]+)"/g)].map(([, name]) => name!));
    found.set(table!, [...row!.matchAll(/"([a-z0-9_]+)"\??:/g)].map(([, column]) => column!).filter((column) => !fields.has(column)));
  }
  return found;
}

describe('the activity log’s words for tables and columns', () => {
  const tables = publicTables(generated);

  it('reads the generated tables', () => {
    expect(tables.size).toBeGreaterThan(40);
    expect(tables.get('pick_orders')).toContain('picker_notes');
    // profiles' computed field reads_deliveries (the staff pickers' filter) is no column.
    expect(tables.get('profiles')).toContain('panel_type');
    expect(tables.get('profiles')).not.toContain('reads_deliveries');
  });

  it('name every table and column of the public schema, and no other', () => {
    const columns = new Set([...tables.values()].flat());
    expect([...tables.keys()].filter((table) => !Object.hasOwn(TABLE_KEYS, table)), 'tables without words').toEqual([]);
    expect([...columns].filter((column) => !Object.hasOwn(COLUMN_KEYS, column)), 'columns without words').toEqual([]);
    expect(Object.keys(TABLE_KEYS).filter((table) => !tables.has(table)), 'words for tables that are gone').toEqual([]);
    expect(Object.keys(COLUMN_KEYS).filter((column) => !columns.has(column)), 'words for columns that are gone').toEqual([]);
  });

  it('give every table a noun, and in Spanish and French its gender, and no other', () => {
    const names = [...tables.keys()].sort();
    expect(Object.keys(NOUN_KEYS).sort()).toEqual(names);
    expect(Object.keys(NOUN_GENDERS.es).sort()).toEqual(names);
    expect(Object.keys(NOUN_GENDERS.fr).sort()).toEqual(names);
  });

  it('key each by its own name, to a message the catalogue has', () => {
    for (const [table, key] of Object.entries(TABLE_KEYS)) expect(key).toBe(`table.${table}`);
    for (const [column, key] of Object.entries(COLUMN_KEYS)) expect(key).toBe(`column.${column}`);
    for (const [table, key] of Object.entries(NOUN_KEYS)) expect(key).toBe(`noun.${table}`);
    const keys = Object.keys(en).filter((key) => /^(?:table|column|noun)\./.test(key));
    expect(keys.sort()).toEqual([...Object.values(TABLE_KEYS), ...Object.values(COLUMN_KEYS), ...Object.values(NOUN_KEYS)].sort());
  });
});
