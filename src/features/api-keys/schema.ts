import { z } from 'zod';
import { toLocalInput } from '../../lib/form-schema';
import { nullableText } from '../../lib/row-schema';

/** An API key as the screens show it: never the key itself, which is answered once when generated. */
export const apiKeySchema = z.object({
  id: z.string(),
  tenant_id: z.string(),
  user_id: nullableText,
  name: z.string(),
  description: z.string(),
  key_prefix: z.string(),
  expires_at: nullableText,
  is_active: z.boolean(),
  last_used_at: nullableText,
  created_at: z.string(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The longest name and description a key may have (the api-keys function holds the same limits). */
export const API_KEY_LIMITS = { name: 100, description: 500 } as const;

/** The spec's messages; a server's own message is preferred where it gives one. */
export const API_KEY_MESSAGES = {
  generateFailed: 'Failed to generate API key',
  updateFailed: 'Failed to update API key',
  revokeFailed: 'Failed to revoke API key',
  generated: 'API key generated successfully',
  updated: 'API key updated',
  revoked: 'API key revoked successfully',
  copyFailed: 'Could not copy the key: select it and copy it yourself',
  nameRequired: 'Name is required',
  expiryInPast: 'Expiry cannot be earlier than now',
  nameLength: `Name must be at most ${API_KEY_LIMITS.name} characters`,
  descriptionLength: `Description must be at most ${API_KEY_LIMITS.description} characters`,
} as const;

/** How long 'Copied' shows after the key is copied. */
export const COPY_CONFIRMATION_MS = 3000;

/**
 * The generate/edit dialog. Expiry is the datetime-local text ('' for a key that never expires),
 * never earlier than now; the active switch exists only when editing.
 */
export function apiKeyFormSchema(now: () => Date = () => new Date()) {
  return z.object({
    name: z.string().trim().min(1, API_KEY_MESSAGES.nameRequired).max(API_KEY_LIMITS.name, API_KEY_MESSAGES.nameLength),
    description: z.string().trim().max(API_KEY_LIMITS.description, API_KEY_MESSAGES.descriptionLength),
    expires_at: z.string().refine((value) => value === '' || (!Number.isNaN(Date.parse(value)) && new Date(value).getTime() >= now().getTime()), API_KEY_MESSAGES.expiryInPast),
    is_active: z.boolean(),
  });
}
export type ApiKeyFormInput = z.input<ReturnType<typeof apiKeyFormSchema>>;
export type ApiKeyFormValues = z.output<ReturnType<typeof apiKeyFormSchema>>;

/** The expiry as the dialog's datetime-local input holds it. */
export { toLocalInput };

/** The form's expiry as the API takes it: ISO, or null for never. */
export function toIsoExpiry(value: string): string | null {
  return value === '' ? null : new Date(value).toISOString();
}
