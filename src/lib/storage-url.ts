import { supabase } from './supabase';

/** The bucket tenant files (vehicle images, documents) are uploaded to by upload-file. */
export const TENANT_BUCKET = 'tenants';

/** A stored file reference (a storage path `<tenant>/<file>`, or already a URL) as a URL to show; null for none. */
export function publicFileUrl(ref: string | null | undefined, bucket = TENANT_BUCKET): string | null {
  if (!ref) return null;
  if (/^(https?:|data:|\/)/i.test(ref)) return ref;
  return supabase.storage.from(bucket).getPublicUrl(ref).data.publicUrl;
}
