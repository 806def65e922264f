import type { PhotoLookup, TrackingProofDeps } from './handler.ts';
import { serverClient } from '../_shared/database.ts';

export interface PlatformEnv {
  url: string;
  serviceRoleKey: string;
  /** The API address browsers use, when it differs from the one the function reaches (docker). */
  publicUrl: string;
}

/**
 * The database and Storage as the service role. The lookup forwards the visitor's address as
 * x-forwarded-for, so tracking_proof_photos counts it in the same rate-limit bucket as
 * track_delivery (PostgREST hands request headers to the database as request.headers).
 */
export function platformDeps(env: PlatformEnv): Omit<TrackingProofDeps, 'log' | 'now'> {
  const service = serverClient(env.url, env.serviceRoleKey);
  return {
    async lookup(token, clientAddress): Promise<PhotoLookup> {
      const client = clientAddress
        ? serverClient(env.url, env.serviceRoleKey, { 'x-forwarded-for': clientAddress })
        : service;
      const { data, error, status } = await client.rpc('tracking_proof_photos', { token });
      if (error?.code === 'PT429' || status === 429) return { kind: 'rate_limited' };
      if (error?.code === 'PT404' || status === 404) return { kind: 'not_found' };
      if (error) throw error;
      const answer = data as { status?: unknown; photos?: unknown; code?: unknown };
      if (answer.code === 'PT404') return { kind: 'not_found' };
      const photos = Array.isArray(answer.photos) ? answer.photos.filter((p): p is string => typeof p === 'string') : [];
      return { kind: 'found', status: String(answer.status ?? ''), photos };
    },
    async sign(paths, expiresIn) {
      const { data, error } = await service.storage.from('proofs').createSignedUrls(paths, expiresIn);
      if (error) throw error;
      return (data ?? []).map((item) => {
        if (item.error || !item.signedUrl) throw new Error(`could not sign ${item.path}: ${item.error ?? 'no URL'}`);
        // Signed against the address the function reaches; the browser needs the public one.
        return item.signedUrl.startsWith(env.url) ? env.publicUrl + item.signedUrl.slice(env.url.length) : item.signedUrl;
      });
    },
  };
}
