import { z } from 'zod';
import { nullableText } from '../../lib/row-schema';

/** The actions the audit trigger records (audit_log_action_check). */
export const AUDIT_ACTIONS = ['insert', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A table's name humanised ('pick_orders' -> 'Pick orders'), for a table the app's types do not know yet (table-words.ts). */
export const tableLabel = (table: string): string => table.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());

const jsonObject = z.record(z.string(), z.unknown());

export const auditEntrySchema = z.object({
  id: z.string(),
  tenant_id: z.string(),
  actor_id: nullableText,
  actor_name: nullableText,
  table_name: z.string(),
  row_id: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  changed_columns: z.array(z.string()),
  old_values: jsonObject.nullable(),
  new_values: jsonObject.nullable(),
  /** What the record was called when it changed (the trigger's private.audit_record_label). */
  record_label: z.string().nullish(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export interface FieldChange {
  column: string;
  before: unknown;
  after: unknown;
}

/** Keys the trail never needs to show: bookkeeping that every row carries. */
const HIDDEN_COLUMNS = new Set(['id', 'tenant_id', 'created_at', 'updated_at']);

/**
 * The changed fields of an entry with their values before and after. An insert has no before and a
 * delete no after; their identity columns are left out so the diff shows what the record said.
 */
export function fieldChanges(entry: Pick<AuditEntry, 'action' | 'changed_columns' | 'old_values' | 'new_values'>): FieldChange[] {
  const columns = entry.action === 'update' ? entry.changed_columns : entry.changed_columns.filter((c) => !HIDDEN_COLUMNS.has(c));
  return columns.map((column) => ({
    column,
    before: entry.action === 'insert' ? undefined : entry.old_values?.[column],
    after: entry.action === 'delete' ? undefined : entry.new_values?.[column],
  }));
}

/** A column name as a label: 'capacity_unit' -> 'Capacity unit'. */
export function columnLabel(column: string): string {
  const text = column.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A recorded value as one line of text; empty values read as an em dash. */
export function formatAuditValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.length === 0) return '—';
  return JSON.stringify(value);
}

/** Who made a change: the name at the time, else 'System' (seed, migrations, service role). */
export const actorLabel = (entry: Pick<AuditEntry, 'actor_id' | 'actor_name'>): string => entry.actor_name ?? (entry.actor_id ? 'Former user' : 'System');

const stringAt = (values: Record<string, unknown> | null, key: string): string | null => {
  const value = values?.[key];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
};

/** What the changed record is called, from the values the entry holds (a name, a title, a code), else a short id. */
export function recordLabel(entry: Pick<AuditEntry, 'row_id' | 'old_values' | 'new_values' | 'record_label'>): string {
  if (entry.record_label?.trim()) return entry.record_label.trim();
  for (const values of [entry.new_values, entry.old_values]) {
    const title = values?.title;
    const localized = title && typeof title === 'object' && !Array.isArray(title) ? (title as Record<string, unknown>).en : null;
    const name = values?.name;
    const localizedName = name && typeof name === 'object' && !Array.isArray(name) ? (name as Record<string, unknown>).en : null;
    const first = stringAt(values, 'first_name');
    const last = stringAt(values, 'last_name');
    const candidate =
      stringAt(values, 'name') ??
      (typeof localizedName === 'string' && localizedName.trim() ? localizedName.trim() : null) ??
      (typeof localized === 'string' && localized.trim() ? localized.trim() : null) ??
      stringAt(values, 'full_name') ??
      (first || last ? [first, last].filter(Boolean).join(' ') : null) ??
      stringAt(values, 'full_address') ??
      stringAt(values, 'code');
    if (candidate) return candidate;
  }
  return `#${entry.row_id.slice(0, 8)}`;
}
