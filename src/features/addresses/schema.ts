import { z } from 'zod';

/** Spec 3 'Address': the kinds an address may be; the list filters billing and shipping. */
export const ADDRESS_TYPES = ['user', 'billing', 'shipping'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];
export const ADDRESS_TYPE_FILTERS = ['billing', 'shipping'] as const;
export type AddressTypeFilter = (typeof ADDRESS_TYPE_FILTERS)[number];

const TYPE_LABELS: Record<AddressType, string> = { user: 'Personal', billing: 'Billing', shipping: 'Shipping' };
export const addressTypeLabel = (type: string): string => TYPE_LABELS[type as AddressType] ?? type;
export const ADDRESS_TYPE_OPTIONS = ADDRESS_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }));

/** Spec 9: the address list shows five per page; postal codes are at most six characters. */
export const ADDRESS_PAGE_SIZE = 5;
export const POSTAL_CODE_MAX = 6;

/** Spec 5 'Address', verbatim; the database (private.address_problems) answers with the same words. */
export const ADDRESS_MESSAGES = {
  fullName: 'Full name is required',
  email: 'Valid email is required',
  phoneRequired: 'Phone number is required',
  phoneDigits: 'Please enter a valid phone number with at least 10 digits',
  addressLine1: 'Address line 1 is required',
  building: 'Building name is required',
  street: 'Street is required',
  city: 'City is required',
  state: 'State is required',
  postalCodeRequired: 'Postal code is required',
  postalCodeMax: 'Postal code must be less than 6 characters',
  country: 'Country is required',
} as const;

const nullableText = z.string().nullable().optional();

/** A stored address as the API returns it. */
export const addressSchema = z.object({
  id: z.string(),
  tenant_id: z.string(),
  user_id: z.string().nullable(),
  title: z.object({ en: z.string().optional() }).catchall(z.unknown()).catch({}),
  address_type: z.enum(ADDRESS_TYPES),
  address_line1: z.string(),
  address_line2: z.string().nullable(),
  building: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  full_address: z.string().nullable(),
  is_primary: z.boolean(),
  is_active: z.boolean(),
  save_to_address_book: z.boolean(),
  metadata: z
    .object({
      is_verified: z.boolean().nullable().optional(),
      verification_date: nullableText,
      delivery_instructions: nullableText,
      landmark: nullableText,
      location: z.object({ lat: z.number(), lng: z.number() }).nullable().optional(),
    })
    .catch({}),
  contact_info: z
    .object({ full_name: z.string().optional(), phone: z.string().optional(), email: z.string().optional() })
    .catch({}),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

/** The label a lookup or a card shows: the title, else the joined address. */
export function addressLabel(address: Pick<Address, 'title' | 'full_address' | 'address_line1'>): string {
  const title = address.title.en?.trim();
  return title || address.full_address || address.address_line1;
}
