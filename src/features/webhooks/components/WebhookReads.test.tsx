// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, type Deferred } from '../../../test/deferred';
import { ToastProvider } from '../../../ui/toast';
import type { WebhookDelivery, WebhookEntry } from '../schema';

const reads = vi.hoisted(() => ({ entries: new Map<string, unknown>(), logs: [] as unknown[] }));
vi.mock('../api', () => ({
  fetchUserWebhooks: vi.fn((userId: string) => (reads.entries.get(userId) as Deferred<WebhookEntry[]>).promise),
  fetchDeliveryLog: vi.fn(() => {
    const read = deferred<WebhookDelivery[]>();
    reads.logs.push(read);
    return read.promise;
  }),
  replayDelivery: vi.fn(),
  testWebhook: vi.fn(),
  saveWebhook: vi.fn(),
  rotateSigningSecret: vi.fn(),
}));

const { UserWebhooksTab } = await import('./UserWebhooksTab');
const { WebhookDeliveryLog } = await import('./WebhookDeliveryLog');

afterEach(() => {
  cleanup();
  reads.entries.clear();
  reads.logs.length = 0;
});

const entry = (moduleName: string): WebhookEntry => ({
  id: 's1',
  module_id: moduleName.toLowerCase(),
  module_name: moduleName,
  event_types: [],
  user_id: 'u1',
  webhook_url: 'https://shop.example/hooks',
  secret_header_key: null,
  secret_header_value: null,
  is_active: true,
  disabled_reason: null,
});

const delivery = (eventType: string): WebhookDelivery => ({
  id: eventType,
  event_type: eventType,
  message_id: `msg_${eventType}`,
  status: 'succeeded',
  attempt_count: 1,
  last_status_code: 200,
  last_error: null,
  next_attempt_at: null,
  created_at: '2026-11-21T10:00:00Z',
  webhook_attempts: [],
});

function wrap(node: React.ReactNode) {
  return (
    <ToastProvider>
      <Suspense fallback="loading">{node}</Suspense>
    </ToastProvider>
  );
}

describe('the webhook reads drop a stale answer', () => {
  it('UserWebhooksTab: the cards of the user in view, not of the user the page left', async () => {
    reads.entries.set('u1', deferred<WebhookEntry[]>());
    reads.entries.set('u2', deferred<WebhookEntry[]>());
    const { rerender } = render(wrap(<UserWebhooksTab userId="u1" />));
    rerender(wrap(<UserWebhooksTab userId="u2" />));
    await act(async () => (reads.entries.get('u2') as Deferred<WebhookEntry[]>).resolve([entry('Fast module')]));
    expect(await screen.findByText('Fast module')).toBeInTheDocument();
    await act(async () => (reads.entries.get('u1') as Deferred<WebhookEntry[]>).resolve([entry('Slow module')]));
    expect(screen.queryByText('Slow module')).not.toBeInTheDocument();
    expect(screen.getByText('Fast module')).toBeInTheDocument();
  });

  it('WebhookDeliveryLog: the newest refresh wins over a slower earlier one', async () => {
    render(wrap(<WebhookDeliveryLog subscriptionId="s1" />));
    await act(async () => (reads.logs[0] as Deferred<WebhookDelivery[]>).resolve([delivery('first.read')]));
    expect(await screen.findByText('first.read')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(reads.logs).toHaveLength(3);
    await act(async () => (reads.logs[2] as Deferred<WebhookDelivery[]>).resolve([delivery('newest.read')]));
    expect(await screen.findByText('newest.read')).toBeInTheDocument();
    await act(async () => (reads.logs[1] as Deferred<WebhookDelivery[]>).resolve([delivery('slow.read')]));
    expect(screen.queryByText('slow.read')).not.toBeInTheDocument();
    expect(screen.getByText('newest.read')).toBeInTheDocument();
  });
});
