import { z } from 'zod';
import { nullableText, tenantRecord } from '../../lib/row-schema';
import { addressSummarySchema } from '../../data/address-label';
import { EMAIL_PATTERN, oneOf, optionalText, requiredText } from '../../lib/form-schema';

/** When a supplier is paid (suppliers.payment_terms). */
export const PAYMENT_TERMS = ['prepaid', 'cod', 'net_15', 'net_30', 'net_60', 'net_90'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];

export const SUPPLIER_MESSAGES = {
  name: 'Name is required',
  code: 'Code is required',
  email: 'Valid email is required',
  phone: 'Please enter a valid phone number with at least 10 digits',
  leadTime: 'Lead time must be between 0 and 365 days',
  paymentTerms: 'Payment terms are required',
} as const;

export const SupplierFormSchema = z.object({
  name: requiredText(SUPPLIER_MESSAGES.name, 200),
  code: requiredText(SUPPLIER_MESSAGES.code, 64),
  contact_name: optionalText(200),
  contact_email: z.string().refine((v) => v === '' || EMAIL_PATTERN.test(v), SUPPLIER_MESSAGES.email),
  contact_phone: z.string().refine((v) => v === '' || v.replace(/\D/g, '').length >= 10, SUPPLIER_MESSAGES.phone),
  address_id: z.string().nullable(),
  lead_time_days: z
    .number({ error: SUPPLIER_MESSAGES.leadTime })
    .refine((v) => Number.isInteger(v) && v >= 0 && v <= 365, SUPPLIER_MESSAGES.leadTime),
  payment_terms: z.enum(PAYMENT_TERMS, { error: SUPPLIER_MESSAGES.paymentTerms }),
  notes: optionalText(2000),
  active: z.boolean(),
});
export type SupplierFormInput = z.input<typeof SupplierFormSchema>;
export type SupplierFormOutput = z.output<typeof SupplierFormSchema>;

export const supplierSchema = z.object({
  ...tenantRecord,
  name: z.string(),
  code: z.string(),
  contact_name: nullableText,
  contact_email: nullableText,
  contact_phone: nullableText,
  address_id: nullableText,
  lead_time_days: z.number(),
  payment_terms: z.string(),
  notes: nullableText,
  active: z.boolean(),
  address: addressSummarySchema.optional(),
});
export type Supplier = z.infer<typeof supplierSchema>;

export function emptySupplierForm(): SupplierFormInput {
  return {
    name: '',
    code: '',
    contact_name: '',
    contact_email: '',
    contact_phone: '',
    address_id: null,
    lead_time_days: 7,
    payment_terms: 'net_30',
    notes: '',
    active: true,
  };
}

export function toSupplierFormValues(s: Supplier): SupplierFormInput {
  return {
    name: s.name,
    code: s.code,
    contact_name: s.contact_name ?? '',
    contact_email: s.contact_email ?? '',
    contact_phone: s.contact_phone ?? '',
    address_id: s.address_id,
    lead_time_days: s.lead_time_days,
    payment_terms: oneOf(PAYMENT_TERMS, s.payment_terms, 'net_30'),
    notes: s.notes ?? '',
    active: s.active,
  };
}

export function toSupplierWrite(values: SupplierFormOutput) {
  const blank = (v: string) => (v.trim() === '' ? null : v.trim());
  return {
    name: values.name.trim(),
    code: values.code.trim(),
    contact_name: blank(values.contact_name),
    contact_email: blank(values.contact_email),
    contact_phone: blank(values.contact_phone),
    address_id: values.address_id || null,
    lead_time_days: values.lead_time_days,
    payment_terms: values.payment_terms,
    notes: blank(values.notes),
    active: values.active,
  };
}
export type SupplierWrite = ReturnType<typeof toSupplierWrite>;
