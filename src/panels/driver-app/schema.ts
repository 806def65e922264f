import { z } from 'zod';
import type { DoorNotes } from './door-notes';

export const PROOF_LEVELS = ['required', 'optional', 'off'] as const;
export type ProofLevel = (typeof PROOF_LEVELS)[number];
export const PROOF_ITEMS = ['signature', 'photo', 'recipient_name', 'notes'] as const;
export type ProofItem = (typeof PROOF_ITEMS)[number];

const level = z.enum(PROOF_LEVELS).catch('optional');

/** get_delivery_settings(): the tenant's proof requirements (merged with the defaults) and failure reasons. */
export const DeliverySettingsSchema = z.object({
  proof: z.object({ signature: level, photo: level, recipient_name: level, notes: level }),
  failure_reasons: z.array(z.string()).min(1),
});
export type DeliverySettings = z.infer<typeof DeliverySettingsSchema>;

/** Package snapshot of a delivery, as the dispatcher entered it. */
export interface PackageItem {
  description?: string;
  quantity?: number;
  weight_kg?: number;
  fragile?: boolean;
  temperature_sensitive?: boolean;
}

export const ACTIVE_STATUSES = ['assigned', 'accepted', 'picked_up', 'in_transit'] as const;
export const DONE_STATUSES = ['delivered', 'failed'] as const;
export type TaskStatus = (typeof ACTIVE_STATUSES)[number] | (typeof DONE_STATUSES)[number];

/** One delivery of the driver, with the offer (pending assignment) when it is still to be answered. */
export interface DriverTask {
  id: string;
  delivery_code: string;
  barcode: string;
  kind: string;
  status: string;
  status_reason: string | null;
  priority: string;
  pickup_address: { full_address?: string; contact_name?: string; contact_phone?: string } & Record<string, unknown>;
  dropoff_address: { full_address?: string; contact_name?: string; contact_phone?: string } & Record<string, unknown>;
  pickup_lat: number;
  pickup_lng: number;
  dropoff_lat: number;
  dropoff_lng: number;
  pickup_window_start: string | null;
  pickup_window_end: string | null;
  dropoff_window_start: string | null;
  dropoff_window_end: string | null;
  packages: PackageItem[];
  package_count: number;
  total_weight_kg: number;
  cod_amount: number;
  currency: string;
  notes: string;
  delivered_at: string | null;
  failed_at: string | null;
  updated_at: string;
  /** When this driver recorded arriving at the pickup / at the drop-off (record_delivery_arrival), if they did. */
  arrived_pickup_at?: string | null;
  arrived_dropoff_at?: string | null;
  /** What the customer asked for at the door (driver_door_notes), read with the work. */
  door_notes?: DoorNotes | null;
  /** The warehouse that has handed this delivery's packages over (a completed handoff), read with the work. */
  packages_ready_warehouse?: string | null;
  /** The pending assignment addressed to this driver, when the delivery is still an offer. */
  offer: { id: string; notes: string | null; assignment_time: string } | null;
}

/** What the deliver sheet holds before it is sent. */
export interface ProofValues {
  signature: Blob | null;
  photos: File[];
  recipientName: string;
  notes: string;
  cashConfirmed: boolean;
}

export type ProofErrors = Partial<Record<'signature' | 'photos' | 'recipientName' | 'notes' | 'cash', string>>;

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_PHOTOS = 10;

/**
 * The proof, failure and rejection forms' messages, in the database's words (English); the sheets show
 * them in the page's language (`useErrorWords`, the catalogue's `error.*`).
 */
export const DRIVER_ERRORS = {
  signature: 'A signature is required',
  photo: 'A photo is required',
  photoCount: `Add at most ${MAX_PHOTOS} photos`,
  photoType: 'Photos must be JPEG, PNG or WebP images',
  photoSize: 'Each photo must be at most 10 MB',
  recipientName: "The recipient's name is required",
  recipientNameLength: 'The name must be at most 200 characters',
  notes: 'Notes are required',
  notesLength: 'Notes must be at most 1000 characters',
  cash: 'Confirm that you collected the cash',
  reason: 'Choose a reason',
  reasonListed: 'Choose one of the reasons listed',
  noteLength: 'The note must be at most 800 characters',
  rejectReason: 'A reason is required',
  rejectReasonLength: 'The reason must be at most 500 characters',
} as const;

/**
 * The proof form's rules, in the database's words (check_delivery_proof, proof_problem): what the
 * tenant requires must be there; what it turned off is not asked for; cash on delivery is confirmed.
 */
export function proofErrors(values: ProofValues, settings: DeliverySettings, codAmount: number): ProofErrors {
  const errors: ProofErrors = {};
  const { proof } = settings;
  if (proof.signature === 'required' && !values.signature) errors.signature = DRIVER_ERRORS.signature;
  if (proof.photo === 'required' && values.photos.length === 0) errors.photos = DRIVER_ERRORS.photo;
  else if (proof.photo !== 'off') {
    if (values.photos.length > MAX_PHOTOS) errors.photos = DRIVER_ERRORS.photoCount;
    else if (values.photos.some((file) => !PHOTO_TYPES.includes(file.type))) errors.photos = DRIVER_ERRORS.photoType;
    else if (values.photos.some((file) => file.size > MAX_PHOTO_BYTES)) errors.photos = DRIVER_ERRORS.photoSize;
  }
  const name = values.recipientName.trim();
  if (proof.recipient_name === 'required' && name === '') errors.recipientName = DRIVER_ERRORS.recipientName;
  else if (name.length > 200) errors.recipientName = DRIVER_ERRORS.recipientNameLength;
  const notes = values.notes.trim();
  if (proof.notes === 'required' && notes === '') errors.notes = DRIVER_ERRORS.notes;
  else if (notes.length > 1000) errors.notes = DRIVER_ERRORS.notesLength;
  if (codAmount > 0 && !values.cashConfirmed) errors.cash = DRIVER_ERRORS.cash;
  return errors;
}

/** Which proof items the form shows: everything the tenant did not turn off. */
export function visibleProofItems(settings: DeliverySettings): ProofItem[] {
  return PROOF_ITEMS.filter((item) => settings.proof[item] !== 'off');
}

export interface FailValues {
  reason: string;
  note: string;
  photo: File | null;
}

export function failErrors(values: FailValues, settings: DeliverySettings): Partial<Record<'reason' | 'note' | 'photo', string>> {
  const errors: Partial<Record<'reason' | 'note' | 'photo', string>> = {};
  if (!values.reason) errors.reason = DRIVER_ERRORS.reason;
  else if (!settings.failure_reasons.includes(values.reason)) errors.reason = DRIVER_ERRORS.reasonListed;
  if (values.note.trim().length > 800) errors.note = DRIVER_ERRORS.noteLength;
  if (values.photo && !PHOTO_TYPES.includes(values.photo.type)) errors.photo = DRIVER_ERRORS.photoType;
  else if (values.photo && values.photo.size > MAX_PHOTO_BYTES) errors.photo = DRIVER_ERRORS.photoSize;
  return errors;
}

export function rejectError(reason: string): string | null {
  const trimmed = reason.trim();
  if (trimmed === '') return DRIVER_ERRORS.rejectReason;
  if (trimmed.length > 500) return DRIVER_ERRORS.rejectReasonLength;
  return null;
}

/** A link that opens the phone's maps app with directions; never fetched by the app. */
export function navigationUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
}

/** The next move of the task flow: what the big button does. */
export function nextStep(status: string): 'picked_up' | 'in_transit' | 'deliver' | null {
  if (status === 'accepted') return 'picked_up';
  if (status === 'picked_up') return 'in_transit';
  if (status === 'in_transit') return 'deliver';
  return null;
}

/** A file name the proofs bucket accepts (`^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$`). */
export function proofFileName(prefix: string, type: string): string {
  const ext = type === 'image/png' ? 'png' : type === 'image/webp' ? 'webp' : 'jpg';
  return `${prefix}-${crypto.randomUUID()}.${ext}`;
}
