// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../lib/i18n/catalogue';
import { defineStatuses } from '../lib/status-vocabulary';
import { DialogNote, StatusActions, type StatusActionsRead } from './StatusActions';

afterEach(cleanup);

type Move = 'approved' | 'rejected';
const vocabulary = defineStatuses(['requested', 'approved', 'rejected'], {
  tones: { requested: 'info', approved: 'success', rejected: 'error' },
  labels: { requested: 'Requested', approved: 'Approved', rejected: 'Rejected' },
});
const read: StatusActionsRead<Move, string> = {
  actions: ['approved', 'rejected'],
  events: [{ id: '1', from_status: null, status: 'requested', note: null, actor_name: 'Ana', occurred_at: '2026-11-20T10:00:00Z' }],
  extra: 'Main depot',
};

function Panel({ load, move = vi.fn(() => Promise.resolve()) }: { load: () => Promise<StatusActionsRead<Move, string>>; move?: (d: { action: Move; note: string }) => Promise<void> }) {
  return (
    <StatusActions<Move, { action: Move; note: string }, string>
      loadKey="r1:requested"
      load={load}
      code="ACME-R00001"
      labels={{ approved: 'Approve', rejected: 'Reject' }}
      messages={{ approved: 'The customer is told.', rejected: 'The request is closed.' }}
      idle="Nothing to do now."
      secondary="rejected"
      destructive="rejected"
      history={{ vocabulary, createdLabel: 'Requested' }}
      start={(action) => ({ action, note: '' })}
      fields={(dialog, set, extra) => (
        <>
          <p>To {extra}</p>
          <DialogNote label="Note" required={dialog.action === 'rejected'} rows={3} maxLength={1000} value={dialog.note} onChange={(note) => set({ ...dialog, note })} />
        </>
      )}
      move={move}
    />
  );
}

describe('StatusActions', () => {
  it('says loading, then offers the allowed moves and the history', async () => {
    render(<Panel load={() => Promise.resolve(read)} />);
    expect(within(screen.getByRole('region', { name: 'Actions' })).getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'History' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('says when no move is allowed, and when the read failed', async () => {
    render(<Panel load={() => Promise.resolve({ ...read, actions: [] })} />);
    expect(await screen.findByText('Nothing to do now.')).toBeInTheDocument();
    cleanup();
    render(<Panel load={() => Promise.reject(new Error('down'))} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The actions and history could not be loaded. Reload the page to try again.');
    expect(screen.queryByRole('region', { name: 'History' })).not.toBeInTheDocument();
  });

  it('confirms a move in a dialog with its fields and hands the dialog’s state to move', async () => {
    const move = vi.fn(() => Promise.resolve());
    render(<Panel load={() => Promise.resolve(read)} move={move} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reject ACME-R00001?' });
    expect(dialog).toHaveTextContent('The request is closed.');
    expect(dialog).toHaveTextContent('To Main depot');
    fireEvent.change(within(dialog).getByLabelText(/Note/), { target: { value: 'Out of window' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(move).toHaveBeenCalledWith({ action: 'rejected', note: 'Out of window' }));
  });
});

describe('StatusActions in Spanish', () => {
  afterEach(async () => {
    await act(() => applyLanguage('en'));
  });

  it('says its own words from the kit’s catalogue', async () => {
    await act(() => applyLanguage('es'));
    await act(async () => {
      render(
        <Suspense fallback="loading">
          <Panel load={() => Promise.resolve(read)} />
        </Suspense>,
      );
    });
    const reject = await screen.findByRole('button', { name: 'Reject' });
    expect(screen.getByRole('region', { name: 'Acciones' })).toBeInTheDocument();
    fireEvent.click(reject);
    expect(await screen.findByRole('alertdialog', { name: '¿Reject ACME-R00001?' })).toBeInTheDocument();
  });
});
