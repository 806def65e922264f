import type { SupabaseClient } from '@supabase/supabase-js';
import { clientAsCaller, fieldProblems, type PostgrestLikeError, serverClient } from '../_shared/database.ts';
import type { ApiData, ApiDeps, AuthOutcome, Failure, IdempotencyClaim, Result, Row } from './handler.ts';
import { isUuid, MESSAGES } from './handler.ts';
import { signOwnerToken } from './owner_token.ts';
import { type RateLimitAnswer, rateLimitDecision } from '../_shared/rate_limit.ts';

/**
 * The public API's dependencies on the platform. The service role does only what no API role may:
 * resolve a key by its hash (counting the request against the key's rate limit, in the database so
 * that every worker shares one count) and keep idempotent answers. Everything a key reads or writes goes to
 * PostgREST with a one-minute JWT of the key's owner, so RLS and the database's rules decide.
 */
export interface PlatformEnv {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  /** Requests a key may make per window, counted in the database (shared by every worker). */
  rateLimit: { limit: number; windowSeconds: number };
}

/** What a delivery answers: never its tracking token (the public tracking page's secret) or the driver's proof. */
export const DELIVERY_COLUMNS =
  'id, delivery_code, barcode, status, status_reason, kind, priority, customer_id, service_id, pickup_address, pickup_lat, pickup_lng, ' +
  'dropoff_address, dropoff_lat, dropoff_lng, pickup_window_start, pickup_window_end, dropoff_window_start, dropoff_window_end, ' +
  'packages, package_count, total_weight_kg, price, currency, cod_amount, notes, external_reference_id, driver_id, ' +
  'created_at, updated_at, assigned_at, picked_up_at, delivered_at, failed_at, cancelled_at, returned_at';

export const EVENT_COLUMNS = 'seq, status, from_status, action, reason, note, occurred_at';

export const STOCK_COLUMNS =
  'id, item_id, item_sku, item_name, warehouse_id, warehouse_name, bin_id, bin_code, lot_number, serial_number, quantity, reserved, status, updated_at';

/** A database refusal in the API's codes: the rules' 23514 with their field messages, RLS as forbidden. */
export function databaseFailure(error: PostgrestLikeError): Failure {
  const details = fieldProblems(error.details);
  if (error.code === '23514' && details) {
    return { ok: false, code: 'validation_failed', message: details.length === 1 ? details[0].message : 'Validation failed', details };
  }
  if (error.code === '42501') return { ok: false, code: 'forbidden', message: error.message || 'The API key may not do this' };
  if (error.code === 'PT404' || error.code === 'PGRST116') return { ok: false, code: 'not_found', message: error.message || MESSAGES.notFound };
  if (error.code === '23505') return { ok: false, code: 'conflict', message: error.message };
  if (['23514', '23502', '23503', '22P02', '22007', '22008', '22003', '22023'].includes(error.code ?? '')) {
    return { ok: false, code: 'validation_failed', message: error.message };
  }
  return { ok: false, code: 'internal_error', message: MESSAGES.internal };
}

function rows(data: unknown, error: PostgrestLikeError | null): Result<Row[]> {
  if (error) return databaseFailure(error);
  return { ok: true, value: (data ?? []) as Row[] };
}

export function ownerData(client: SupabaseClient): ApiData {
  return {
    async createDelivery(tenantId, input) {
      const { data, error } = await client.from('deliveries').insert({ ...input, tenant_id: tenantId }).select(DELIVERY_COLUMNS).single();
      if (error) return databaseFailure(error);
      return { ok: true, value: data as unknown as Row };
    },
    async getDelivery(ref) {
      const query = client.from('deliveries').select(DELIVERY_COLUMNS);
      const { data, error } = await (isUuid(ref) ? query.eq('id', ref) : query.eq('delivery_code', ref)).maybeSingle();
      if (error) return databaseFailure(error);
      return { ok: true, value: (data as unknown as Row | null) ?? null };
    },
    async listDeliveries(f) {
      let query = client.from('deliveries').select(DELIVERY_COLUMNS);
      if (f.status.length > 0) query = query.in('status', f.status);
      if (f.customerId) query = query.eq('customer_id', f.customerId);
      if (f.createdFrom) query = query.gte('created_at', f.createdFrom);
      if (f.createdTo) query = query.lt('created_at', f.createdTo);
      if (f.cursor) query = query.or(`created_at.lt."${f.cursor.createdAt}",and(created_at.eq."${f.cursor.createdAt}",id.lt.${f.cursor.id})`);
      const { data, error } = await query.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(f.limit + 1);
      return rows(data, error);
    },
    async cancelDelivery(id, reason) {
      const { error } = await client.rpc('transition_delivery', { delivery_id: id, status: 'cancelled', reason });
      if (error) return databaseFailure(error);
      return { ok: true, value: null };
    },
    async deliveryEvents(id) {
      const { data, error } = await client.from('delivery_events').select(EVENT_COLUMNS).eq('delivery_id', id).order('seq', { ascending: true });
      return rows(data, error);
    },
    async listStock(f) {
      let query = client.from('inventory_stock_rows').select(STOCK_COLUMNS);
      if (f.warehouseId) query = query.eq('warehouse_id', f.warehouseId);
      if (f.itemId) query = query.eq('item_id', f.itemId);
      if (f.sku) query = query.eq('item_sku', f.sku);
      if (f.cursor) query = query.gt('id', f.cursor);
      const { data, error } = await query.order('id', { ascending: true }).limit(f.limit + 1);
      return rows(data, error);
    },
  };
}

export function platformDeps(env: PlatformEnv): Omit<ApiDeps, 'log'> {
  const service = serverClient(env.url, env.serviceRoleKey);
  return {
    // One round trip: the key resolved and, when usable, this request counted against its limit.
    async authenticate(keyHash) {
      const { data, error } = await service.rpc('authenticate_api_request', {
        p_key_hash: keyHash,
        p_limit: env.rateLimit.limit,
        p_window_seconds: env.rateLimit.windowSeconds,
      });
      if (error) throw new Error(`authenticate_api_request: ${error.message}`);
      const answer = data as {
        ok: boolean; reason?: string; key_id?: string; tenant_id?: string; owner_id?: string; user_id?: string | null; rate_limit?: RateLimitAnswer;
      };
      if (!answer.ok) return { ok: false, reason: answer.reason } as AuthOutcome;
      const rate = answer.rate_limit!;
      return {
        ok: true,
        identity: { keyId: answer.key_id!, tenantId: answer.tenant_id!, ownerId: answer.owner_id!, userId: answer.user_id ?? null },
        rate: rateLimitDecision(rate),
      };
    },
    async asOwner(identity) {
      return ownerData(clientAsCaller(env.url, env.anonKey, await signOwnerToken(env.jwtSecret, identity.ownerId)));
    },
    idempotency: {
      async begin(keyId, idempotencyKey, fingerprint) {
        const { data, error } = await service.rpc('begin_api_idempotency', { p_api_key_id: keyId, p_idempotency_key: idempotencyKey, p_fingerprint: fingerprint });
        if (error) throw new Error(`begin_api_idempotency: ${error.message}`);
        return data as IdempotencyClaim;
      },
      async finish(claimId, status, body) {
        const { error } = await service.rpc('finish_api_idempotency', { p_id: claimId, p_status: status, p_body: (body ?? null) as never });
        if (error) throw new Error(`finish_api_idempotency: ${error.message}`);
      },
    },
  };
}
