import { z } from 'zod';
import { nullableText, numeric } from '../../lib/row-schema';

/** How a driver handed the cash over (remittances_method_check). */
export const REMIT_METHODS = ['cash', 'bank_transfer', 'card', 'other'] as const;
export type RemitMethod = (typeof REMIT_METHODS)[number];

/** The form's messages, the same English the database answers with (record_remittance); words.ts gives their keys. */
/** The longest note and discrepancy reason (the database's limits too). */
export const REMIT_LIMITS = { note: 2000, reason: 500 } as const;

export const REMIT_MESSAGES = {
  driver: 'Choose a driver',
  deliveries: 'Choose at least one delivery',
  amount: 'Enter the amount',
  amountMin: 'The amount must be 0 or more',
  amountDecimals: 'Enter the amount with at most 2 decimals',
  method: 'Choose a method: cash, bank transfer, card or other',
  note: `The note must be at most ${REMIT_LIMITS.note} characters`,
  reason: `The reason must be at most ${REMIT_LIMITS.reason} characters`,
} as const;


/** One row of public.driver_cash_summary(). */
export const cashSummarySchema = z.object({
  driver_id: z.string(),
  full_name: nullableText,
  avatar_url: nullableText,
  driver_status: z.string(),
  collected: numeric,
  remitted: numeric,
  outstanding: numeric,
  shortfall: numeric,
  outstanding_count: z.number(),
  last_remitted_at: nullableText,
  currency: z.string(),
});
export type CashSummary = z.infer<typeof cashSummarySchema>;

/** One row of public.unremitted_deliveries(driver_id). */
export const unremittedSchema = z.object({
  id: z.string(),
  delivery_code: z.string(),
  delivered_at: nullableText,
  cod_amount: numeric,
  currency: z.string(),
  dropoff_address: nullableText,
});
export type UnremittedDelivery = z.infer<typeof unremittedSchema>;

/** One row of public.remittance_rows (the history). */
export const remittanceRowSchema = z.object({
  id: z.string(),
  reference_number: z.string(),
  driver_id: z.string(),
  driver_name: nullableText,
  recorded_by_name: nullableText,
  amount: numeric,
  expected_amount: numeric,
  currency: z.string(),
  method: z.enum(REMIT_METHODS),
  note: z.string(),
  discrepancy_reason: nullableText,
  recorded_at: z.string(),
  delivery_codes: z.array(z.string()),
});
export type RemittanceRow = z.infer<typeof remittanceRowSchema>;

/** Whole cents of an amount, so sums of money never drift (0.1 + 0.2). */
export const toCents = (amount: number) => Math.round(amount * 100);

/** The cash of the chosen deliveries: what the amount is prefilled with and compared to. */
export function sumCod(deliveries: readonly UnremittedDelivery[], ids: readonly string[]): number {
  const chosen = new Set(ids);
  return deliveries.filter((d) => chosen.has(d.id)).reduce((cents, d) => cents + toCents(d.cod_amount), 0) / 100;
}

/** Whether the amount differs from the deliveries' cash (then the database wants a discrepancy reason). */
export function amountDiffers(amount: number | null, expected: number): boolean {
  return amount != null && !Number.isNaN(amount) && toCents(amount) !== toCents(expected);
}

/**
 * The form's own rules (what it can say before asking); whether a different amount has a reason,
 * and everything about the deliveries themselves, the database decides (record_remittance).
 */
export const remitFormSchema = z.object({
  driver_id: z.string().min(1, REMIT_MESSAGES.driver),
  delivery_ids: z.array(z.string()).min(1, REMIT_MESSAGES.deliveries),
  amount: z
    .number({ error: REMIT_MESSAGES.amount })
    .min(0, REMIT_MESSAGES.amountMin)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, REMIT_MESSAGES.amountDecimals),
  method: z.enum(REMIT_METHODS, { error: REMIT_MESSAGES.method }),
  note: z.string().max(REMIT_LIMITS.note, REMIT_MESSAGES.note),
  discrepancy_reason: z.string().max(REMIT_LIMITS.reason, REMIT_MESSAGES.reason),
});
export type RemitFormInput = z.input<typeof remitFormSchema>;
export type RemitFormValues = z.output<typeof remitFormSchema>;

export const emptyRemitForm = (driverId = ''): RemitFormInput => ({
  driver_id: driverId,
  delivery_ids: [],
  amount: null as unknown as number,
  method: 'cash',
  note: '',
  discrepancy_reason: '',
});
