import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { code128, drawCode128 } from '../../lib/pdf/code128';

export interface BinLabel {
  /** The location code the scanner reads (Z1-A03-S2-B05). */
  code: string;
  name: string;
  warehouse: string;
}

/** A4 portrait in points; 2 x 7 labels of 70 x 38 mm-ish, the common sheet of address labels. */
const PAGE = { width: 595.28, height: 841.89 };
const COLUMNS = 2;
const ROWS = 7;
const MARGIN_X = 28;
const MARGIN_Y = 36;
const GAP = 8;
export const LABELS_PER_PAGE = COLUMNS * ROWS;
const BAR_HEIGHT = 44;
const MODULE_WIDTH = 88 / 69;

/** Cuts text to fit `maxWidth` at `size`, with an ellipsis. */
function fit(text: string, font: PDFFont, size: number, maxWidth: number): string {
  if (font.widthOfTextAtSize(text, size) <= maxWidth) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > maxWidth) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** Standard fonts carry WinAnsi only: anything else is replaced rather than failing the sheet. */
const printable = (text: string) => text.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?');

function drawLabel(page: PDFPage, label: BinLabel, x: number, y: number, width: number, height: number, fonts: { bold: PDFFont; regular: PDFFont }) {
  page.drawRectangle({ x, y, width, height, borderColor: rgb(0.6, 0.6, 0.6), borderWidth: 0.5 });
  const inner = width - 16;
  page.drawText(fit(printable(label.name), fonts.bold, 10, inner), { x: x + 8, y: y + height - 16, size: 10, font: fonts.bold });
  page.drawText(fit(printable(label.warehouse), fonts.regular, 7, inner), { x: x + 8, y: y + height - 26, size: 7, font: fonts.regular, color: rgb(0.3, 0.3, 0.3) });
  const barcode = code128(label.code);
  if (!barcode) throw new Error('The barcode could not be drawn');
  // Bars 44 pt high and a module at most 88/69 pt wide (a 13-character code is 230 pt); a code too
  // long for the label shrinks as a whole, keeping that shape.
  const moduleWidth = Math.min(inner / barcode.modules, MODULE_WIDTH);
  const drawnWidth = barcode.modules * moduleWidth;
  drawCode128(page, barcode, { x: x + (width - drawnWidth) / 2, y: y + 18, moduleWidth, height: (BAR_HEIGHT * moduleWidth) / MODULE_WIDTH });
  const codeSize = 9;
  const codeWidth = fonts.bold.widthOfTextAtSize(label.code, codeSize);
  page.drawText(label.code, { x: x + (width - codeWidth) / 2, y: y + 6, size: codeSize, font: fonts.bold });
}

/** A printable PDF of bin labels, 14 to an A4 page, made in the browser. */
export async function renderBinLabels(labels: readonly BinLabel[]): Promise<Uint8Array> {
  if (labels.length === 0) throw new Error('Choose at least one location to print');
  const pdf = await PDFDocument.create();
  pdf.setTitle('Bin labels');
  pdf.setCreator('Waypost');
  const fonts = { bold: await pdf.embedFont(StandardFonts.HelveticaBold), regular: await pdf.embedFont(StandardFonts.Helvetica) };
  const width = (PAGE.width - 2 * MARGIN_X - (COLUMNS - 1) * GAP) / COLUMNS;
  const height = (PAGE.height - 2 * MARGIN_Y - (ROWS - 1) * GAP) / ROWS;
  let page: PDFPage | null = null;
  labels.forEach((label, index) => {
    const slot = index % LABELS_PER_PAGE;
    if (slot === 0) page = pdf.addPage([PAGE.width, PAGE.height]);
    const column = slot % COLUMNS;
    const row = Math.floor(slot / COLUMNS);
    const x = MARGIN_X + column * (width + GAP);
    const y = PAGE.height - MARGIN_Y - (row + 1) * height - row * GAP;
    drawLabel(page as unknown as PDFPage, label, x, y, width, height, fonts);
  });
  return pdf.save();
}
