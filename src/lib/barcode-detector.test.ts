import { afterEach, describe, expect, it, vi } from 'vitest';
import { cameraAvailable, createDetector, detectorAvailable } from './barcode-detector';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A native BarcodeDetector that supports `supported` and records the formats it was made for. */
function nativeDetector(supported: string[]) {
  const made: string[][] = [];
  class NativeBarcodeDetector {
    static getSupportedFormats = () => Promise.resolve(supported);
    constructor({ formats }: { formats: string[] }) {
      made.push(formats);
    }
    detect() {
      return Promise.resolve([{ rawValue: 'ACME-000123' }]);
    }
  }
  vi.stubGlobal('BarcodeDetector', NativeBarcodeDetector);
  return made;
}

describe('createDetector', () => {
  it("uses the browser's own BarcodeDetector when it reads Code 128, for the formats it supports", async () => {
    const made = nativeDetector(['qr_code', 'code_128', 'upc_a']);
    const detector = await createDetector();
    expect(made).toEqual([['code_128', 'qr_code']]);
    await expect(detector.detect({} as ImageBitmapSource)).resolves.toEqual([{ rawValue: 'ACME-000123' }]);
  });
});

describe('what the browser offers', () => {
  it('can read barcodes with a native detector or with WebAssembly for the polyfill, and not without either', () => {
    expect(detectorAvailable()).toBe(true);
    vi.stubGlobal('WebAssembly', undefined);
    expect(detectorAvailable()).toBe(false);
    nativeDetector(['code_128']);
    expect(detectorAvailable()).toBe(true);
  });

  it('may ask for a camera only where mediaDevices.getUserMedia exists', () => {
    vi.stubGlobal('navigator', {});
    expect(cameraAvailable()).toBe(false);
    vi.stubGlobal('navigator', { mediaDevices: { getUserMedia: () => Promise.reject(new Error('no camera')) } });
    expect(cameraAvailable()).toBe(true);
  });
});
