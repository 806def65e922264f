import { describe, expect, it } from 'vitest';
import { configOf, DISABLED_REASONS, disabledReasonOf, endpointOf, isValidWebhookUrl, webhookEntrySchema, type WebhookEntry } from './schema';

const unconfigured: WebhookEntry = {
  module_id: 'deliveries',
  module_name: 'Deliveries',
  event_types: ['delivery.created'],
  user_id: 'u1',
  webhook_url: '',
  secret_header_key: null,
  secret_header_value: null,
  is_active: false,
  disabled_reason: null,
};

describe('webhook card config', () => {
  it('accepts absolute http(s) URLs only', () => {
    expect(isValidWebhookUrl('https://shop.example/hooks')).toBe(true);
    expect(isValidWebhookUrl('http://127.0.0.1:8080/x')).toBe(true);
    for (const bad of ['', 'shop.example/hooks', 'ftp://shop.example', 'https://shop example.com', 'javascript:alert(1)']) expect(isValidWebhookUrl(bad), bad).toBe(false);
  });

  it('sends the auth header only when authentication is on', () => {
    const config = { ...configOf(unconfigured), webhook_url: ' https://shop.example/hooks ', secret_header_key: 'Authorization', secret_header_value: 'Bearer x' };
    expect(endpointOf({ ...config, use_auth: false })).toEqual({ webhook_url: 'https://shop.example/hooks', secret_header_key: null, secret_header_value: null });
    expect(endpointOf({ ...config, use_auth: true })).toEqual({ webhook_url: 'https://shop.example/hooks', secret_header_key: 'Authorization', secret_header_value: 'Bearer x' });
  });

  it('reads a saved entry back as the card\'s config', () => {
    expect(configOf({ ...unconfigured, id: 's1', webhook_url: 'https://a.example', secret_header_key: 'X-Key', secret_header_value: 'v' })).toEqual({
      webhook_url: 'https://a.example',
      use_auth: true,
      secret_header_key: 'X-Key',
      secret_header_value: 'v',
    });
  });

  it('knows why the dispatcher turned a saved webhook off, and says nothing of one that is on, new or turned off by a person', () => {
    const saved = { ...unconfigured, id: 's1' };
    expect(disabledReasonOf({ ...saved, disabled_reason: DISABLED_REASONS.gone })).toBe('gone');
    expect(disabledReasonOf({ ...saved, disabled_reason: DISABLED_REASONS.failing })).toBe('failing');
    expect(disabledReasonOf({ ...saved, disabled_reason: 'Blocked by the address guard' })).toEqual({ other: 'Blocked by the address guard' });
    expect(disabledReasonOf({ ...saved, disabled_reason: null })).toBeNull();
    expect(disabledReasonOf({ ...saved, is_active: true, disabled_reason: DISABLED_REASONS.gone })).toBeNull();
    expect(disabledReasonOf({ ...unconfigured, disabled_reason: DISABLED_REASONS.gone })).toBeNull();
  });

  it('reads an entry without a reason (a module not configured) as having none', () => {
    const { disabled_reason: _omitted, ...withoutReason } = unconfigured;
    expect(webhookEntrySchema.parse(withoutReason).disabled_reason).toBeNull();
  });
});
