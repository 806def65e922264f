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
