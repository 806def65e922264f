// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Form, SignatureField, SubmitButton, useZodForm } from './form';
import { SignaturePad } from './SignaturePad';
import { ToastProvider } from './toast';

// jsdom draws nothing: signature_pad (the real one) gets a 2D context that accepts every call, and
// the canvas hands over a fixed PNG. Real drawing is proven in Chromium (tests/e2e/driver-app.spec.ts).
const PNG_BYTES = [0x89, 0x50, 0x4e, 0x47];
/** A PNG's bytes (null for no PNG). */
async function pngBytes(blob: Blob | null | undefined): Promise<number[] | null> {
  if (!blob) return null;
  expect(blob.type).toBe('image/png');
  return [...new Uint8Array(await blob.arrayBuffer())];
}
/** The PNG the pad handed over last, as bytes: read at once, as a submit right after would. */
const lastPng = (onChange: ReturnType<typeof vi.fn>) => pngBytes(onChange.mock.lastCall?.[0] as Blob | null | undefined);
beforeEach(() => {
  const context = new Proxy({}, { get: () => () => undefined, set: () => true });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as CanvasRenderingContext2D);
  // The PNG's first bytes (\x89PNG), as a data URL.
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(() => 'data:image/png;base64,iVBORw==');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** One stroke across the pad with the mouse, as signature_pad listens for it (pointer events). */
function drawStroke(pad: HTMLElement) {
  fireEvent.pointerDown(pad, { pointerId: 1, buttons: 1, clientX: 10, clientY: 10 });
  fireEvent.pointerMove(window, { pointerId: 1, buttons: 1, clientX: 60, clientY: 30 });
  fireEvent.pointerMove(window, { pointerId: 1, buttons: 1, clientX: 120, clientY: 20 });
  fireEvent.pointerUp(window, { pointerId: 1, buttons: 0, clientX: 120, clientY: 20 });
}

const descriptionOf = (element: HTMLElement) => element.getAttribute('aria-describedby')?.split(' ').map((id) => document.getElementById(id)?.textContent);

describe('SignaturePad', () => {
  it('is named by its label, described by its help, and hands over the PNG after a stroke and null after Clear', async () => {
    const onChange = vi.fn();
    render(<SignaturePad label="Signature" required help="Ask the recipient to sign with a finger." onChange={onChange} />);
    const pad = screen.getByRole('img', { name: 'Signature' });
    expect(screen.getByText('Signature')).toHaveClass("after:content-['*']");
    expect(pad).not.toHaveAttribute('aria-invalid');
    expect(descriptionOf(pad)).toEqual(['Ask the recipient to sign with a finger.']);

    drawStroke(pad);
    expect(await lastPng(onChange)).toEqual(PNG_BYTES);

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('shows an error under the pad, marked invalid and described, after the help', () => {
    render(<SignaturePad label="Signature" help="Sign here" error="A signature is required" onChange={() => undefined} />);
    const pad = screen.getByRole('img', { name: 'Signature' });
    expect(pad).toHaveAttribute('aria-invalid', 'true');
    expect(descriptionOf(pad)).toEqual(['Sign here', 'A signature is required']);
  });

  it('takes a typed name instead of a drawing, from the keyboard: the PNG while there is a name, null once it is erased or cleared', async () => {
    const onChange = vi.fn();
    render(<SignaturePad label="Signature" required error="A signature is required" onChange={onChange} />);
    const typed = screen.getByRole('textbox', { name: 'Or type the signer’s name' });
    expect(typed).toHaveAttribute('aria-invalid', 'true');
    expect(descriptionOf(typed)).toEqual(['A signature is required']);
    await userEvent.type(typed, 'Carla');
    expect(await lastPng(onChange)).toEqual(PNG_BYTES);
    await userEvent.clear(typed);
    expect(onChange).toHaveBeenLastCalledWith(null);

    await userEvent.type(typed, 'Carla Customer');
    expect(await lastPng(onChange)).toEqual(PNG_BYTES);
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(typed).toHaveValue('');
  });

  it('lets a stroke replace a typed name', async () => {
    const onChange = vi.fn();
    render(<SignaturePad label="Signature" onChange={onChange} />);
    const typed = screen.getByRole('textbox', { name: 'Or type the signer’s name' });
    await userEvent.type(typed, 'Carla');
    drawStroke(screen.getByRole('img', { name: 'Signature' }));
    expect(typed).toHaveValue('');
    expect(await lastPng(onChange)).toEqual(PNG_BYTES);
  });

  it('takes no strokes while disabled', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<SignaturePad label="Signature" disabled onChange={onChange} />);
    const pad = screen.getByRole('img', { name: 'Signature' });
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
    drawStroke(pad);
    await act(async () => {});
    expect(onChange).not.toHaveBeenCalled();
    rerender(<SignaturePad label="Signature" onChange={onChange} />);
    drawStroke(pad);
    expect(await lastPng(onChange)).toEqual(PNG_BYTES);
  });
});

const Schema = z.object({ signature: z.custom<Blob | null>((value) => value instanceof Blob, 'A signature is required') });
type Input = z.input<typeof Schema>;

function SignForm({ onSubmit }: { onSubmit: (values: z.output<typeof Schema>) => void }) {
  const form = useZodForm(Schema, { defaultValues: { signature: null } });
  return (
    <ToastProvider>
      <Form form={form} onSubmit={onSubmit}>
        <SignatureField<Input, 'signature'> name="signature" label="Signature" required />
        <SubmitButton>Save</SubmitButton>
        <button type="button" onClick={() => form.reset({ signature: null })}>
          Start over
        </button>
      </Form>
    </ToastProvider>
  );
}

describe('SignatureField', () => {
  it('holds the drawn PNG in the form: refused with the schema message and focus while empty, submitted once drawn', async () => {
    const onSubmit = vi.fn();
    render(<SignForm onSubmit={onSubmit} />);
    const pad = screen.getByRole('img', { name: 'Signature' });

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(pad).toHaveAttribute('aria-invalid', 'true'));
    expect(descriptionOf(pad)).toEqual(['A signature is required']);
    expect(pad).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();

    drawStroke(pad);
    await waitFor(() => expect(pad).not.toHaveAttribute('aria-invalid'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(await pngBytes((onSubmit.mock.lastCall?.[0] as { signature: Blob }).signature)).toEqual(PNG_BYTES);
  });

  it('clears the drawing when the form is reset', async () => {
    const clear = vi.spyOn((await import('signature_pad')).default.prototype, 'clear');
    render(<SignForm onSubmit={() => undefined} />);
    const pad = screen.getByRole('img', { name: 'Signature' });
    drawStroke(pad);
    await act(async () => {});
    clear.mockClear();
    await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(clear).toHaveBeenCalledTimes(1);
  });
});
