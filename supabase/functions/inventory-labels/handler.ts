import { preflight } from '../_shared/cors.ts';
import { errorResponse, jsonResponse, words } from '../_shared/http.ts';
import { LabelError, renderItemLabel, type LabelContent } from './label.ts';

/**
 * POST /functions/v1/inventory-labels renders items' labels (label.ts) into the private
 * `inventory-labels` bucket and records the outcome on the item: success with label_url, or failed
 * with the reason its chip shows. Only labels still pending are rendered; a label whose item
 * changed while it was drawn is left pending for the next render.
 *
 *   {item_id}           an active admin of the item's tenant (the app, after a save)
 *   {retry: "pending"}  the service role only (the scheduled job): the oldest labels pending over a minute
 *
 * Answers 200 {data: {labels: [{item_id, label_status, label_url?, label_error?}]}}, or
 * {code, message} with 400, 401, 403, 404 or 405.
 */
export interface LabelItem {
  id: string;
  tenant_id: string;
  /** The tenant's slug: the item's page in the app is under it. */
  tenant_slug: string;
  name: string;
  sku: string;
  barcode: string | null;
  label_status: 'pending' | 'success' | 'failed';
  label_url: string | null;
  label_error: string | null;
}

export type Caller =
  | { kind: 'service' }
  | { kind: 'user'; userId: string; tenantId: string | null; admin: boolean };

export type Outcome = { status: 'success'; path: string } | { status: 'failed'; error: string };

export interface LabelDeps {
  /** Who holds the token: the service role, a signed-in user, or null for neither. */
  resolveCaller(accessToken: string): Promise<Caller | null>;
  /** The item, within `tenantId` when given (a user's call), in any tenant otherwise (the service role). */
  findItem(itemId: string, tenantId: string | null): Promise<LabelItem | null>;
  /** The oldest labels pending since before `before`, at most `limit`. */
  pendingItems(before: Date, limit: number): Promise<LabelItem[]>;
  /** Writes (or replaces) the PDF at `path` in the labels bucket. */
  storeLabel(path: string, bytes: Uint8Array): Promise<void>;
  /** Records the outcome when the item still prints what was rendered and is still pending; false otherwise. */
  finishLabel(item: LabelItem, outcome: Outcome): Promise<boolean>;
  /** The app's address, for the QR code's link. */
  appUrl: string;
  now?: () => Date;
  render?: (content: LabelContent) => Promise<Uint8Array>;
  log?: (message: string, error: unknown) => void;
}

export const RETRY_AFTER_MS = 60_000;
export const RETRY_BATCH = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const NOT_ADMIN = 'Only administrators can generate labels';
export const SERVICE_ONLY = 'Only the scheduler retries pending labels';

function bearerToken(req: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
  return match ? match[1] : null;
}

export function labelPath(item: Pick<LabelItem, 'id' | 'tenant_id'>): string {
  return `${item.tenant_id}/${item.id}.pdf`;
}

export function itemLink(appUrl: string, item: Pick<LabelItem, 'id' | 'tenant_slug'>): string {
  return `${appUrl.replace(/\/+$/, '')}/${encodeURIComponent(item.tenant_slug)}/admin/inventory-items/${item.id}/edit`;
}

export function createLabelsHandler(deps: LabelDeps): (req: Request) => Promise<Response> {
  const log = deps.log ?? ((message, error) => console.error(message, error));
  const render = deps.render ?? renderItemLabel;
  const now = deps.now ?? (() => new Date());

  async function renderOne(item: LabelItem) {
    if (item.label_status !== 'pending') {
      return { item_id: item.id, label_status: item.label_status, label_url: item.label_url, label_error: item.label_error };
    }
    let outcome: Outcome;
    try {
      const bytes = await render({ name: item.name, sku: item.sku, barcode: item.barcode, link: itemLink(deps.appUrl, item) });
      try {
        await deps.storeLabel(labelPath(item), bytes);
        outcome = { status: 'success', path: labelPath(item) };
      } catch (e) {
        log('inventory-labels: storage failed', e);
        outcome = { status: 'failed', error: 'The label could not be stored' };
      }
    } catch (e) {
      if (!(e instanceof LabelError)) log('inventory-labels: rendering failed', e);
      outcome = { status: 'failed', error: e instanceof LabelError ? e.message : 'The label could not be drawn' };
    }
    const recorded = await deps.finishLabel(item, outcome);
    if (!recorded) return { item_id: item.id, label_status: 'pending' as const, label_url: null, label_error: null };
    return outcome.status === 'success'
      ? { item_id: item.id, label_status: 'success' as const, label_url: outcome.path, label_error: null }
      : { item_id: item.id, label_status: 'failed' as const, label_url: null, label_error: outcome.error };
  }

  return async (req) => {
    const cors = preflight(req);
    if (cors) return cors;
    if (req.method !== 'POST') {
      return jsonResponse(
        { code: 'method_not_allowed', ...words('requests.method_not_allowed', `Method ${req.method} is not allowed: use POST`, { method: req.method, allowed: 'POST' }) },
        { status: 405, headers: { Allow: 'POST, OPTIONS' } },
      );
    }
    const token = bearerToken(req);
    const caller = token ? await deps.resolveCaller(token).catch((e: unknown) => (log('inventory-labels: caller', e), null)) : null;
    if (!token || !caller) return errorResponse(401, 'no_session', words('auth.no_session', 'No active session'));

    let body: unknown;
    try {
      body = await req.json();
    } catch {
      return errorResponse(400, 'invalid_request', words('labels.item_required', 'Send a JSON body: {"item_id": "<uuid>"}'));
    }
    const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;

    try {
      if (input.retry !== undefined) {
        if (caller.kind !== 'service') return errorResponse(403, 'forbidden', words('labels.scheduler_only', SERVICE_ONLY));
        if (input.retry !== 'pending') return errorResponse(400, 'invalid_request', words('labels.retry_pending_only', 'retry must be "pending"'));
        const items = await deps.pendingItems(new Date(now().getTime() - RETRY_AFTER_MS), RETRY_BATCH);
        const labels = [];
        for (const item of items) labels.push(await renderOne(item));
        return jsonResponse({ data: { labels } });
      }
      if (typeof input.item_id !== 'string' || !UUID.test(input.item_id)) {
        return errorResponse(400, 'invalid_request', words('labels.item_id_invalid', 'item_id must be an inventory item id'));
      }
      if (caller.kind === 'user') {
        if (!caller.tenantId) return errorResponse(403, 'no_tenant', words('account.no_tenant', 'You are not associated with any tanent. Please contact your administrator.'));
        if (!caller.admin) return errorResponse(403, 'forbidden', words('labels.not_admin', NOT_ADMIN));
      }
      const item = await deps.findItem(input.item_id, caller.kind === 'user' ? caller.tenantId : null);
      if (!item) return errorResponse(404, 'item_not_found', words('labels.item_not_found', 'Inventory item not found'));
      return jsonResponse({ data: { labels: [await renderOne(item)] } });
    } catch (e) {
      log('inventory-labels: failed', e);
      return errorResponse(500, 'internal_error', words('server.internal_error', 'Something went wrong!'));
    }
  };
}
