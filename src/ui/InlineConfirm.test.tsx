// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InlineConfirm } from './InlineConfirm';

afterEach(cleanup);

describe('InlineConfirm', () => {
  it('asks in place with focus on the action, and runs it', async () => {
    const onConfirm = vi.fn();
    render(<InlineConfirm title="Archive this conversation?" message="Nobody can write in it." confirmLabel="Archive" onConfirm={onConfirm} onCancel={vi.fn()} />);
    const question = screen.getByRole('alertdialog', { name: 'Archive this conversation?' });
    expect(question).toHaveTextContent('Nobody can write in it.');
    expect(screen.getByRole('button', { name: 'Archive' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('Escape and Cancel cancel the question', async () => {
    const onCancel = vi.fn();
    render(<InlineConfirm title="Remove Ada?" message="" onConfirm={vi.fn()} onCancel={onCancel} />);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('keeps the question open with the error when the action fails', async () => {
    render(
      <InlineConfirm
        title="Archive this conversation?"
        message=""
        confirmLabel="Archive"
        onConfirm={() => Promise.reject(new Error('Only admins and dispatchers can archive a conversation'))}
        onCancel={vi.fn()}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Archive' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only admins and dispatchers can archive a conversation');
    expect(screen.getByRole('button', { name: 'Archive' })).toBeEnabled();
  });
});
