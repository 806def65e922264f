// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatusActionDialog } from './StatusActionDialog';

afterEach(cleanup);

function Harness({ onConfirm }: { onConfirm: (note: string) => unknown }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Reject
      </button>
      <StatusActionDialog
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
      </StatusActionDialog>
    </>
  );
}

describe('StatusActionDialog', () => {
  it('keeps the inputs and shows the refusal in place, then closes once the move succeeds', async () => {
    const onConfirm = vi.fn((note: string) => {
      if (!note) throw new Error('Give the reason for rejecting the return');
    });
    render(<Harness onConfirm={onConfirm} />);
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
    render(<Harness onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await screen.findByRole('alertdialog');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
