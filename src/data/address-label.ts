import { z } from 'zod';

/** An address embedded in a record (a warehouse's, a supplier's): what its label and map need. */
export const addressSummarySchema = z
  .object({
    id: z.string(),
    title: z.object({ en: z.string().optional() }).partial().nullable().catch(null),
    full_address: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  })
  .nullable();
export type AddressSummary = NonNullable<z.infer<typeof addressSummarySchema>>;

/** The columns of an embedded address, for a select (`address:addresses(...)`). */
export const ADDRESS_EMBED = 'address:addresses(id, title, full_address, latitude, longitude)';

/** An address as the lookup labels it: its title, else its full address. */
export function addressLabel(address: Pick<AddressSummary, 'title' | 'full_address'>): string {
  return address.title?.en?.trim() || address.full_address || 'Untitled address';
}
