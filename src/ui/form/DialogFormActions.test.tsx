// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { deferred } from '../../test/deferred';
import { ToastProvider } from '../toast';
import { DialogFormActions, Form, useZodForm } from './index';

afterEach(cleanup);

const Schema = z.object({ name: z.string() });

function DialogForm({ onSubmit, onCancel, cancelLabel }: { onSubmit: () => Promise<void>; onCancel: () => void; cancelLabel?: string }) {
  const form = useZodForm(Schema, { defaultValues: { name: '' } });
  return (
    <ToastProvider>
      <Form form={form} onSubmit={onSubmit}>
        <DialogFormActions submitLabel="Send invite" onCancel={onCancel} cancelLabel={cancelLabel} />
      </Form>
    </ToastProvider>
  );
}

describe('DialogFormActions', () => {
  it("offers the kit's Cancel and the submit; Cancel closes", async () => {
    const onCancel = vi.fn();
    render(<DialogForm onSubmit={async () => {}} onCancel={onCancel} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Send invite' })).toHaveAttribute('type', 'submit');
  });

  it('disables Cancel while the submit runs, and takes the dialog’s own word for it', async () => {
    const saving = deferred<void>();
    render(<DialogForm onSubmit={() => saving.promise} onCancel={() => {}} cancelLabel="Keep it" />);
    await userEvent.click(screen.getByRole('button', { name: 'Send invite' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Keep it' })).toBeDisabled());
    saving.resolve();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Keep it' })).toBeEnabled());
  });
});
