import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { code128, drawCode128 } from './code128';

describe('code128', () => {
  it('encodes a known value to the bars of the Code 128 table', () => {
    // 'A' in code set B: Start B 11010010000, 'A' 10100011000, check (104 + 33) mod 103 = 34 'B'
    // 10001011000, Stop 1100011101011: 46 modules.
    expect(code128('A')).toEqual({
      modules: 46,
      bars: [
        { x: 0, width: 2 },
        { x: 3, width: 1 },
        { x: 6, width: 1 },
        { x: 11, width: 1 },
        { x: 13, width: 1 },
        { x: 17, width: 2 },
        { x: 22, width: 1 },
        { x: 26, width: 1 },
        { x: 28, width: 2 },
        { x: 33, width: 2 },
        { x: 38, width: 3 },
        { x: 42, width: 1 },
        { x: 44, width: 2 },
      ],
    });
  });

  it('measures a longer code: 11 modules a character, start, check and a 13-module stop', () => {
    // All of Z1-A03-S2-B04 is in code set B (no switch): 13 characters.
    const code = code128('Z1-A03-S2-B04');
    expect(code?.modules).toBe((13 + 2) * 11 + 13);
    expect(code128('Z2-A01-S1-B01')?.bars).not.toEqual(code?.bars);
  });

  it('answers null when there is nothing to encode', () => {
    expect(code128('')).toBeNull();
  });
});

describe('drawCode128', () => {
  it('fills one rectangle a bar, placed and scaled as asked', () => {
    const drawRectangle = vi.fn();
    const page = { drawRectangle } as unknown as PDFPage;
    const code = code128('A')!;
    const ink = rgb(0.1, 0.1, 0.1);
    drawCode128(page, code, { x: 100, y: 50, moduleWidth: 1.5, height: 30, color: ink });
    expect(drawRectangle).toHaveBeenCalledTimes(13);
    expect(drawRectangle.mock.calls[0]?.[0]).toEqual({ x: 100, y: 50, width: 3, height: 30, color: ink });
    expect(drawRectangle.mock.calls[12]?.[0]).toEqual({ x: 100 + 44 * 1.5, y: 50, width: 3, height: 30, color: ink });
  });

  it('draws black by default on a real page', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([200, 100]);
    const drawRectangle = vi.spyOn(page, 'drawRectangle');
    drawCode128(page, code128('A')!, { x: 10, y: 10, moduleWidth: 1, height: 20 });
    expect(drawRectangle).toHaveBeenCalledTimes(13);
    expect(drawRectangle.mock.calls.every(([options]) => JSON.stringify(options?.color) === JSON.stringify(rgb(0, 0, 0)))).toBe(true);
  });
});
