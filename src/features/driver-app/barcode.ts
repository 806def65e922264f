import zxingReaderWasm from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** What the scanner needs of a BarcodeDetector (native or the polyfill). */
export interface Detector {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]>;
}

const FORMATS = ['code_128', 'qr_code', 'code_39', 'ean_13', 'data_matrix'];

/**
 * The browser's BarcodeDetector when it reads Code 128 (our labels), else the maintained polyfill
 * (barcode-detector, ZXing in WebAssembly). The wasm file is bundled with the app and served by it,
 * never fetched from a CDN, so scanning works offline.
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
  return new BarcodeDetector({ formats: ['code_128', 'qr_code', 'code_39', 'ean_13', 'data_matrix'] });
}

/** Whether a scanned value is this delivery's label (the barcode holds the delivery code). */
export function matchesDelivery(scanned: string, delivery: { barcode: string; delivery_code: string }): boolean {
  const value = scanned.trim().toUpperCase();
  return value === delivery.barcode.trim().toUpperCase() || value === delivery.delivery_code.trim().toUpperCase();
}
