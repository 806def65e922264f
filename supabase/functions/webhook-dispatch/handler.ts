import { jsonResponse } from '../_shared/http.ts';
import { RefusedAddressError } from '../_shared/net_guard.ts';
import { signedHeaders } from '../_shared/standard_webhooks.ts';

/**
 * The webhook dispatcher, called through pg_net with the service key as soon as an event is enqueued
 * (a trigger, when a slot is free: 20261207001000) and by the `webhook-dispatch` pg_cron job whenever
 * deliveries are due, and by nobody else: the caller must hold the service key.
 *
 * Each round claims due deliveries (the database fans new events out first and leases what it
 * answers, so two runs never send one delivery at the same time), sends them at once as Standard
 * Webhooks (`webhook-id` the delivery's, stable across retries; `webhook-timestamp` the time of this
 * attempt; `webhook-signature` v1 with the subscription's secret; and the receiver's own header),
 * each through the outgoing-address guard with a 15 s timeout, and records every answer: the
 * database decides what an answer means (done, retried later, the subscription disabled).
 *
 * A call drains: `LANES` rounds run side by side, each claiming its next batch as soon as its last
 * one is recorded, until a claim comes back empty (nothing due: the queue is drained, retries that
 * fell due meanwhile included, oldest due first) or `BUDGET_MS` has passed (then the cron's next
 * calls go on; a call's last round still ends well within the cron's 60 s request timeout and the
 * 2-minute lease). A slow receiver holds up only its lane. The claim's `for update skip locked` and
 * lease keep lanes and overlapping calls from ever sending one delivery at the same time.
 *
 * Calls overlap through a long backlog (the cron calls every 5 s while work is due): each first
 * takes one of the database's few dispatcher slots (`webhook_dispatch_enter`, under a lease longer
 * than a call lasts) and gives it back when done. With none free it returns at once, sending
 * nothing: the calls holding the slots are draining the same queue.
 */
export interface ClaimedDelivery {
  delivery_id: string;
  message_id: string;
  attempt: number;
  event_type: string;
  webhook_url: string;
  secret_header_key: string | null;
  secret_header_value: string | null;
  signing_secret: string;
  payload: unknown;
}

export interface AttemptResult {
  delivery_id: string;
  status_code: number | null;
  duration_ms: number;
  response_excerpt: string | null;
  error: string | null;
}

export interface DispatchDeps {
  /** The service key the caller must present. */
  serviceRoleKey: string;
  /** Takes a dispatcher slot: its token, or null when every slot is held. */
  enter(): Promise<string | null>;
  /** Gives the slot back. */
  leave(token: string): Promise<void>;
  claim(batch: number): Promise<ClaimedDelivery[]>;
  record(results: AttemptResult[]): Promise<void>;
  /** An outgoing request through the address guard, with the delivery timeout. */
  send(url: string, init: RequestInit): Promise<Response>;
  now?: () => Date;
  /** Milliseconds on a monotonic clock (the budget's). */
  clock?: () => number;
  log?: (message: string, error: unknown) => void;
}

export const BATCH = 50;
/** Rounds in flight at once in one call. */
export const LANES = 4;
/** After this long a call starts no new round (a round takes at most the 15 s timeout more). */
export const BUDGET_MS = 40_000;
/** How much of a receiver's answer the log keeps. */
export const EXCERPT_CHARS = 1000;

function fail(status: number, code: string, message: string): Response {
  return jsonResponse({ error: { code, message } }, { status });
}

/** Equal strings, compared in time that does not depend on where they differ. */
function sameSecret(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

/** The first characters of an answer's body, without reading more of it than that. */
async function excerpt(res: Response): Promise<string | null> {
  if (!res.body) return null;
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < EXCERPT_CHARS) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return text.slice(0, EXCERPT_CHARS);
}

export function createDispatchHandler(deps: DispatchDeps): (req: Request) => Promise<Response> {
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? ((message, error) => console.error(message, error));
  const clock = deps.clock ?? (() => performance.now());

  async function deliver(d: ClaimedDelivery): Promise<AttemptResult> {
    const started = performance.now();
    const body = JSON.stringify(d.payload);
    const timestamp = Math.floor(now().getTime() / 1000);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'Waypost-Webhooks/1',
      ...(await signedHeaders(d.signing_secret, d.message_id, timestamp, body)),
    };
    if (d.secret_header_key && d.secret_header_value) headers[d.secret_header_key] = d.secret_header_value;
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const res = await deps.send(d.webhook_url, { method: 'POST', headers, body });
      const text = await excerpt(res).catch(() => null);
      return { delivery_id: d.delivery_id, status_code: res.status, duration_ms: elapsed(), response_excerpt: text, error: null };
    } catch (e) {
      const error = e instanceof RefusedAddressError ? `Refused: ${e.message}`
        : e instanceof DOMException && e.name === 'TimeoutError' ? 'The receiver did not answer within 15 seconds'
        : 'The receiver could not be reached';
      return { delivery_id: d.delivery_id, status_code: null, duration_ms: elapsed(), response_excerpt: null, error };
    }
  }

  return async (req) => {
    if (req.method !== 'POST') return fail(405, 'method_not_allowed', 'Use POST');
    const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
    if (!match || !sameSecret(match[1], deps.serviceRoleKey)) return fail(401, 'not_the_dispatcher', 'Only the scheduled job may dispatch webhooks');
    await req.body?.cancel();
    let slot: string | null;
    try {
      slot = await deps.enter();
    } catch (e) {
      log('webhook-dispatch: no slot', e);
      return fail(500, 'internal_error', 'Dispatch failed; the next call tries again');
    }
    if (slot === null) return jsonResponse({ sent: 0, succeeded: 0, failed: 0, busy: true });
    try {
      return await drain();
    } finally {
      // A slot not given back is free again when its lease ends.
      await deps.leave(slot).catch((e: unknown) => log('webhook-dispatch: could not give the slot back', e));
    }
  };

  async function drain(): Promise<Response> {
    const deadline = clock() + BUDGET_MS;
    let sent = 0;
    let succeeded = 0;
    let failure: unknown = null;
    // A lane that fails stops the others from starting new rounds; what they sent is still recorded.
    const lane = async () => {
      while (failure === null && clock() < deadline) {
        let claimed: ClaimedDelivery[];
        try {
          claimed = await deps.claim(BATCH);
        } catch (e) {
          failure ??= e;
          return;
        }
        if (claimed.length === 0) return;
        const results = await Promise.all(claimed.map(deliver));
        try {
          await deps.record(results);
        } catch (e) {
          failure ??= e;
          return;
        }
        sent += results.length;
        succeeded += results.filter((r) => r.status_code !== null && r.status_code >= 200 && r.status_code < 300).length;
      }
    };
    await Promise.all(Array.from({ length: LANES }, lane));
    if (failure !== null) {
      log('webhook-dispatch: failed', failure);
      return fail(500, 'internal_error', 'Dispatch failed; the leased deliveries are tried again when their lease ends');
    }
    return jsonResponse({ sent, succeeded, failed: sent - succeeded });
  }
}
