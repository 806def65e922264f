import bwipjs from 'bwip-js';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/** What an item's label prints. */
export interface LabelContent {
  name: string;
  sku: string;
  /** Printed as the Code 128 when set; the SKU is printed otherwise. */
  barcode: string | null;
  /** The item's page in the app, printed as a QR code. */
  link: string;
}

/** A refusal to render that the label's chip shows as it is. */
export class LabelError extends Error {}

/** 4 x 6 in, portrait, in points. */
export const LABEL_SIZE = { width: 4 * 72, height: 6 * 72 } as const;
const MARGIN = 18;
const QR_SIZE = 130;
const BAR_HEIGHT = 72;

/** Standard fonts carry WinAnsi only: other characters print as '?' rather than failing the label. */
const printable = (text: string) => text.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?');

/** Words of `text` in lines that fit `maxWidth`, at most `maxLines`, the last cut with an ellipsis. */
export function wrap(text: string, font: PDFFont, size: number, maxWidth: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  const words = text.split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    let word = words[i];
    // A word wider than the line is cut where it no longer fits.
    while (font.widthOfTextAtSize(word, size) > maxWidth) {
      let cut = word.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(word.slice(0, cut), size) > maxWidth) cut--;
      if (line) lines.push(line);
      line = '';
      lines.push(word.slice(0, cut));
      word = word.slice(cut);
    }
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= maxWidth) {
      line = candidate;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1];
  while (last.length > 1 && font.widthOfTextAtSize(`${last}…`, size) > maxWidth) last = last.slice(0, -1);
  kept[maxLines - 1] = `${last}…`;
  return kept;
}

interface Linear {
  sbs: number[];
}
interface Matrix {
  pixs: number[];
  pixx: number;
  pixy: number;
}

function encode<T>(bcid: string, text: string, what: string): T {
  try {
    return (bwipjs.raw(bcid, text, '') as unknown as T[])[0];
  } catch {
    throw new LabelError(`${what} cannot be printed as a barcode`);
  }
}

/** Bars and spaces alternate in `sbs` (module widths), starting with a bar. */
function drawBars(page: PDFPage, code: Linear, x: number, y: number, width: number, height: number) {
  const modules = code.sbs.reduce((sum, w) => sum + w, 0);
  const moduleWidth = Math.min(width / modules, 2);
  let at = x + (width - modules * moduleWidth) / 2;
  code.sbs.forEach((w, i) => {
    if (i % 2 === 0) page.drawRectangle({ x: at, y, width: w * moduleWidth, height, color: rgb(0, 0, 0) });
    at += w * moduleWidth;
  });
}

function drawMatrix(page: PDFPage, code: Matrix, x: number, y: number, size: number) {
  const cell = size / Math.max(code.pixx, code.pixy);
  for (let row = 0; row < code.pixy; row++) {
    for (let col = 0; col < code.pixx; col++) {
      if (code.pixs[row * code.pixx + col]) {
        page.drawRectangle({ x: x + col * cell, y: y + size - (row + 1) * cell, width: cell, height: cell, color: rgb(0, 0, 0) });
      }
    }
  }
}

function centered(page: PDFPage, text: string, font: PDFFont, size: number, y: number) {
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: (LABEL_SIZE.width - width) / 2, y, size, font });
}

/**
 * A 4 x 6 in label of an item: its name (up to three lines), its SKU, a Code 128 of its barcode
 * (of its SKU when it has none) with the text under it, and a QR code of its page in the app.
 * Throws LabelError when something cannot be printed (a code Code 128 cannot carry).
 */
export async function renderItemLabel(content: LabelContent): Promise<Uint8Array> {
  const name = content.name.trim();
  const sku = content.sku.trim();
  if (!name) throw new LabelError('The item has no name');
  if (!sku) throw new LabelError('The item has no SKU');
  const codeText = content.barcode?.trim() || sku;
  // Code 128 carries ASCII only; bwip-js would otherwise encode something else than what is shown.
  // deno-lint-ignore no-control-regex
  if (!/^[\x00-\x7F]+$/.test(codeText)) {
    throw new LabelError(`${content.barcode?.trim() ? 'The barcode' : 'The SKU'} has characters Code 128 cannot print`);
  }
  const bars = encode<Linear>('code128', codeText, content.barcode?.trim() ? 'The barcode' : 'The SKU');
  const qr = encode<Matrix>('qrcode', content.link, 'The item link');

  const pdf = await PDFDocument.create();
  pdf.setTitle(`${printable(name)} (${printable(sku)})`);
  pdf.setCreator('Waypost');
  const page = pdf.addPage([LABEL_SIZE.width, LABEL_SIZE.height]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const inner = LABEL_SIZE.width - 2 * MARGIN;

  let y = LABEL_SIZE.height - MARGIN - 20;
  for (const line of wrap(printable(name), bold, 20, inner, 3)) {
    page.drawText(line, { x: MARGIN, y, size: 20, font: bold });
    y -= 24;
  }
  page.drawText(`SKU: ${printable(sku)}`, { x: MARGIN, y: y - 4, size: 14, font: regular });
  y -= 28 + BAR_HEIGHT;
  drawBars(page, bars, MARGIN, y, inner, BAR_HEIGHT);
  centered(page, codeText.length > 40 ? `${codeText.slice(0, 39)}…` : codeText, bold, 12, y - 16);
  drawMatrix(page, qr, (LABEL_SIZE.width - QR_SIZE) / 2, MARGIN + 14, QR_SIZE);
  centered(page, 'Scan to open the item', regular, 8, MARGIN);
  return pdf.save();
}
