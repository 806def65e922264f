import type { MergeDeep } from 'type-fest';
import type { Database as GeneratedDatabase } from './database';

export type { Json } from './database';

/**
 * The generated types (`npm run gen:types`, never edited by hand) with what the generator cannot see,
 * merged as Supabase's guide to generated types does (type-fest's MergeDeep):
 * - columns a BEFORE INSERT trigger fills are NOT NULL without a default, so the generator makes them
 *   required on insert; the database generates them (codes, barcodes, the delivery's customer);
 * - a view's columns are all nullable to the generator; where the view selects NOT NULL columns of
 *   one table, they are not.
 */
export type Database = MergeDeep<
  GeneratedDatabase,
  {
    public: {
      Tables: {
        deliveries: {
          // The points come from the pickup and drop-off addresses.
          Insert: { delivery_code?: string; barcode?: string; pickup_lat?: number; pickup_lng?: number; dropoff_lat?: number; dropoff_lng?: number };
        };
        exceptions: { Insert: { exception_code?: string } };
        return_requests: { Insert: { return_code?: string; customer_id?: string } };
      };
      Views: {
        driver_candidates: { Row: { id: string; tenant_id: string; full_name: string; email: string; status: string } };
      };
    };
  }
>;

type PublicSchema = Database['public'];

/** A table's or a view's row, as a select of every column answers it. */
export type Tables<T extends keyof PublicSchema['Tables'] | keyof PublicSchema['Views']> = T extends keyof PublicSchema['Tables']
  ? PublicSchema['Tables'][T]['Row']
  : T extends keyof PublicSchema['Views']
    ? PublicSchema['Views'][T]['Row']
    : never;
export type TablesInsert<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Insert'];
export type TablesUpdate<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Update'];
/** A database function's arguments and result. */
export type FunctionArgs<F extends keyof PublicSchema['Functions']> = PublicSchema['Functions'][F]['Args'];
export type FunctionReturns<F extends keyof PublicSchema['Functions']> = PublicSchema['Functions'][F]['Returns'];
