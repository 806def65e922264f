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
const api = await import('../api');

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

  it('says in its preview which orders a wave will split', async () => {
    state.settings = { status: 'ready', settings: readTenantSettings({}) };
    vi.mocked(api.listBatchCandidates).mockResolvedValueOnce([
      { id: 'o1', reference_number: 'ACME-PK00041', external_reference: null, line_count: 3 },
      { id: 'o2', reference_number: 'ACME-PK00042', external_reference: null, line_count: 1 },
    ]);
    vi.mocked(api.buildPickBatch).mockResolvedValue({
      message: null,
      batches: [
        {
          group_label: 'Ambient Storage (Z1)',
          order_count: 2,
          line_count: 3,
          orders: [
            { id: 'o1', reference_number: 'ACME-PK00041', line_count: 2, split_line_count: 1 },
            { id: 'o2', reference_number: 'ACME-PK00042', line_count: 1, split_line_count: 0 },
          ],
        },
      ],
      left_out: [],
    });
    await act(async () => {
      render(
        <ToastProvider>
          <Suspense fallback="loading">
            <BuildBatchDialog open tenantId="t1" warehouseId="w1" onClose={() => undefined} onBuilt={() => undefined} />
          </Suspense>
        </ToastProvider>,
      );
    });
    const splits = await screen.findAllByTestId('batch-preview-split', {}, { timeout: 3000 });
    expect(splits.map((line) => line.textContent)).toEqual(['ACME-PK00041 will be split: 1 line goes to a new pending order']);
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
