import { PDFDocument, StandardFonts } from 'pdf-lib';
import { assert } from '../_shared/testing.ts';
import { LABEL_SIZE, LabelError, renderItemLabel, wrap } from './label.ts';

const LINK = 'http://127.0.0.1:54321/acme/admin/inventory-items/a9000000-0000-4000-8000-000000000001/edit';

Deno.test('a label is one 4 x 6 in page that names the item', async () => {
  const bytes = await renderItemLabel({ name: 'ThinkPad X1 Carbon', sku: 'LAP-001', barcode: '0123456789012', link: LINK });
  assert.equal(new TextDecoder().decode(bytes.slice(0, 5)), '%PDF-', 'PDF header');
  const pdf = await PDFDocument.load(bytes);
  assert.equal(pdf.getPageCount(), 1, 'pages');
  const { width, height } = pdf.getPage(0).getSize();
  assert.equal(width, LABEL_SIZE.width, 'width');
  assert.equal(height, LABEL_SIZE.height, 'height');
  assert.equal(width, 288, 'four inches');
  assert.equal(height, 432, 'six inches');
  assert.equal(pdf.getTitle(), 'ThinkPad X1 Carbon (LAP-001)', 'title');
});

Deno.test('an item without a barcode prints its SKU as the Code 128', async () => {
  const bytes = await renderItemLabel({ name: 'Desk', sku: 'FUR-77', barcode: null, link: LINK });
  assert.ok(bytes.length > 1000, 'a drawn label');
});

Deno.test('a long name wraps to three lines and is cut with an ellipsis', async () => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.HelveticaBold);
  const lines = wrap('word '.repeat(80), font, 20, 252, 3);
  assert.equal(lines.length, 3, 'lines');
  assert.ok(lines[2].endsWith('…'), 'ellipsis');
  for (const line of lines) assert.ok(font.widthOfTextAtSize(line, 20) <= 252, `fits: ${line}`);
  assert.deepEqual(wrap('A'.repeat(60), font, 20, 100, 5).every((l) => font.widthOfTextAtSize(l, 20) <= 100), true, 'a long word is cut');
});

Deno.test('a barcode Code 128 cannot carry fails with the reason the chip shows', async () => {
  let error: unknown = null;
  try {
    await renderItemLabel({ name: 'Chair', sku: 'FUR-1', barcode: 'Ä-ÿ-✓', link: LINK });
  } catch (e) {
    error = e;
  }
  assert.ok(error instanceof LabelError, 'a LabelError');
  assert.equal((error as Error).message, 'The barcode has characters Code 128 cannot print', 'reason');
});

Deno.test('names outside WinAnsi print with question marks instead of failing', async () => {
  const bytes = await renderItemLabel({ name: 'Écran 27" ✓ 显示器', sku: 'MON-27', barcode: null, link: LINK });
  const pdf = await PDFDocument.load(bytes);
  assert.equal(pdf.getTitle(), 'Écran 27" ? ??? (MON-27)', 'title');
});
