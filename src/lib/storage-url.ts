import { supabase } from './supabase';

/** The bucket tenant files (vehicle images, documents, exception and return photos) are uploaded to by upload-file. */
export const TENANT_BUCKET = 'tenants';

/** A stored file reference (a storage path `<tenant>/<file>`, or already a URL) as a URL to show; null for none, '' for ''. */
export function publicFileUrl(ref: string, bucket?: string): string;
export function publicFileUrl(ref: string | null | undefined, bucket?: string): string | null;
export function publicFileUrl(ref: string | null | undefined, bucket = TENANT_BUCKET): string | null {
  if (!ref) return ref ?? null;
  if (/^(https?:|data:|\/)/i.test(ref)) return ref;
  return supabase.storage.from(bucket).getPublicUrl(ref).data.publicUrl;
}
