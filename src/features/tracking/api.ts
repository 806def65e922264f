import { edgeFunctionError } from '../../lib/edge-functions';
import { supabase } from '../../lib/supabase';
import { trackingSchema, type Tracking } from './schema';

/** Why a lookup gave no delivery: the database's neutral not-found (PT404), its rate limit (PT429), or anything else. */
export class TrackingLookupError extends Error {
  constructor(
    readonly reason: 'not-found' | 'rate-limited' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'TrackingLookupError';
  }
}

function errorReason(error: { code?: string; status?: number } | null): TrackingLookupError['reason'] {
  if (error?.code === 'PT404') return 'not-found';
  if (error?.code === 'PT429') return 'rate-limited';
  return 'failed';
}

/**
 * The whitelisted view of the delivery whose tracking token this is (`track_delivery`, anon or
 * signed in). A POST: the function counts lookups per client address, so it must not be cached.
 */
export async function trackDelivery(token: string, signal?: AbortSignal): Promise<Tracking> {
  let request = supabase.rpc('track_delivery', { token });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw new TrackingLookupError(errorReason(error), error.message);
  const parsed = trackingSchema.safeParse(data);
  if (!parsed.success) throw new TrackingLookupError('failed', 'The tracking answer was not understood');
  return parsed.data;
}

/** A broadcast of the `tracking:<token>` topic, checked like a lookup's answer; null when it is not one. */
export function parseTrackingUpdate(payload: unknown): Tracking | null {
  const parsed = trackingSchema.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

export interface TrackingProofPhoto {
  key: string;
  label: string;
  url: string;
  fileName: string;
}

/**
 * The delivered parcel's doorstep photos as short-lived signed URLs: the `proofs` bucket is
 * private, so the `tracking-proof` edge function signs them for whoever holds the token (photos
 * only, never the signature; the same rate limit as the lookup). `words` names a photo and the
 * failure in the page's language.
 */
export async function trackingProofPhotos(token: string, words: { photo: (number: number) => string; failed: string }): Promise<TrackingProofPhoto[]> {
  const { data, error } = await supabase.functions.invoke<{ data?: { photos?: { url: string }[] } }>('tracking-proof', { body: { token } });
  if (error) throw await edgeFunctionError(error, words.failed);
  return (data?.data?.photos ?? []).map((photo, index) => ({
    key: `${index}`,
    label: words.photo(index + 1),
    url: photo.url,
    fileName: `photo-${index + 1}.${/\.png(\?|$)/i.test(photo.url) ? 'png' : 'jpg'}`,
  }));
}
