import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { code128Strokes, LABELS_PER_PAGE, renderBinLabels } from './labels';

describe('bin labels', () => {
  it('draws the code as Code 128 bars from bwip-js', () => {
    const barcode = code128Strokes('Z1-A03-S2-B04');
    expect(barcode.width).toBeGreaterThan(100);
    expect(barcode.strokes.length).toBeGreaterThan(1);
    expect(barcode.strokes.every((s) => s.width > 0 && /^M[\d .ML]+$/.test(s.d))).toBe(true);
    // A different code, different bars.
    expect(code128Strokes('Z2-A01-S1-B01').strokes).not.toEqual(barcode.strokes);
  });

  it('lays the labels out 14 to a page in a PDF that loads', async () => {
    const labels = Array.from({ length: LABELS_PER_PAGE + 1 }, (_, i) => ({ code: `Z1-A01-S1-B${String(i + 1).padStart(2, '0')}`, name: `Bin ${i + 1}`, warehouse: 'Bayview Distribution Center' }));
    const bytes = await renderBinLabels(labels);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(2);
    expect(pdf.getTitle()).toBe('Bin labels');
  });

  it('refuses an empty selection', async () => {
    await expect(renderBinLabels([])).rejects.toThrow('Choose at least one location to print');
  });
});
