import { z } from 'zod';
import { nullableText, statusHistoryEntrySchema, tenantRecord } from '../../lib/row-schema';
import { EXCEPTION_SEVERITIES, EXCEPTION_STATUSES, EXCEPTION_TYPES, type ExceptionSeverity, type ExceptionType } from '../../data/statuses';
import type { FileValue } from '../../ui/form';

export {
  EXCEPTION_SEVERITIES,
  EXCEPTION_STATUSES,
  EXCEPTION_TYPES,
  type ExceptionSeverity,
  type ExceptionStatus,
  type ExceptionType,
} from '../../data/statuses';

/** The moves a screen knows how to offer, in its order, as the database's exception_actions names them (it says which are open now). */
export const EXCEPTION_ACTIONS = ['investigating', 'resolved', 'closed'] as const;
export type ExceptionAction = (typeof EXCEPTION_ACTIONS)[number];

/** The form's and the database's words (private.exception_problems says the same). */
export const EXCEPTION_MESSAGES = {
  delivery: 'Delivery is required',
  type: 'Type is required',
  severity: 'Severity is required',
  description: 'Description is required',
  descriptionLength: 'Description must be at most 2000 characters',
  resolution: 'Resolution notes are required to resolve or close an exception',
  resolutionLength: 'Resolution notes must be at most 2000 characters',
} as const;

export const exceptionRowSchema = z.object({
  ...tenantRecord,
  exception_code: z.string(),
  delivery_id: z.string(),
  delivery_code: nullableText,
  delivery_status: nullableText,
  customer_id: nullableText,
  customer_name: nullableText,
  type: z.enum(EXCEPTION_TYPES),
  severity: z.enum(EXCEPTION_SEVERITIES),
  description: z.string(),
  photos: z.array(z.string()),
  reported_by: nullableText,
  reported_by_name: nullableText,
  assigned_to: nullableText,
  assigned_to_name: nullableText,
  status: z.enum(EXCEPTION_STATUSES),
  resolution_notes: nullableText,
  resolved_at: nullableText,
});
export type ExceptionRow = z.infer<typeof exceptionRowSchema>;

/** A broadcast row of the table (live): the columns the list's rows share with it. */
export const exceptionTableRowSchema = exceptionRowSchema
  .pick({ id: true, tenant_id: true, exception_code: true, delivery_id: true, type: true, severity: true, description: true, photos: true, reported_by: true, assigned_to: true, status: true, resolution_notes: true, resolved_at: true, created_at: true, updated_at: true })
  .loose();
export type ExceptionTableRow = z.infer<typeof exceptionTableRowSchema>;

/** A move of an exception's status (exception_events), as its history shows it. */
export const exceptionEventSchema = statusHistoryEntrySchema;
export type ExceptionEvent = z.infer<typeof exceptionEventSchema>;

export const ExceptionFormSchema = z.object({
  delivery_id: z.string().min(1, EXCEPTION_MESSAGES.delivery),
  type: z.union([z.enum(EXCEPTION_TYPES), z.literal('')]).refine((v) => v !== '', EXCEPTION_MESSAGES.type),
  severity: z.union([z.enum(EXCEPTION_SEVERITIES), z.literal('')]).refine((v) => v !== '', EXCEPTION_MESSAGES.severity),
  description: z.string().trim().min(1, EXCEPTION_MESSAGES.description).max(2000, EXCEPTION_MESSAGES.descriptionLength),
  photos: z.array(z.custom<FileValue>()),
  assigned_to: z.string().nullable(),
});
export type ExceptionFormInput = z.input<typeof ExceptionFormSchema>;
export type ExceptionFormOutput = z.output<typeof ExceptionFormSchema>;

export function emptyExceptionForm(): ExceptionFormInput {
  return { delivery_id: '', type: '', severity: 'medium', description: '', photos: [], assigned_to: null };
}

export function toExceptionFormValues(row: ExceptionRow, photoUrl: (ref: string) => string): ExceptionFormInput {
  return { delivery_id: row.delivery_id, type: row.type, severity: row.severity, description: row.description, photos: row.photos.map(photoUrl), assigned_to: row.assigned_to };
}

export interface ExceptionWrite {
  type: ExceptionType;
  severity: ExceptionSeverity;
  description: string;
  photos: string[];
  assigned_to: string | null;
}

export function toExceptionWrite(values: ExceptionFormOutput, photos: string[]): ExceptionWrite {
  return { type: values.type as ExceptionType, severity: values.severity as ExceptionSeverity, description: values.description, photos, assigned_to: values.assigned_to || null };
}
