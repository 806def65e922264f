// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Detector } from '../lib/barcode-detector';
import { BarcodeScanner, SCANNER_MESSAGES } from './BarcodeScanner';
import { BarcodeField, Form, SubmitButton, useZodForm } from './form';
import { ToastProvider } from './toast';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  // jsdom has no camera API; the tests that give one take it away again.
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

const descriptionOf = (element: HTMLElement) =>
  element
    .getAttribute('aria-describedby')
    ?.split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .filter(Boolean);

describe('BarcodeScanner with a hardware scanner or the keyboard', () => {
  it('says the camera cannot be used here, and takes codes typed into its input, ended by Enter', async () => {
    const onScan = vi.fn();
    render(<BarcodeScanner label="Package barcode" onScan={onScan} />);
    expect(screen.queryByRole('button', { name: 'Scan barcode' })).toBeNull();
    const input = screen.getByLabelText('Package barcode');
    expect(descriptionOf(input)).toEqual([SCANNER_MESSAGES.noCamera]);

    // What a keyboard-wedge scanner sends: the code's keys, then Enter.
    await userEvent.type(input, '  ACME-000123 {Enter}');
    expect(onScan).toHaveBeenCalledExactlyOnceWith('ACME-000123', 'keyboard');
    expect(input).toHaveValue('');

    await userEvent.type(input, '{Enter}');
    expect(onScan).toHaveBeenCalledTimes(1);
  });

  it('shows a refused code, keeps it selected so the next scan replaces it, and clears the refusal on the next accepted code', async () => {
    const onScan = vi.fn((code: string) => (code === 'GOOD' ? undefined : `That label is ${code}`));
    render(<BarcodeScanner label="Package barcode" onScan={onScan} />);
    const input = screen.getByLabelText<HTMLInputElement>('Package barcode');
    await userEvent.type(input, 'BAD{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('That label is BAD');
    expect(input).toHaveValue('BAD');
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 3]);

    await userEvent.type(input, 'GOOD{Enter}', { skipClick: true });
    expect(onScan).toHaveBeenLastCalledWith('GOOD', 'keyboard');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input).toHaveValue('');
  });

  it('ends a code with Enter without submitting the surrounding form', async () => {
    const onSubmit = vi.fn((event: React.FormEvent) => event.preventDefault());
    const onScan = vi.fn();
    render(
      <form onSubmit={onSubmit}>
        <BarcodeScanner label="Item" onScan={onScan} />
      </form>,
    );
    await userEvent.type(screen.getByLabelText('Item'), 'SKU-1{Enter}');
    expect(onScan).toHaveBeenCalledWith('SKU-1', 'keyboard');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('offers no camera where barcodes cannot be read (no BarcodeDetector, no WebAssembly for the polyfill)', () => {
    giveCamera(() => Promise.resolve(fakeStream().stream));
    vi.stubGlobal('WebAssembly', undefined);
    render(<BarcodeScanner label="Item" onScan={() => undefined} messages={{ noCamera: 'Type the code instead.' }} />);
    expect(screen.queryByRole('button', { name: 'Scan barcode' })).toBeNull();
    expect(screen.getByText('Type the code instead.')).toBeInTheDocument();
  });
});

function fakeStream() {
  const track = { stop: vi.fn() };
  return { track, stream: { getTracks: () => [track] } as unknown as MediaStream };
}

function giveCamera(getUserMedia: () => Promise<MediaStream>) {
  const spy = vi.fn(getUserMedia);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: spy }, configurable: true });
  return spy;
}

/** A reader that sees each of `frames` in turn, then the last one for ever. */
function detectorSeeing(...frames: string[][]): () => Promise<Detector> {
  let frame = 0;
  return () =>
    Promise.resolve({
      detect: () => Promise.resolve((frames[Math.min(frame++, frames.length - 1)] ?? []).map((rawValue) => ({ rawValue }))),
    });
}

describe('BarcodeScanner with the camera', () => {
  beforeEach(() => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  });

  it('reads codes from the camera, hears of a refused label once, and stops the camera when one is accepted', async () => {
    const { track, stream } = fakeStream();
    const getUserMedia = giveCamera(() => Promise.resolve(stream));
    const onScan = vi.fn((code: string) => (code === 'ACME-000123' ? undefined : `That label is ${code}`));
    const onCameraChange = vi.fn();
    render(
      <BarcodeScanner
        label="Package barcode"
        onScan={onScan}
        onCameraChange={onCameraChange}
        scanningHint="Point at the label"
        createDetector={detectorSeeing([], ['ACME-000999'], ['ACME-000999'], ['ACME-000999'], ['ACME-000123'])}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Scan barcode' }));
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false });
    expect(await screen.findByText('Point at the label')).toBeInTheDocument();
    // jsdom applies no CSS: the class is what hides the video.
    expect(screen.getByLabelText('Camera view')).not.toHaveClass('hidden');
    expect(await screen.findByRole('alert')).toHaveTextContent('That label is ACME-000999');

    await waitFor(() => expect(onScan).toHaveBeenLastCalledWith('ACME-000123', 'camera'), { timeout: 3000 });
    expect(onScan.mock.calls).toEqual([
      ['ACME-000999', 'camera'],
      ['ACME-000123', 'camera'],
    ]);
    expect(track.stop).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Scan barcode' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    // Told from an effect after the render that closed the camera: not necessarily flushed yet.
    await waitFor(() => expect(onCameraChange.mock.calls.map(([on]) => on as boolean)).toEqual([false, true, false]));
  });

  it.each([
    ['refused', new DOMException('Permission denied', 'NotAllowedError'), SCANNER_MESSAGES.blocked],
    ['missing', new DOMException('Requested device not found', 'NotFoundError'), SCANNER_MESSAGES.cameraFailed],
  ])('says so when the camera is %s, and the input still takes codes', async (_, failure, message) => {
    giveCamera(() => Promise.reject(failure));
    const onScan = vi.fn();
    render(<BarcodeScanner label="Item" onScan={onScan} />);
    await userEvent.click(screen.getByRole('button', { name: 'Scan barcode' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    await userEvent.type(screen.getByLabelText('Item'), 'SKU-1{Enter}');
    expect(onScan).toHaveBeenCalledWith('SKU-1', 'keyboard');
    // The code's answer replaces the camera's failure, and the camera may be tried again.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Scan barcode' })).toBeInTheDocument();
  });

  it('says when no barcode reader can start, and lets the camera go', async () => {
    const { track, stream } = fakeStream();
    giveCamera(() => Promise.resolve(stream));
    render(<BarcodeScanner label="Item" onScan={() => undefined} messages={{ scannerFailed: 'No reader: type the code.' }} createDetector={() => Promise.reject(new Error('no wasm'))} />);
    await userEvent.click(screen.getByRole('button', { name: 'Scan barcode' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No reader: type the code.');
    expect(track.stop).toHaveBeenCalled();
    expect(screen.getByLabelText('Camera view')).toHaveClass('hidden');
  });

  it('stops the camera when it leaves the screen', async () => {
    const { track, stream } = fakeStream();
    giveCamera(() => Promise.resolve(stream));
    const { unmount } = render(<BarcodeScanner label="Item" onScan={() => undefined} scanningHint="Looking" createDetector={detectorSeeing([])} />);
    await userEvent.click(screen.getByRole('button', { name: 'Scan barcode' }));
    await screen.findByText('Looking');
    unmount();
    expect(track.stop).toHaveBeenCalled();
  });
});

const ItemSchema = z.object({ sku: z.string().min(1, 'Scan the item') });
type ItemInput = z.input<typeof ItemSchema>;

function ItemForm({ onSubmit, onScan }: { onSubmit: (values: ItemInput) => void; onScan?: (code: string) => string | undefined }) {
  const form = useZodForm(ItemSchema, { defaultValues: { sku: '' } });
  return (
    <ToastProvider>
      <Form form={form} onSubmit={onSubmit}>
        <BarcodeField<ItemInput, 'sku'> name="sku" label="Item" required help="The label on the box" onScan={onScan} />
        <SubmitButton>Save</SubmitButton>
      </Form>
    </ToastProvider>
  );
}

describe('BarcodeField', () => {
  it('holds the code in the form: the schema message under it while empty, the scanned code once read', async () => {
    const onSubmit = vi.fn();
    render(<ItemForm onSubmit={onSubmit} />);
    const input = screen.getByLabelText('Item');
    expect(screen.getByText('Item')).toHaveClass("after:content-['*']");

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(descriptionOf(input)).toEqual(['The label on the box', 'Scan the item', SCANNER_MESSAGES.noCamera]);
    expect(input).toHaveFocus();

    await userEvent.type(input, ' SKU-42 {Enter}');
    expect(input).toHaveValue('SKU-42');
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ sku: 'SKU-42' }));
  });

  it('says why onScan refuses a code; the typed text stays the value, for the schema to judge', async () => {
    const onSubmit = vi.fn();
    render(<ItemForm onSubmit={onSubmit} onScan={(code) => (code.startsWith('SKU-') ? undefined : 'Not an item label')} />);
    const input = screen.getByLabelText('Item');
    await userEvent.type(input, 'SKU-1{Enter}');
    await userEvent.clear(input);
    await userEvent.type(input, 'LOC-9{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Not an item label');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ sku: 'LOC-9' }));
  });
});
