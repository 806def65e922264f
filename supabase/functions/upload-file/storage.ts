import type { SupabaseClient } from '@supabase/supabase-js';
import { clientAsCaller, serverClient } from '../_shared/database.ts';
import type { Caller, StoreResult, UploadDeps } from './handler.ts';

/**
 * The function's dependencies on the platform: the caller resolved with auth.getUser and their
 * profile read under their own JWT (RLS: a user reads their own profile), and Storage written
 * as the caller, so that storage.objects' policies apply to the upload.
 */
export interface PlatformEnv {
  url: string;
  anonKey: string;
  /** The API address browsers use, when it differs from the one the function reaches (docker). */
  publicUrl: string;
}

/** Storage's status for a refusal: the body's statusCode (Storage answers most 4xx as HTTP 400). */
function storageStatus(error: unknown): number {
  const e = error as { statusCode?: unknown; status?: unknown };
  const code = Number(e.statusCode);
  if (Number.isInteger(code) && code >= 400) return code;
  return typeof e.status === 'number' ? e.status : 500;
}

export function platformDeps(env: PlatformEnv): Omit<UploadDeps, 'log'> {
  const anon = serverClient(env.url, env.anonKey);
  const publicStorage = serverClient(env.publicUrl, env.anonKey).storage;
  return {
    async resolveCaller(accessToken: string): Promise<Caller | null> {
      const { data, error } = await anon.auth.getUser(accessToken);
      if (error || !data.user) return null;
      const { data: profile, error: profileError } = await clientAsCaller(env.url, env.anonKey, accessToken)
        .from('profiles')
        .select('tenant_id, status')
        .eq('id', data.user.id)
        .maybeSingle();
      if (profileError) throw profileError;
      const active = profile && profile.status === 'active';
      return { userId: data.user.id, tenantId: active ? (profile.tenant_id as string) : null };
    },
    async store(accessToken, bucket, path, bytes, contentType): Promise<StoreResult> {
      const { error } = await clientAsCaller(env.url, env.anonKey, accessToken).storage.from(bucket).upload(path, bytes, { contentType, upsert: false });
      if (!error) return { ok: true };
      return { ok: false, status: storageStatus(error), message: error.message };
    },
    publicUrl: (bucket, path) => publicStorage.from(bucket).getPublicUrl(path).data.publicUrl,
    randomId: () => crypto.randomUUID().replaceAll('-', '').slice(0, 16),
  };
}
