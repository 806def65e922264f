import { problem, type FieldProblem } from '../_shared/database.ts';

export type { FieldProblem };

export type Parsed<T> = { ok: true; value: T } | { ok: false; problems: FieldProblem[] };

export interface CreateInput {
  name: string;
  description: string;
  expires_at: string | null;
  /** Null: a key of the tenant itself. */
  user_id: string | null;
  tenant_id: string | null;
}

export interface UpdateInput {
  name: string;
  description: string;
  expires_at: string | null;
  is_active: boolean;
}

export interface ListInput {
  /** 1-based. */
  page: number;
  limit: number;
  search: string;
  tenant_id: string | null;
  /** Null lists the tenant's own keys. */
  user_id: string | null;
  sort: 'name' | 'created_at' | 'expires_at';
  ascending: boolean;
}

export const NAME_REQUIRED = 'Name is required';
export const EXPIRY_IN_PAST = 'Expiry cannot be earlier than now';
export const MAX_NAME = 100;
export const MAX_DESCRIPTION = 500;
export const LIST_LIMITS = [5, 10, 25, 50, 100];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// An ISO 8601 date-time with a zone: a bare date or local time would be read in the server's zone.
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

function asObject(body: unknown): Record<string, unknown> | null {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

function common(o: Record<string, unknown>, now: Date, problems: FieldProblem[], keptExpiry: string | null = null): { name: string; description: string; expires_at: string | null } {
  const name = typeof o.name === 'string' ? o.name.trim() : '';
  if (!name) problems.push(problem('name', 'api_keys.name_required', NAME_REQUIRED));
  else if (name.length > MAX_NAME) problems.push(problem('name', 'api_keys.name_too_long', `Name must be at most ${MAX_NAME} characters`, { max: MAX_NAME }));

  let description = '';
  if (o.description !== undefined && o.description !== null) {
    if (typeof o.description !== 'string') problems.push({ field: 'description', message: 'Description must be text' });
    else description = o.description.trim();
  }
  if (description.length > MAX_DESCRIPTION) problems.push(problem('description', 'api_keys.description_too_long', `Description must be at most ${MAX_DESCRIPTION} characters`, { max: MAX_DESCRIPTION }));

  let expires_at: string | null = null;
  if (o.expires_at !== undefined && o.expires_at !== null && o.expires_at !== '') {
    const time = typeof o.expires_at === 'string' && ISO_DATE_TIME.test(o.expires_at) ? Date.parse(o.expires_at) : NaN;
    if (Number.isNaN(time)) problems.push({ field: 'expires_at', message: 'Expiry must be an ISO date and time, or null for a key that never expires' });
    else if (time < now.getTime() && (keptExpiry === null || Date.parse(keptExpiry) !== time)) problems.push(problem('expires_at', 'api_keys.expiry_in_past', EXPIRY_IN_PAST));
    else expires_at = new Date(time).toISOString();
  }
  return { name, description, expires_at };
}

function optionalUuid(o: Record<string, unknown>, field: string, problems: FieldProblem[]): string | null {
  const value = o[field];
  if (value === undefined || value === null || value === '') return null;
  if (!isUuid(value)) {
    problems.push({ field, message: `${field} must be a uuid` });
    return null;
  }
  return value.toLowerCase();
}

export function parseCreate(body: unknown, now = new Date()): Parsed<CreateInput> {
  const o = asObject(body);
  if (!o) return { ok: false, problems: [{ field: 'body', message: 'Send a JSON object with name, description, expires_at and tenant_id or user_id' }] };
  const problems: FieldProblem[] = [];
  const fields = common(o, now, problems);
  const user_id = optionalUuid(o, 'user_id', problems);
  const tenant_id = optionalUuid(o, 'tenant_id', problems);
  if (!user_id && !tenant_id && !problems.some((p) => p.field === 'user_id' || p.field === 'tenant_id')) {
    problems.push({ field: 'tenant_id', message: 'Send tenant_id for a key of the business, or user_id for a key of one of its business users' });
  }
  return problems.length ? { ok: false, problems } : { ok: true, value: { ...fields, user_id, tenant_id: user_id ? null : tenant_id } };
}

/** `keptExpiry`: the key's expiry as stored; sending it back unchanged is no new choice, even once it has passed. */
export function parseUpdate(body: unknown, now = new Date(), keptExpiry: string | null = null): Parsed<UpdateInput> {
  const o = asObject(body);
  if (!o) return { ok: false, problems: [{ field: 'body', message: 'Send a JSON object with name, description, expires_at and is_active' }] };
  const problems: FieldProblem[] = [];
  const fields = common(o, now, problems, keptExpiry);
  let is_active = true;
  if (o.is_active !== undefined) {
    if (typeof o.is_active !== 'boolean') problems.push({ field: 'is_active', message: 'is_active must be true or false' });
    else is_active = o.is_active;
  }
  return problems.length ? { ok: false, problems } : { ok: true, value: { ...fields, is_active } };
}

export function parseList(params: URLSearchParams): Parsed<ListInput> {
  const problems: FieldProblem[] = [];
  const int = (name: string, fallback: number) => {
    const raw = params.get(name);
    if (raw === null || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1) problems.push({ field: name, message: `${name} must be a whole number of at least 1` });
    return n;
  };
  const page = int('page', 1);
  const limit = int('limit', 10);
  if (Number.isInteger(limit) && limit > 100) problems.push({ field: 'limit', message: 'limit must be at most 100' });
  const uuidParam = (name: string) => {
    const raw = params.get(name);
    if (!raw) return null;
    if (!isUuid(raw)) {
      problems.push({ field: name, message: `${name} must be a uuid` });
      return null;
    }
    return raw.toLowerCase();
  };
  const tenant_id = uuidParam('tenantId');
  const user_id = uuidParam('userId');
  const sortRaw = params.get('sort') ?? 'created_at';
  const sort = (['name', 'created_at', 'expires_at'] as const).find((s) => s === sortRaw);
  if (!sort) problems.push({ field: 'sort', message: 'sort must be name, created_at or expires_at' });
  const order = params.get('order') ?? 'desc';
  if (order !== 'asc' && order !== 'desc') problems.push({ field: 'order', message: 'order must be asc or desc' });
  const search = (params.get('search') ?? '').trim().slice(0, 100);
  return problems.length
    ? { ok: false, problems }
    : { ok: true, value: { page, limit, search, tenant_id, user_id, sort: sort ?? 'created_at', ascending: order === 'asc' } };
}
