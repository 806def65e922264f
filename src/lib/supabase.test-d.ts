import { describe, expectTypeOf, it } from 'vitest';
import type { Tables } from '../types/database-overrides';
import { supabase } from './supabase';

/**
 * Type tests (vitest --typecheck runs them through tsc; nothing here is executed): the client is typed
 * from the generated database types, so a wrong table, a wrong written column or a wrong selected
 * column is a compile error or an error type, never `any`.
 */
describe('the typed client', () => {
  it('refuses a table that does not exist', () => {
    // @ts-expect-error 'delivery' is not a table: 'deliveries' is.
    void supabase.from('delivery').select('id');
  });

  it('refuses an insert of a column that does not exist', () => {
    void supabase
      .from('zones')
      // @ts-expect-error 'colour' is not a column of zones: 'color' is.
      .insert({ tenant_id: 't', name: 'North', code: 'N', polygon: { type: 'Polygon', coordinates: [] }, colour: '#fff' });
  });

  it('refuses a filter on a column that does not exist', () => {
    // @ts-expect-error 'statuss' is not a column of deliveries.
    void supabase.from('deliveries').select('id').eq('statuss', 'pending');
  });

  it('types a select of real columns from the row type', () => {
    const _query = supabase.from('deliveries').select('id, delivery_code, status');
    type Row = NonNullable<Awaited<typeof _query>['data']>[number];
    expectTypeOf<Row>().toEqualTypeOf<Pick<Tables<'deliveries'>, 'id' | 'delivery_code' | 'status'>>();
  });

  it('answers a select of a misspelled column with the error type, not any', () => {
    const _query = supabase.from('deliveries').select('id, delivery_cod');
    type Row = NonNullable<Awaited<typeof _query>['data']>[number];
    expectTypeOf<Row>().not.toBeAny();
    expectTypeOf<Row>().toExtend<{ error: true }>();
  });

  it('checks a function’s arguments', () => {
    // @ts-expect-error transition_delivery takes delivery_id, not id.
    void supabase.rpc('transition_delivery', { id: 'x', status: 'assigned' });
  });
});
