import { preflight } from '../_shared/cors.ts';
import { jsonResponse, keyedFailure, words, type Words } from '../_shared/http.ts';

/**
 * POST /functions/v1/tracking-proof, JSON {token}: short-lived signed URLs of a delivered
 * delivery's proof PHOTOS for the public tracking page (the `proofs` bucket is private; anon can
 * read none of it). What may be shown comes from the database (tracking_proof_photos: the photos
 * of the delivery's own folder after delivery, never the signature; the same per-address rate
 * limit and neutral not-found as track_delivery), so nothing else can leak from here: no names,
 * no phone numbers, no addresses, only the files and their expiry.
 *
 * Answers 200 {data: {status, photos: [{url, expires_at}]}}, or {error: {code, key, message}} with
 * 400 (bad body), 404 (no such delivery: the tracking page's neutral words), 405, 429 (with
 * Retry-After), 500.
 */
export type PhotoLookup =
  | { kind: 'found'; status: string; photos: string[] }
  | { kind: 'not_found' }
  | { kind: 'rate_limited' };

export interface TrackingProofDeps {
  /** The database's answer for this token, counted against the caller's address. */
  lookup(token: string, clientAddress: string | null): Promise<PhotoLookup>;
  /** Signed URLs of the proofs bucket's objects, valid `expiresIn` seconds, in the paths' order. */
  sign(paths: string[], expiresIn: number): Promise<string[]>;
  now?: () => number;
  log?: (message: string, error: unknown) => void;
}

/** Five minutes: long enough to look, short enough that a shared page does not keep working links. */
export const SIGNED_URL_SECONDS = 300;
export const NOT_FOUND_MESSAGE = 'No delivery matches this tracking link';

function fail(status: number, code: string, said: Words, headers: Record<string, string> = {}): Response {
  return keyedFailure(status, code, said, { headers });
}

const TOKEN_REQUIRED = words('tracking.token_required', 'Send JSON: {"token": "<tracking token>"}');
const PROOF_FAILED = words('tracking.proof_failed', 'Could not load the proof of delivery');

/** The visitor's address as the gateway forwarded it (the first x-forwarded-for entry). */
export function clientAddress(req: Request): string | null {
  const first = (req.headers.get('x-forwarded-for') ?? '').split(',')[0]?.trim();
  return first || req.headers.get('x-real-ip') || null;
}

export function createTrackingProofHandler(deps: TrackingProofDeps): (req: Request) => Promise<Response> {
  const log = deps.log ?? ((message, error) => console.error(message, error));
  const now = deps.now ?? Date.now;
  return async (req) => {
    const cors = preflight(req);
    if (cors) return cors;
    if (req.method !== 'POST') return fail(405, 'method_not_allowed', words('requests.method_not_allowed', `Method ${req.method} is not allowed: use POST`, { method: req.method, allowed: 'POST' }), { Allow: 'POST, OPTIONS' });
    let body: unknown;
    try {
      body = await req.json();
    } catch {
      return fail(400, 'invalid_request', TOKEN_REQUIRED);
    }
    const token = body && typeof body === 'object' ? (body as { token?: unknown }).token : undefined;
    if (typeof token !== 'string' || token.length === 0 || token.length > 200) {
      return fail(400, 'invalid_request', TOKEN_REQUIRED);
    }
    let found: PhotoLookup;
    try {
      // Malformed tokens go to the database too: it counts them against the rate limit.
      found = await deps.lookup(token, clientAddress(req));
    } catch (e) {
      log('tracking-proof: lookup failed', e);
      return fail(500, 'lookup_failed', PROOF_FAILED);
    }
    if (found.kind === 'rate_limited') return fail(429, 'rate_limited', words('tracking.rate_limited', 'Too many tracking lookups; try again in a minute'), { 'Retry-After': '60' });
    if (found.kind === 'not_found') return fail(404, 'not_found', words('tracking.not_found', NOT_FOUND_MESSAGE));
    let urls: string[] = [];
    if (found.photos.length > 0) {
      try {
        urls = await deps.sign(found.photos, SIGNED_URL_SECONDS);
      } catch (e) {
        log('tracking-proof: signing failed', e);
        return fail(500, 'sign_failed', PROOF_FAILED);
      }
    }
    const expiresAt = new Date(now() + SIGNED_URL_SECONDS * 1000).toISOString();
    return jsonResponse(
      { data: { status: found.status, photos: urls.map((url) => ({ url, expires_at: expiresAt })) } },
      { headers: { 'Cache-Control': 'no-store' } },
    );
  };
}
