import zxingReaderWasm from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** What a scanner needs of a BarcodeDetector (native or the polyfill). */
export interface Detector {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]>;
}

/** The symbologies read: Code 128 (our labels), QR, Code 39, EAN-13 (retail packaging), Data Matrix. */
const FORMATS = ['code_128', 'qr_code', 'code_39', 'ean_13', 'data_matrix'] as const;

/**
 * The browser's BarcodeDetector when it reads Code 128 (our labels), else the maintained polyfill
 * (barcode-detector, ZXing in WebAssembly). The wasm file is bundled with the app and served by it,
 * never fetched from a CDN, so scanning works offline. Rejects when neither can start.
 */
export async function createDetector(): Promise<Detector> {
  const native = (globalThis as unknown as { BarcodeDetector?: { new (options: { formats: string[] }): Detector; getSupportedFormats(): Promise<string[]> } }).BarcodeDetector;
  if (native) {
    const supported = await native.getSupportedFormats().catch(() => [] as string[]);
    if (supported.includes('code_128')) return new native({ formats: FORMATS.filter((f) => supported.includes(f)) });
  }
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  // Instantiated now rather than on the first frame, so a scanner that cannot start says so at once.
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingReaderWasm : prefix + path) },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: [...FORMATS] });
}

/** Whether this browser can read barcodes at all: natively, or through the polyfill's WebAssembly. */
export function detectorAvailable(): boolean {
  return 'BarcodeDetector' in globalThis || typeof WebAssembly === 'object';
}

/** Whether this page may ask for a camera (a secure context with mediaDevices: https, localhost). */
export function cameraAvailable(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}
