import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import { code128, drawCode128 } from './pdf/code128';
import { englishProofPdfText, type ProofPdfText } from './proof-pdf/words';

/**
 * The proof-of-delivery PDF, built in the browser with pdf-lib (MIT, no native parts, embeds PNG
 * and JPEG as they are and writes a small standard PDF that pdf.js, printers and archives read):
 * the business, the delivery code with its Code 128 barcode, customer, pickup and drop-off, the
 * timeline, recipient, notes, signature and photos, and when it was generated. Pure: the caller
 * gives every byte (images already fetched), so it is testable and works offline. Its words come
 * in one language (`ProofPdfText`, lib/proof-pdf/words.ts): the page's, or English by default.
 */

export interface ProofImage {
  bytes: Uint8Array;
  /** Only PNG and JPEG embed as they are; the loader converts anything else first. */
  type: 'image/png' | 'image/jpeg';
}

export interface ProofTimelineEntry {
  at: string;
  /** The event in English; with `action` and `status` the document words it in its language. */
  title: string;
  action?: string;
  status?: string;
  actor?: string | null;
  /** A detail as it is; with `reason` and `note` the document words the reason in its language. */
  detail?: string | null;
  reason?: string | null;
  note?: string | null;
}

export interface ProofDocumentData {
  businessName: string;
  code: string;
  barcode: string;
  statusLabel: string;
  /** The delivery's status value: the document words it in its language (else statusLabel). */
  status?: string;
  customerName: string | null;
  pickup: string;
  dropoff: string;
  deliveredAt: string | null;
  driverName: string | null;
  recipientName: string | null;
  notes: string | null;
  timeline: ProofTimelineEntry[];
  signature: ProofImage | null;
  photos: ProofImage[];
  /** Files that could not be fetched or read: said in the document instead of silently missing. */
  missingFiles: number;
  generatedAt: Date;
  /** How times are written: over the words' own format (the locale's, in the viewer's zone). */
  formatTime?: (iso: string) => string;
}

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = 48;
const INK = rgb(0.09, 0.11, 0.16);
const MUTED = rgb(0.39, 0.43, 0.5);
const RULE = rgb(0.85, 0.87, 0.9);

/** The standard fonts speak WinAnsi only: anything else becomes '?' instead of failing the whole document. */
export function pdfSafeText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/\s+/g, ' ')
    .replace(/[^\x20-\x7E\u00A0-\u00FF€]/g, '?');
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of pdfSafeText(text).split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width || !line) {
      line = candidate;
    } else {
      lines.push(line);
      line = word;
    }
    // A single word longer than the line is cut, not left to run off the page.
    while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut -= 1;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [''];
}

class Writer {
  page: PDFPage;
  y: number;
  constructor(
    private readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    private readonly footer: string,
  ) {
    this.page = this.newPage();
    this.y = PAGE.height - MARGIN;
  }

  private newPage(): PDFPage {
    const page = this.doc.addPage([PAGE.width, PAGE.height]);
    page.drawText(this.footer, { x: MARGIN, y: MARGIN / 2, size: 8, font: this.regular, color: MUTED });
    return page;
  }

  /** Room for `height` more points on this page, else a new page. */
  ensure(height: number): void {
    if (this.y - height >= MARGIN) return;
    this.page = this.newPage();
    this.y = PAGE.height - MARGIN;
  }

  text(text: string, options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; indent?: number; gap?: number } = {}): void {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.regular;
    const indent = options.indent ?? 0;
    for (const line of wrap(text, font, size, PAGE.width - 2 * MARGIN - indent)) {
      this.ensure(size * 1.4);
      this.y -= size * 1.25;
      this.page.drawText(line, { x: MARGIN + indent, y: this.y, size, font, color: options.color ?? INK });
      this.y -= size * 0.15;
    }
    this.y -= options.gap ?? 0;
  }

  heading(text: string): void {
    this.ensure(40);
    this.y -= 12;
    this.text(text, { size: 13, bold: true });
    this.page.drawLine({ start: { x: MARGIN, y: this.y - 2 }, end: { x: PAGE.width - MARGIN, y: this.y - 2 }, thickness: 0.7, color: RULE });
    this.y -= 8;
  }

  field(label: string, value: string): void {
    this.ensure(28);
    this.text(label.toUpperCase(), { size: 7.5, bold: true, color: MUTED });
    this.text(value, { size: 10, gap: 4 });
  }

  image(image: PDFImage, maxWidth: number, maxHeight: number, caption: string): void {
    const scale = Math.min(maxWidth / image.width, maxHeight / image.height, 1);
    const width = image.width * scale;
    const height = image.height * scale;
    this.ensure(height + 24);
    this.y -= height;
    this.page.drawRectangle({ x: MARGIN - 1, y: this.y - 1, width: width + 2, height: height + 2, borderColor: RULE, borderWidth: 0.7 });
    this.page.drawImage(image, { x: MARGIN, y: this.y, width, height });
    this.y -= 4;
    this.text(caption, { size: 8, color: MUTED, gap: 8 });
  }

  barcode(text: string): void {
    const code = code128(text);
    if (!code) return;
    const height = 36;
    this.ensure(height + 8);
    this.y -= height;
    drawCode128(this.page, code, { x: MARGIN, y: this.y, moduleWidth: Math.min(1.6, 220 / code.modules), height, color: INK });
    this.y -= 4;
  }
}

async function embed(doc: PDFDocument, image: ProofImage): Promise<PDFImage | null> {
  try {
    return image.type === 'image/png' ? await doc.embedPng(image.bytes) : await doc.embedJpg(image.bytes);
  } catch {
    return null;
  }
}

/** Whether a timeline entry's detail is worded here (its reason and note given apart). */
function entryDetail(entry: ProofTimelineEntry, words: ProofPdfText): string | null {
  if (entry.reason === undefined && entry.note === undefined) return entry.detail ?? null;
  return [entry.reason ? words.reason(entry.reason) : null, entry.note].filter(Boolean).join(' · ') || null;
}

export async function buildProofPdf(data: ProofDocumentData, words: ProofPdfText = englishProofPdfText()): Promise<Uint8Array> {
  const at = data.formatTime ?? words.formatTime;
  const statusLabel = data.status ? words.status(data.status) : data.statusLabel;
  const doc = await PDFDocument.create();
  doc.setTitle(pdfSafeText(words.docTitle(data.code)));
  doc.setSubject(pdfSafeText(words.subject(data.code, data.businessName)));
  doc.setProducer('Waypost');
  doc.setCreator('Waypost');
  doc.setCreationDate(data.generatedAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const w = new Writer(doc, regular, bold, pdfSafeText(words.footer(data.businessName, data.code, at(data.generatedAt.toISOString()))));

  w.text(data.businessName, { size: 11, bold: true, color: MUTED });
  w.text(words.title, { size: 22, bold: true, gap: 6 });
  w.barcode(data.barcode);
  w.text(data.barcode, { size: 10, bold: true, gap: 2 });
  w.text(words.deliveryLine(data.code, statusLabel), { size: 10, color: MUTED, gap: 6 });

  w.heading(words.delivery);
  w.field(words.customer, data.customerName ?? words.notRecorded);
  w.field(words.pickup, data.pickup || '—');
  w.field(words.dropoff, data.dropoff || '—');
  if (data.driverName) w.field(words.driver, data.driverName);
  w.field(words.delivered, data.deliveredAt ? at(data.deliveredAt) : words.notDelivered);

  w.heading(words.received);
  w.field(words.recipient, data.recipientName ?? words.notRecorded);
  w.field(words.notes, data.notes ?? words.none);

  w.heading(words.timeline);
  if (data.timeline.length === 0) w.text(words.noEvents, { color: MUTED });
  for (const entry of data.timeline) {
    w.ensure(30);
    const title = entry.action !== undefined && entry.status !== undefined ? words.eventTitle(entry.action, entry.status) : entry.title;
    w.text(`${at(entry.at)} ${title}${entry.actor ? ` · ${entry.actor}` : ''}`, { size: 9.5 });
    const detail = entryDetail(entry, words);
    if (detail) w.text(detail, { size: 8.5, color: MUTED, indent: 12 });
    w.y -= 2;
  }

  w.heading(words.signature);
  const signature = data.signature ? await embed(doc, data.signature) : null;
  if (signature) w.image(signature, 240, 110, data.recipientName ? words.signedBy(data.recipientName) : words.signatureOfRecipient);
  else w.text(data.signature ? words.signatureUnreadable : words.noSignature, { color: MUTED });

  w.heading(words.photos);
  let unreadable = data.missingFiles;
  if (data.photos.length === 0 && data.missingFiles === 0) w.text(words.noPhotos, { color: MUTED });
  for (const [index, photo] of data.photos.entries()) {
    const image = await embed(doc, photo);
    if (image) w.image(image, PAGE.width - 2 * MARGIN, 300, words.photoOf(index + 1, data.photos.length));
    else unreadable += 1;
  }
  if (unreadable > 0) w.text(words.unreadable(unreadable), { color: MUTED });

  w.y -= 10;
  w.text(words.generated(at(data.generatedAt.toISOString())), { size: 8, color: MUTED });
  return doc.save();
}
