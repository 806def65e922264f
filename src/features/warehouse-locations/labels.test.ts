import { PDFDocument, PDFPage } from 'pdf-lib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { code128 } from '../../lib/pdf/code128';
import { LABELS_PER_PAGE, renderBinLabels } from './labels';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('bin labels', () => {
  it('draws the code as its Code 128 bars, 44 pt high and centred under the name', async () => {
    const drawRectangle = vi.spyOn(PDFPage.prototype, 'drawRectangle');
    await renderBinLabels([{ code: 'Z1-A03-S2-B04', name: 'Bin 4', warehouse: 'Bayview Distribution Center' }]);
    const [border, ...bars] = drawRectangle.mock.calls.map(([options]) => options!);
    const code = code128('Z1-A03-S2-B04')!;
    expect(bars).toHaveLength(code.bars.length);
    expect(bars.every((bar) => bar.height === 44 && bar.y === border!.y! + 18)).toBe(true);
    const left = bars[0]!.x! - border!.x!;
    const right = border!.x! + border!.width! - (bars.at(-1)!.x! + bars.at(-1)!.width!);
    expect(left).toBeCloseTo(right, 6);
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
