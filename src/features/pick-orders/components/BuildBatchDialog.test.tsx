// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as tenantSettings from '../../../lib/tenant-settings';
import { readTenantSettings, type TenantSettingsState } from '../../../lib/tenant-settings';
import { ToastProvider } from '../../../ui/toast';
import { BuildBatchDialog } from './BuildBatchDialog';

const state: { settings: TenantSettingsState } = { settings: { status: 'loading' } };

vi.mock('../../../lib/tenant-settings', async (importOriginal) => ({
  ...(await importOriginal<typeof tenantSettings>()),
  useTenantSettings: () => state.settings,
}));
vi.mock('../api', () => ({ listBatchCandidates: vi.fn(async () => []), buildPickBatch: vi.fn() }));

afterEach(cleanup);

async function renderDialog() {
  await act(async () => {
    render(
      <ToastProvider>
        <Suspense fallback="loading">
          <BuildBatchDialog open tenantId="t1" onClose={() => undefined} onBuilt={() => undefined} />
        </Suspense>
      </ToastProvider>,
    );
  });
}

describe('the build batch dialog', () => {
  it('opens its caps on the tenant\'s defaults', async () => {
    state.settings = { status: 'ready', settings: readTenantSettings({ picking: { max_orders: 6, max_lines: 25 } }) };
    await renderDialog();
    expect(await screen.findByRole('spinbutton', { name: 'Max orders per batch' })).toHaveValue(6);
    expect(screen.getByRole('spinbutton', { name: 'Max lines per batch' })).toHaveValue(25);
  });

  it('waits for the settings, and falls back to the house defaults when they cannot be read', async () => {
    state.settings = { status: 'loading' };
    await renderDialog();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByRole('spinbutton', { name: 'Max orders per batch' })).toBeNull();
    cleanup();
    state.settings = { status: 'failed', error: new Error('offline') };
    await renderDialog();
    expect(await screen.findByRole('spinbutton', { name: 'Max orders per batch' })).toHaveValue(10);
    expect(screen.getByRole('spinbutton', { name: 'Max lines per batch' })).toHaveValue(40);
  });
});
