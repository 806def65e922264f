// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ToastProvider } from '../toast';
import { FileField, Form, SubmitButton, useZodForm, type FileValue } from './index';

afterEach(cleanup);

const Schema = z.object({ image: z.custom<FileValue | null>() });
type Input = z.input<typeof Schema>;
const messages = { type: 'Only jpeg, jpg, png and gif images are allowed', size: 'The image must be 3 MB or smaller', count: 'Choose one image' };

function ImageForm({ onSubmit, initial = null }: { onSubmit: (values: Input) => void; initial?: FileValue | null }) {
  const form = useZodForm(Schema, { defaultValues: { image: initial } });
  return (
    <ToastProvider>
      <Form form={form} onSubmit={onSubmit}>
        <FileField<Input, 'image'> name="image" label="Image" accept={['jpeg', 'jpg', 'png', 'gif']} maxBytes={3 * 1024 * 1024} messages={messages} />
        <SubmitButton>Save</SubmitButton>
      </Form>
    </ToastProvider>
  );
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const file = (name: string, content: number[], size = content.length, type = '') => {
  const body = new Uint8Array(size);
  body.set(content);
  return new File([body], name, { type });
};
// Dropping the accept filter, as a user can with "All files" in the picker.
const user = () => userEvent.setup({ applyAccept: false });

describe('FileField', () => {
  it('offers the allowed types to the picker', () => {
    render(<ImageForm onSubmit={() => {}} />);
    expect(screen.getByLabelText('Image')).toHaveAttribute('accept', '.jpeg,image/jpeg,.jpg,.png,image/png,.gif,image/gif');
  });

  it('takes a real image and shows its name', async () => {
    const onSubmit = vi.fn();
    render(<ImageForm onSubmit={onSubmit} />);
    const truck = file('truck.png', PNG, 1024, 'image/png');
    await user().upload(screen.getByLabelText('Image'), truck);
    expect(await screen.findByText('truck.png')).toBeInTheDocument();
    expect(screen.getByLabelText('Image')).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ image: truck }));
  });

  it('refuses an extension not allowed', async () => {
    render(<ImageForm onSubmit={() => {}} />);
    await user().upload(screen.getByLabelText('Image'), file('manual.pdf', [0x25, 0x50, 0x44, 0x46], 10, 'application/pdf'));
    expect(await screen.findByText(messages.type)).toBeInTheDocument();
    expect(screen.getByLabelText('Image')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('manual.pdf')).not.toBeInTheDocument();
  });

  it('refuses a file whose bytes are not what its name says', async () => {
    render(<ImageForm onSubmit={() => {}} />);
    await user().upload(screen.getByLabelText('Image'), file('payload.png', [0x4d, 0x5a, 0x90, 0x00], 64, 'image/png'));
    expect(await screen.findByText(messages.type)).toBeInTheDocument();
    expect(screen.queryByText('payload.png')).not.toBeInTheDocument();
  });

  it('refuses a file over the size limit', async () => {
    render(<ImageForm onSubmit={() => {}} />);
    await user().upload(screen.getByLabelText('Image'), file('huge.png', PNG, 3 * 1024 * 1024 + 1, 'image/png'));
    expect(await screen.findByText(messages.size)).toBeInTheDocument();
  });

  it('shows a stored image by its name on edit, and can remove it', async () => {
    const onSubmit = vi.fn();
    render(<ImageForm onSubmit={onSubmit} initial="https://example.test/storage/v1/object/public/tenants/t1/truck%207.png" />);
    expect(screen.getByText('truck 7.png')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove truck 7.png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ image: null }));
  });
});
