import { z } from 'zod';
import { requiredId } from '../../lib/form-schema';
import { nullableNumeric, nullableText, numeric } from '../../lib/row-schema';
import { translator, type Translate } from '../../lib/i18n/catalogue';
import { assignmentMessages, type AssignmentKey } from './messages';
import type { ListChange } from '../../lib/use-server-list';
import { ASSIGNMENT_STATUSES } from '../../data/statuses';
import type { ServerWords } from '../../lib/server-messages/server-words';

export { ASSIGNMENT_STATUSES, type AssignmentStatus } from '../../data/statuses';

/** The form's messages, verbatim (the English of the catalogue's `validation.*`, which the form shows). */
export const ASSIGNMENT_MESSAGES = {
  deliveryRequired: 'Delivery is required',
  driverRequired: 'Driver is required',
  vehicleRequired: 'Vehicle is required',
  notesTooLong: 'Notes must be at most 1000 characters',
} as const;

const english = translator(assignmentMessages, 'en', assignmentMessages.en);

/** Only pending assignments can be edited: the reason shown on a disabled Edit and on the read-only form, in `t`'s language (English by default). */
export function notEditableReason(status: string, t: Translate<AssignmentKey> = english): string | null {
  return status === 'pending' ? null : t('notEditable', { status });
}

const person = z.object({ id: z.string(), full_name: nullableText.catch(null) });

/** The assignment's own columns, as both the table's row and the list's row carry them. */
const assignmentColumns = {
  id: z.string(),
  tenant_id: z.string(),
  delivery_id: z.string(),
  driver_id: z.string(),
  vehicle_id: z.string(),
  assignment_time: z.string(),
  status: z.enum(ASSIGNMENT_STATUSES),
  notes: z.string().catch(''),
  responded_at: nullableText,
  rejection_reason: nullableText,
  completed_at: nullableText,
  cancelled_at: nullableText,
  cancel_reason: nullableText,
  updated_at: z.string(),
};

/** A row of public.list_assignments: the assignment's columns plus who assigned it and the embedded driver, vehicle and delivery. */
export const assignmentRowSchema = z.object({
  ...assignmentColumns,
  assigned_by_id: nullableText,
  assigned_by: person.nullable(),
  drivers: z.object({ id: z.string(), user: z.object({ full_name: nullableText.catch(null), avatar_url: nullableText.catch(null) }) }).nullable(),
  vehicles: z.object({ id: z.string(), name: z.string(), code: z.string(), image_url: nullableText }).nullable(),
  delivery: z
    .object({ id: z.string(), delivery_code: z.string(), external_reference_id: nullableText, status: z.string() })
    .nullable(),
});
export type AssignmentRow = z.infer<typeof assignmentRowSchema>;

export const assignmentPageSchema = z.object({ total: numeric, assignments: z.array(assignmentRowSchema) });

/** An assignments row as the table stores it and its live broadcast carries it (`assigned_by` is the assigner's id here). */
export const assignmentSchema = z.object({ ...assignmentColumns, assigned_by: nullableText });
export type Assignment = z.infer<typeof assignmentSchema>;

/** A live change of the table as the list's row: the columns both share (the embedded names stay). */
export function liveRowPatch(change: Assignment): Partial<AssignmentRow> & { id: string } {
  return {
    id: change.id,
    driver_id: change.driver_id,
    vehicle_id: change.vehicle_id,
    assignment_time: change.assignment_time,
    status: change.status,
    notes: change.notes,
    responded_at: change.responded_at,
    rejection_reason: change.rejection_reason,
    completed_at: change.completed_at,
    cancelled_at: change.cancelled_at,
    cancel_reason: change.cancel_reason,
    updated_at: change.updated_at,
  };
}

/**
 * Live changes of the table as changes of the list's rows: an update patches the row's own columns in
 * place; a new driver or vehicle needs names the broadcast does not carry, so that row is offered as a
 * refresh (an insert, for the list) instead.
 */
export function toListChanges(changes: readonly ListChange<Assignment>[], shown: readonly AssignmentRow[]): ListChange<AssignmentRow>[] {
  const byId = new Map(shown.map((row) => [row.id, row]));
  return changes.map((change): ListChange<AssignmentRow> => {
    if (change.op === 'delete') return change;
    const patch = liveRowPatch(change.row) as AssignmentRow;
    const current = byId.get(change.row.id);
    if (change.op === 'update' && current && (current.driver_id !== change.row.driver_id || current.vehicle_id !== change.row.vehicle_id)) {
      return { op: 'insert', row: patch };
    }
    return { op: change.op, row: patch };
  });
}

/** The create and edit form: the ids the database's details name (delivery_id, driver_id, vehicle_id, notes). */
export const AssignmentFormSchema = z.object({
  delivery_id: requiredId(ASSIGNMENT_MESSAGES.deliveryRequired),
  driver_id: requiredId(ASSIGNMENT_MESSAGES.driverRequired),
  vehicle_id: requiredId(ASSIGNMENT_MESSAGES.vehicleRequired),
  notes: z.string().max(1000, ASSIGNMENT_MESSAGES.notesTooLong),
});
export type AssignmentFormInput = z.input<typeof AssignmentFormSchema>;
export type AssignmentFormOutput = z.output<typeof AssignmentFormSchema>;

export function emptyAssignmentForm(deliveryId: string | null): AssignmentFormInput {
  return { delivery_id: deliveryId ?? (null as unknown as string), driver_id: null as unknown as string, vehicle_id: null as unknown as string, notes: '' };
}

/** public.assignment_fit's answer: the database's dispatch rules asked before saving. */
export const fitSchema = z.object({
  problems: z.array(z.object({ key: z.string().optional(), field: z.string(), message: z.string(), params: z.record(z.string(), z.unknown()).optional() })),
  weight_kg: nullableNumeric,
  capacity_kg: nullableNumeric,
});
export type Fit = z.infer<typeof fitSchema>;

export interface FitLine {
  tone: 'ok' | 'problem';
  text: string;
}

/**
 * The hint the form shows once delivery, driver and vehicle are chosen: the load against the
 * vehicle's capacity, then each rule the database would refuse on (by its key in the page's language
 * with `serverWords`, else its English), or that it found none. The save still decides: its refusals
 * land on the fields.
 */
export function fitLines(fit: Fit, t: Translate<AssignmentKey> = english, serverWords?: ServerWords): FitLine[] {
  const lines: FitLine[] = [];
  if (fit.weight_kg !== null && fit.capacity_kg !== null) {
    const share = fit.capacity_kg > 0 ? Math.round((fit.weight_kg / fit.capacity_kg) * 100) : null;
    lines.push({
      tone: fit.weight_kg <= fit.capacity_kg ? 'ok' : 'problem',
      text: share !== null ? t('fit.loadShare', { weight: fit.weight_kg, capacity: fit.capacity_kg, share }) : t('fit.load', { weight: fit.weight_kg, capacity: fit.capacity_kg }),
    });
  }
  for (const problem of fit.problems) {
    const text = (problem.key && serverWords?.(problem.key, problem.params)) || problem.message;
    if (!lines.some((line) => line.text === text)) lines.push({ tone: 'problem', text });
  }
  if (fit.problems.length === 0) lines.push({ tone: 'ok', text: t('fit.ok') });
  return lines;
}

