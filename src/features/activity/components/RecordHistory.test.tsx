// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../../test/deferred';
import { ToastProvider } from '../../../ui/toast';
import type { AuditEntry } from '../schema';

const listRecordHistory = vi.fn();
vi.mock('../api', () => ({ listRecordHistory: (...args: unknown[]) => listRecordHistory(...args) }));
vi.mock('../../../lib/tenant', () => ({ useTenantId: () => 'tenant-1' }));

const { RecordHistory } = await import('./RecordHistory');

function entry(id: string, patch: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    tenant_id: 'tenant-1',
    actor_id: 'u1',
    actor_name: 'Ada Admin',
    table_name: 'vehicles',
    row_id: 'v1',
    action: 'update',
    changed_columns: ['capacity_unit'],
    old_values: { capacity_unit: 40 },
    new_values: { capacity_unit: 45 },
    created_at: '2026-11-20T10:00:00Z',
    ...patch,
  };
}

const show = () =>
  render(
    <ToastProvider>
      <RecordHistory tableName="vehicles" rowId="v1" />
    </ToastProvider>,
  );

// A block body: a function beforeEach returns runs as its cleanup, and mockReset returns the mock.
beforeEach(() => {
  listRecordHistory.mockReset();
});
afterEach(cleanup);

describe('RecordHistory', () => {
  it('shows skeletons while loading, then the entries newest first with each field before -> after', async () => {
    let resolve!: (value: unknown) => void;
    listRecordHistory.mockReturnValue(new Promise((r) => (resolve = r)));
    show();
    expect(screen.getByLabelText('Loading history')).toHaveAttribute('aria-busy', 'true');
    expect(listRecordHistory).toHaveBeenCalledWith('tenant-1', 'vehicles', 'v1', expect.objectContaining({ signal: expect.any(AbortSignal) }));

    resolve({
      entries: [
        entry('e2'),
        entry('e1', { action: 'insert', actor_name: null, actor_id: null, changed_columns: ['name'], old_values: null, new_values: { name: 'City Van 1' }, created_at: '2026-11-01T10:00:00Z' }),
      ],
      more: false,
    });
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Updated');
    expect(items[0]).toHaveTextContent('Ada Admin');
    const row = within(items[0]!).getByRole('row', { name: /Capacity unit/ });
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['40', '45']);
    expect(items[1]).toHaveTextContent('Created');
    expect(items[1]).toHaveTextContent('System');
    expect(within(items[1]!).queryByRole('columnheader', { name: 'Before' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older changes' })).not.toBeInTheDocument();
  });

  it('says so when the record has no history', async () => {
    listRecordHistory.mockResolvedValue({ entries: [], more: false });
    show();
    expect(await screen.findByText('No history yet')).toBeInTheDocument();
  });

  it('shows an error with Retry, which loads again', async () => {
    listRecordHistory.mockRejectedValueOnce(new Error('boom')).mockResolvedValueOnce({ entries: [entry('e1')], more: false });
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the history');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('listitem')).toHaveLength(1);
    expect(listRecordHistory).toHaveBeenCalledTimes(2);
  });

  it('pages back through older entries', async () => {
    listRecordHistory
      .mockResolvedValueOnce({ entries: [entry('e2', { created_at: '2026-11-20T10:00:00Z' })], more: true })
      .mockResolvedValueOnce({ entries: [entry('e1', { created_at: '2026-11-10T10:00:00Z' })], more: false });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Show older changes' }));
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
    expect(listRecordHistory).toHaveBeenLastCalledWith('tenant-1', 'vehicles', 'v1', { before: '2026-11-20T10:00:00Z' });
    expect(screen.queryByRole('button', { name: 'Show older changes' })).not.toBeInTheDocument();
  });

  it('shows the record now on screen when the previous record’s slow answer arrives after it', async () => {
    const answers = { v1: deferred<unknown>(), v2: deferred<unknown>() };
    const signals: Record<string, AbortSignal> = {};
    listRecordHistory.mockImplementation((_tenant: string, _table: string, rowId: 'v1' | 'v2', { signal }: { signal: AbortSignal }) => {
      signals[rowId] = signal;
      return answers[rowId].promise;
    });
    const view = show();
    view.rerender(
      <ToastProvider>
        <RecordHistory tableName="vehicles" rowId="v2" />
      </ToastProvider>,
    );
    expect(signals.v1?.aborted).toBe(true);
    await act(async () => answers.v2.resolve({ entries: [entry('second', { actor_name: 'Second Record' })], more: false }));
    await act(async () => answers.v1.resolve({ entries: [entry('first', { actor_name: 'First Record' })], more: false }));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('listitem')).toHaveTextContent('Second Record');
  });

  it('drops older entries of a record the screen has left', async () => {
    const older = deferred<unknown>();
    listRecordHistory
      .mockResolvedValueOnce({ entries: [entry('v1-new', { actor_name: 'First Record' })], more: true })
      .mockReturnValueOnce(older.promise)
      .mockResolvedValueOnce({ entries: [entry('v2-new', { actor_name: 'Second Record' })], more: false });
    const view = show();
    await userEvent.click(await screen.findByRole('button', { name: 'Show older changes' }));
    view.rerender(
      <ToastProvider>
        <RecordHistory tableName="vehicles" rowId="v2" />
      </ToastProvider>,
    );
    expect(await screen.findByText('Second Record')).toBeInTheDocument();
    await act(async () => older.resolve({ entries: [entry('v1-old', { actor_name: 'First Record' })], more: false }));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByText('First Record')).not.toBeInTheDocument();
  });
});
