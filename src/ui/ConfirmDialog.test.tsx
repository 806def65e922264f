// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';

afterEach(cleanup);

function Harness({ onConfirm }: { onConfirm: () => unknown }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Revoke key
      </button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Revoke API key?"
        message="Apps using this key stop working at once."
        confirmLabel="Revoke"
        destructive
        onConfirm={onConfirm}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('runs the async confirm with a pending state, then closes', async () => {
    let finish: () => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Harness onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Revoke key' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke API key?' });
    expect(dialog).toHaveAccessibleDescription('Apps using this key stop working at once.');
    await userEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Revoke' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Revoke' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();

    // Escape does nothing while the action runs.
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();

    finish();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('closes on Cancel and on Escape without confirming', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Revoke key' }));
    await screen.findByRole('alertdialog');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Revoke key' }));
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('stays open with the message when the action fails', async () => {
    render(<Harness onConfirm={() => Promise.reject(new Error('Failed to revoke API key'))} />);
    await userEvent.click(screen.getByRole('button', { name: 'Revoke key' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to revoke API key');
    expect(screen.getByRole('button', { name: 'Revoke' })).toBeEnabled();
  });
});

function ReasonHarness({ onConfirm }: { onConfirm: (note: string) => unknown }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Reject
      </button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Reject ACME-R00001?"
        message="The request is closed without a return."
        confirmLabel="Reject request"
        destructive
        onConfirm={() => onConfirm(note)}
      >
        <label>
          Reason for rejecting
          <textarea value={note} onChange={(event) => setNote(event.target.value)} />
        </label>
      </ConfirmDialog>
    </>
  );
}

describe('ConfirmDialog with inputs (a status move that needs a reason)', () => {
  it('keeps the inputs and shows the refusal in place, then closes once the move succeeds', async () => {
    const onConfirm = vi.fn((note: string) => {
      if (!note) throw new Error('Give the reason for rejecting the return');
    });
    render(<ReasonHarness onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reject ACME-R00001?' });
    expect(dialog).toHaveAccessibleDescription('The request is closed without a return.');

    await userEvent.click(screen.getByRole('button', { name: 'Reject request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Give the reason for rejecting the return');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Reason for rejecting'), 'Outside the window');
    await userEvent.click(screen.getByRole('button', { name: 'Reject request' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(onConfirm).toHaveBeenLastCalledWith('Outside the window');
  });

  it('Cancel closes without the move', async () => {
    const onConfirm = vi.fn();
    render(<ReasonHarness onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await screen.findByRole('alertdialog');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
