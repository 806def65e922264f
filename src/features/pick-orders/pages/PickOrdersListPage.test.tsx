// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import { expectLiveListFollows, warehouseLive } from '../../../test/warehouse-live';
import { listPickOrders } from '../api';
import { pickOrderList } from '../list';
import type { PickOrderRow } from '../schema';
import { PickOrdersListPage } from './PickOrdersListPage';
import { cleanupInEnglish } from '../../../test/render-page';

const rows: PickOrderRow[] = [
  {
    id: 'p1',
    warehouse_id: 'w1',
    reference_number: 'ACME-PK00041',
    external_reference: null,
    order_type: 'batch',
    priority: 3,
    status: 'pending',
    assigned_to: null,
    assigned_to_name: null,
    due_date: '2026-12-24',
    warehouse_name: 'Main depot',
    warehouse_code: 'MAIN',
    line_count: 2,
    total_items: 1200,
    picked_items: 0,
    created_at: '2026-11-21T10:00:00Z',
    batch_reference: 'ACME-PK00050',
  },
];

vi.mock('../../../lib/tenant', () => ({ useTenantId: () => 't1' }));
vi.mock('../api', () => ({ listPickOrders: vi.fn(async () => ({ rows, total: rows.length })) }));
vi.mock('../../../data/warehouse-live', () => import('../../../test/warehouse-live'));
vi.mock('../components/BuildBatchDialog', () => ({ BuildBatchDialog: () => null }));

afterEach(cleanupInEnglish);

async function renderList() {
  const location = memoryLocation({ path: '/pick-orders' });
  await act(async () => {
    render(
      <Router hook={location.hook}>
        <Suspense fallback="loading">
          <PickOrdersListPage />
        </Suspense>
      </Router>,
    );
  });
  await screen.findByText('ACME-PK00041', undefined, { timeout: 5000 });
}

/** The list's English words (Type and Individual are French too). */
const ENGLISH = ['Picking Orders', 'Dashboard', 'Warehousing', 'Reference', 'Warehouse', 'Priority', 'Status', 'Picked', 'Assigned to', 'Due date', 'Batch', 'Pending', 'Add Pick Order', 'Search reference', 'Dec'];

describe('the pick orders’ list', () => {
  it('stays live on its warehouses’ pick orders: the topics’ state shows, a change reads the page again, a deleted order leaves it', async () => {
    expect(warehouseLive.made).toContainEqual({ list: pickOrderList, tables: ['pick_orders'] });
    await expectLiveListFollows({ render: renderList, fetch: vi.mocked(listPickOrders), deletedId: 'p1', goneText: 'ACME-PK00041' });
  });
  it('keeps the spec’s English', async () => {
    await renderList();
    expect(screen.getByRole('heading', { name: 'Picking Orders' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Due date/ })).toBeInTheDocument();
    expect(screen.getByText('Batch · ACME-PK00050')).toBeInTheDocument();
    expect(screen.getByText('0 / 1,200')).toBeInTheDocument();
    expect(screen.getByText('Dec 24, 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Pick Order' })).toBeInTheDocument();
  });

  it.each([
    ['es', ['Órdenes de preparación', 'Fecha límite', 'Lote · ACME-PK00050', 'Añadir orden de preparación', '0 / 1200', '24 dic 2026']],
    ['fr', ['Ordres de préparation', 'Échéance', 'Lot · ACME-PK00050', 'Ajouter un ordre de préparation', '24 déc. 2026']],
  ] as const)('speaks %s with no English left', async (language, words) => {
    await act(() => applyLanguage(language));
    await renderList();
    const text = `${document.body.textContent ?? ''} ${[...document.querySelectorAll('input')].map((input) => input.placeholder).join(' ')}`;
    for (const word of words) expect(text).toContain(word);
    for (const word of ENGLISH) expect(text).not.toMatch(new RegExp(`\\b${word}\\b`));
  });
});
