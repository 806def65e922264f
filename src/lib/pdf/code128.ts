import bwipjs from 'bwip-js/browser';
import { rgb, type PDFPage, type RGB } from 'pdf-lib';

/** One bar of a barcode: its left edge and its width, in modules (the narrowest bar's width). */
export interface Code128Bar {
  x: number;
  width: number;
}

/** A Code 128 barcode as bars, measured in modules; `modules` is its whole width, quiet zones excluded. */
export interface Code128 {
  bars: Code128Bar[];
  modules: number;
}

/**
 * The bars of the Code 128 barcode of `text` as bwip-js encodes it (it picks the code sets and the
 * check character), or null when there is nothing to encode or bwip-js refuses the text. Read back
 * from bwip-js's SVG drawn one unit a module: its browser build has no call that returns the bars.
 */
export function code128(text: string): Code128 | null {
  let svg: string;
  try {
    svg = bwipjs.toSVG({ bcid: 'code128', text, scale: 1, height: 10, includetext: false });
  } catch {
    return null;
  }
  const box = /viewBox="0 0 ([\d.]+) [\d.]+"/.exec(svg);
  if (!box) return null;
  const bars: Code128Bar[] = [];
  // bwip-js strokes each bar as a vertical line through its middle, one path per bar width.
  for (const path of svg.matchAll(/stroke-width="([\d.]+)" d="([^"]+)"/g)) {
    const width = Number(path[1]);
    for (const move of (path[2] ?? '').matchAll(/M([\d.]+) /g)) bars.push({ x: Number(move[1]) - width / 2, width });
  }
  bars.sort((a, b) => a.x - b.x);
  return bars.length > 0 ? { bars, modules: Number(box[1]) } : null;
}

export interface Code128Placement {
  /** The left edge, in points from the page's left. */
  x: number;
  /** The bars' bottom, in points from the page's bottom (pdf-lib's origin). */
  y: number;
  /** How wide one module is drawn, in points; the barcode is `modules * moduleWidth` wide. */
  moduleWidth: number;
  /** How tall the bars are, in points. */
  height: number;
  color?: RGB;
}

/**
 * Draws the bars on a pdf-lib page as filled rectangles: vector, so they stay sharp at any print
 * resolution, and exact, so a scanner reads them from paper.
 */
export function drawCode128(page: PDFPage, code: Code128, { x, y, moduleWidth, height, color = rgb(0, 0, 0) }: Code128Placement): void {
  for (const bar of code.bars) {
    page.drawRectangle({ x: x + bar.x * moduleWidth, y, width: bar.width * moduleWidth, height, color });
  }
}
