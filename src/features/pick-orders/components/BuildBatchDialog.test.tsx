// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import type * as tenantSettings from '../../../lib/tenant-settings';
import { readTenantSettings, type TenantSettingsState } from '../../../lib/tenant-settings';
import { ToastProvider } from '../../../ui/toast';
import { buildPickBatch, listBatchCandidates } from '../api';
import type { BatchCandidate, BuildBatchArgs, BuildBatchResult } from '../batch';
import { BuildBatchDialog } from './BuildBatchDialog';
import { deferred } from '../../../test/deferred';

const state: { settings: TenantSettingsState } = { settings: { status: 'loading' } };

vi.mock('../../../lib/tenant-settings', async (importOriginal) => ({
  ...(await importOriginal<typeof tenantSettings>()),
  useTenantSettings: () => state.settings,
}));
vi.mock('../api', () => ({ listBatchCandidates: vi.fn(async () => []), buildPickBatch: vi.fn() }));
vi.mock('../../../data/warehouses', () => ({
  warehouseLookup: () => ({
    search: async () => [
      { value: 'w1', label: 'North' },
      { value: 'w2', label: 'South' },
    ],
    resolveLabel: async (id: string) => ({ w1: 'North', w2: 'South' })[id] ?? null,
  }),
}));
const api = await import('../api');

afterEach(cleanup);

async function renderDialog(warehouseId?: string) {
  await act(async () => {
    render(
      <ToastProvider>
        <Suspense fallback="loading">
          <BuildBatchDialog open tenantId="t1" warehouseId={warehouseId} onClose={() => undefined} onBuilt={() => undefined} />
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

  it("says why an order is left out in the page's language, by the reason's key", async () => {
    state.settings = { status: 'ready', settings: readTenantSettings({}) };
    vi.mocked(api.listBatchCandidates).mockResolvedValue([{ id: 'o4', reference_number: 'ACME-PK00044', external_reference: null, line_count: 41 }]);
    vi.mocked(api.buildPickBatch).mockResolvedValue({
      message: null,
      batches: [],
      left_out: [{ id: 'o4', reference_number: 'ACME-PK00044', reason: '41 lines: more than the cap of 40', key: 'pick.lines_over_cap', params: { lines: 41, max: 40 } }],
    });
    await act(() => applyLanguage('fr'));
    try {
      await renderDialog('w1');
      expect(await screen.findByText('Exclu : ACME-PK00044 (41 lignes : plus que le maximum de 40)', {}, { timeout: 3000 })).toBeInTheDocument();
    } finally {
      await act(() => applyLanguage('en'));
      vi.mocked(api.listBatchCandidates).mockResolvedValue([]);
    }
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

const candidate = (id: string, lines = 2): BatchCandidate => ({ id, reference_number: id.toUpperCase(), external_reference: null, line_count: lines });
const plan = (orders: number, lines: number): BuildBatchResult => ({
  message: null,
  batches: [{ group_label: 'Zone A', order_count: orders, line_count: lines, orders: [] }],
  left_out: [],
});

describe('the build batch dialog’s reads', () => {
  it('shows the orders of the warehouse chosen last, even when the one before answers later', async () => {
    state.settings = { status: 'ready', settings: readTenantSettings({}) };
    const answers = new Map<string, ReturnType<typeof deferred<BatchCandidate[]>>>();
    vi.mocked(listBatchCandidates).mockImplementation((_tenant, warehouse) => {
      const answer = deferred<BatchCandidate[]>();
      answers.set(warehouse, answer);
      return answer.promise;
    });
    vi.mocked(buildPickBatch).mockImplementation(() => new Promise(() => undefined));
    await renderDialog('w1');
    expect(await screen.findByText('Loading pending orders…')).toBeInTheDocument();
    const input = screen.getByRole('combobox', { name: /Warehouse/ });
    await userEvent.clear(input);
    await userEvent.type(input, 'sou');
    await userEvent.click(await screen.findByRole('option', { name: 'South' }));
    await waitFor(() => expect(answers.has('w2')).toBe(true));
    await act(async () => answers.get('w2')!.resolve([candidate('south-1')]));
    await act(async () => answers.get('w1')!.resolve([candidate('north-1'), candidate('north-2')]));
    expect(screen.getByRole('checkbox', { name: /SOUTH-1/ })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /NORTH-1/ })).toBeNull();
    expect(screen.queryByText('Loading pending orders…')).toBeNull();
  });

  it('previews the values asked last, even when the plan for the ones before answers later', async () => {
    state.settings = { status: 'ready', settings: readTenantSettings({}) };
    vi.mocked(listBatchCandidates).mockImplementation(async () => [candidate('o-1', 3)]);
    const plans = new Map<number, ReturnType<typeof deferred<BuildBatchResult>>>();
    vi.mocked(buildPickBatch).mockImplementation((args: BuildBatchArgs) => {
      const answer = deferred<BuildBatchResult>();
      plans.set(args.max_orders, answer);
      return answer.promise;
    });
    await renderDialog('w1');
    await waitFor(() => expect(plans.has(10)).toBe(true));
    expect(screen.getByText('Working out the batches…')).toBeInTheDocument();
    const maxOrders = screen.getByRole('spinbutton', { name: 'Max orders per batch' });
    await userEvent.clear(maxOrders);
    await userEvent.type(maxOrders, '5');
    await waitFor(() => expect(plans.has(5)).toBe(true));
    await act(async () => plans.get(5)!.resolve(plan(1, 3)));
    await act(async () => plans.get(10)!.resolve(plan(7, 70)));
    expect(screen.getByTestId('batch-preview-summary')).toHaveTextContent('1 batch of 1 order, 3 lines');
  });
});
