import type { ProofDocumentData, ProofImage, ProofTimelineEntry } from './proof-pdf';
import { deliveryEventTitle, statusWords } from './delivery-events';
import { supabase } from './supabase';

/**
 * Proof of delivery files: the private `proofs` bucket (20261125001040_delivery_proof.sql), read
 * through short-lived signed URLs that storage's policies grant to the tenant's staff, the
 * delivery's driver and its customer; and the data of the proof-of-delivery PDF.
 */

export const PROOFS_BUCKET = 'proofs';
/** Long enough to look at a gallery, short enough that a copied link soon stops working. */
export const SIGNED_URL_SECONDS = 300;

export interface ProofFiles {
  signature: string | null;
  photos: string[];
}

/** The file paths a delivery's proof names (signature_url and photo_urls are bucket paths). */
export function proofFiles(proof: unknown): ProofFiles {
  const value = proof && typeof proof === 'object' ? (proof as Record<string, unknown>) : {};
  const signature = typeof value.signature_url === 'string' && value.signature_url !== '' ? value.signature_url : null;
  const photos = Array.isArray(value.photo_urls) ? value.photo_urls.filter((p): p is string => typeof p === 'string' && p !== '') : [];
  return { signature, photos };
}

export interface SignedProofImage {
  key: string;
  label: string;
  url: string;
  fileName: string;
}

function fileNameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1) || path;
}

/** Signed URLs (SIGNED_URL_SECONDS) of a proof's files, signature first; storage refuses what the caller may not read. */
export async function signProofImages(files: ProofFiles, labels: { signature?: string; photo?: string } = {}): Promise<SignedProofImage[]> {
  const entries = [
    ...(files.signature ? [{ path: files.signature, label: labels.signature ?? 'Signature' }] : []),
    ...files.photos.map((path, index) => ({ path, label: `${labels.photo ?? 'Photo'} ${index + 1}` })),
  ];
  if (entries.length === 0) return [];
  const { data, error } = await supabase.storage.from(PROOFS_BUCKET).createSignedUrls(
    entries.map((e) => e.path),
    SIGNED_URL_SECONDS,
  );
  if (error) throw error;
  return entries.map((entry, index) => {
    const signed = data?.[index];
    if (!signed || signed.error || !signed.signedUrl) throw new Error(`The file ${fileNameOf(entry.path)} could not be opened`);
    return { key: entry.path, label: entry.label, url: signed.signedUrl, fileName: fileNameOf(entry.path) };
  });
}

function nameText(name: unknown, fallback: string): string {
  if (typeof name === 'string' && name.trim()) return name;
  if (name && typeof name === 'object') {
    const en = (name as Record<string, unknown>).en;
    if (typeof en === 'string' && en.trim()) return en;
    const first = Object.values(name).find((v): v is string => typeof v === 'string' && v.trim() !== '');
    if (first) return first;
  }
  return fallback;
}

function addressText(address: unknown): string {
  if (!address || typeof address !== 'object') return '';
  const a = address as Record<string, unknown>;
  if (typeof a.full_address === 'string' && a.full_address.trim()) return a.full_address;
  return [a.address_line1, a.city, a.country].filter((p): p is string => typeof p === 'string' && p.trim() !== '').join(', ');
}

/** A fetched image as the PDF can embed it: PNG and JPEG as they are, anything else redrawn as PNG. */
async function embeddable(blob: Blob): Promise<ProofImage | null> {
  const type = blob.type.split(';')[0]?.trim().toLowerCase();
  const bytes = new Uint8Array(await blob.arrayBuffer());
  if (type === 'image/png' || (bytes[0] === 0x89 && bytes[1] === 0x50)) return { bytes, type: 'image/png' };
  if (type === 'image/jpeg' || (bytes[0] === 0xff && bytes[1] === 0xd8)) return { bytes, type: 'image/jpeg' };
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas === 'undefined') return null;
  const bitmap = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  const png = await canvas.convertToBlob({ type: 'image/png' });
  return { bytes: new Uint8Array(await png.arrayBuffer()), type: 'image/png' };
}

async function fetchImage(url: string): Promise<ProofImage | null> {
  try {
    const response = await fetch(url);
    if (!response.ok) return null;
    return await embeddable(await response.blob());
  } catch {
    return null;
  }
}

export class ProofNotFoundError extends Error {
  constructor() {
    super('Delivery not found');
    this.name = 'ProofNotFoundError';
  }
}

/**
 * Everything the proof-of-delivery PDF shows, read as the signed-in user (RLS and storage's
 * policies decide: staff of the tenant and the delivery's customer), images fetched through
 * signed URLs.
 */
export async function loadProofDocument(deliveryId: string): Promise<ProofDocumentData> {
  const { data: delivery, error } = await supabase
    .from('deliveries')
    .select('id, tenant_id, delivery_code, barcode, status, customer_id, driver_id, pickup_address, dropoff_address, delivered_at, proof')
    .eq('id', deliveryId)
    .maybeSingle();
  if (error && error.code !== '22P02') throw error;
  if (!delivery) throw new ProofNotFoundError();

  const people = [delivery.customer_id, delivery.driver_id].filter((id): id is string => Boolean(id));
  const [events, tenant, profiles] = await Promise.all([
    supabase
      .from('delivery_events')
      .select('action, status, occurred_at, seq, actor_name, note, reason')
      .eq('delivery_id', deliveryId)
      .order('occurred_at', { ascending: true })
      .order('seq', { ascending: true }),
    supabase.from('tenants').select('name, slug').eq('id', delivery.tenant_id).maybeSingle(),
    people.length > 0 ? supabase.from('profiles').select('id, full_name').in('id', people) : Promise.resolve({ data: [], error: null }),
  ]);
  if (events.error) throw events.error;
  if (tenant.error) throw tenant.error;
  if (profiles.error) throw profiles.error;
  const nameOf = (id: string | null) => (id ? ((profiles.data ?? []).find((p) => p.id === id)?.full_name ?? null) : null);

  const proof = (delivery.proof ?? {}) as Record<string, unknown>;
  const files = proofFiles(delivery.status === 'delivered' ? proof : {});
  let signed: SignedProofImage[] = [];
  let missing = 0;
  try {
    signed = await signProofImages(files);
  } catch {
    missing = (files.signature ? 1 : 0) + files.photos.length;
  }
  const images = await Promise.all(signed.map((s) => fetchImage(s.url)));
  const signatureImage = files.signature && signed.length > 0 ? images[0] : null;
  const photoImages = images.slice(files.signature && signed.length > 0 ? 1 : 0);
  missing += images.filter((image) => image === null).length;

  const timeline: ProofTimelineEntry[] = (events.data ?? []).map((e) => ({
    at: e.occurred_at,
    title: deliveryEventTitle(e.action, e.status),
    action: e.action,
    status: e.status,
    actor: e.actor_name,
    detail: [e.reason ? `Reason: ${e.reason}` : null, e.note].filter(Boolean).join(' · ') || null,
    reason: e.reason,
    note: e.note,
  }));

  return {
    businessName: nameText(tenant.data?.name, tenant.data?.slug ?? 'Waypost'),
    code: delivery.delivery_code,
    barcode: delivery.barcode ?? delivery.delivery_code,
    statusLabel: statusWords(delivery.status),
    status: delivery.status,
    customerName: nameOf(delivery.customer_id),
    pickup: addressText(delivery.pickup_address),
    dropoff: addressText(delivery.dropoff_address),
    deliveredAt: delivery.delivered_at,
    driverName: nameOf(delivery.driver_id),
    recipientName: typeof proof.recipient_name === 'string' && proof.recipient_name.trim() ? proof.recipient_name : null,
    notes: typeof proof.notes === 'string' && proof.notes.trim() ? proof.notes : null,
    timeline,
    signature: signatureImage ?? null,
    photos: photoImages.filter((image): image is ProofImage => image !== null),
    missingFiles: missing,
    generatedAt: new Date(),
  };
}
