import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PDFPage } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { code128 } from './pdf/code128';
import { translator } from './i18n/catalogue';
import { deliveryEventMessages } from './delivery-events';
import { buildProofPdf, pdfSafeText, type ProofDocumentData } from './proof-pdf';
import { proofPdfMessages } from './proof-pdf/messages';
import { proofPdfText } from './proof-pdf/words';

// pdf.js (the viewer's own reader) checks what a reader sees; Node 20 lacks one of its ES2024 helpers.
if (!('withResolvers' in Promise)) {
  Object.assign(Promise, {
    withResolvers<T>() {
      let resolve!: (value: T) => void;
      let reject!: (reason: unknown) => void;
      const promise = new Promise<T>((yes, no) => {
        resolve = yes;
        reject = no;
      });
      return { promise, resolve, reject };
    },
  });
}

/** A 4×2 RGB PNG. */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAIAAADwyuo0AAAAGElEQVR4nGNgYOcTlVHWMrSwd/NlQOYAACc0A51i79DYAAAAAElFTkSuQmCC'), (c) => c.charCodeAt(0));

function data(overrides: Partial<ProofDocumentData> = {}): ProofDocumentData {
  return {
    businessName: 'Acme Logistics',
    code: 'ACME-000123',
    barcode: 'ACME-000123',
    statusLabel: 'Delivered',
    customerName: 'Carla Customer',
    pickup: '1 Market St, San Francisco, CA 94105',
    dropoff: '600 Mission St, San Francisco, CA 94105',
    deliveredAt: '2026-11-25T15:42:00Z',
    driverName: 'Derek Driver',
    recipientName: 'Maria Lopez',
    notes: 'Left with reception',
    timeline: [
      { at: '2026-11-25T14:00:00Z', title: 'Created', actor: 'Dana Dispatcher' },
      { at: '2026-11-25T15:10:00Z', title: 'Arrived at pickup', actor: 'Derek Driver' },
      { at: '2026-11-25T15:42:00Z', title: 'Delivered', actor: 'Derek Driver', detail: 'Cash collected: $12.00' },
    ],
    signature: { bytes: PNG, type: 'image/png' },
    photos: [{ bytes: PNG, type: 'image/png' }],
    missingFiles: 0,
    generatedAt: new Date('2026-11-25T16:00:00Z'),
    formatTime: (iso) => iso.slice(0, 16).replace('T', ' '),
    ...overrides,
  };
}

async function read(bytes: Uint8Array): Promise<{ pages: number; text: string; title: unknown }> {
  const task = getDocument({ data: bytes.slice(), useSystemFonts: false });
  const pdf = await task.promise;
  const parts: string[] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
  }
  const meta = await pdf.getMetadata();
  const pages = pdf.numPages;
  await task.destroy();
  return { pages, text: parts.join('\n'), title: (meta.info as { Title?: unknown }).Title };
}

describe('buildProofPdf', () => {
  it('writes the delivery, its timeline, recipient, notes and generated time on one page', async () => {
    const { pages, text, title } = await read(await buildProofPdf(data()));
    expect(pages).toBe(1);
    expect(title).toBe('Proof of delivery ACME-000123');
    for (const expected of [
      'Acme Logistics',
      'Proof of delivery',
      'ACME-000123',
      'Carla Customer',
      '1 Market St, San Francisco, CA 94105',
      '600 Mission St, San Francisco, CA 94105',
      'Maria Lopez',
      'Left with reception',
      '2026-11-25 15:10 Arrived at pickup · Derek Driver',
      'Cash collected: $12.00',
      'Signed by Maria Lopez',
      'Photo 1 of 1',
      'Generated 2026-11-25 16:00',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('could not be included');
  });

  it('flows a long timeline and many photos onto more pages, each with its footer', async () => {
    const timeline = Array.from({ length: 80 }, (_, i) => ({ at: `2026-11-25T10:${String(i % 60).padStart(2, '0')}:00Z`, title: `Event ${i + 1}`, actor: 'Derek Driver' }));
    const photos = Array.from({ length: 4 }, () => ({ bytes: PNG, type: 'image/png' as const }));
    const { pages, text } = await read(await buildProofPdf(data({ timeline, photos })));
    expect(pages).toBeGreaterThan(2);
    expect(text).toContain('Event 80');
    expect(text).toContain('Photo 4 of 4');
    expect(text.match(/Acme Logistics · Proof of delivery ACME-000123 · generated/g)?.length).toBe(pages);
  });

  it('says what is missing instead of failing', async () => {
    const { text } = await read(
      await buildProofPdf(data({ signature: null, photos: [{ bytes: new Uint8Array([1, 2, 3]), type: 'image/jpeg' }], missingFiles: 1, recipientName: null, notes: null, timeline: [] })),
    );
    expect(text).toContain('No signature taken.');
    expect(text).toContain('2 files could not be included.');
    expect(text).toContain('Recipient\nNot recorded'.split('\n')[1]!);
    expect(text).toContain('No events recorded.');
  });

  it('survives text the standard fonts cannot write', async () => {
    const { text } = await read(await buildProofPdf(data({ customerName: 'Zoë 王 Ñandú', notes: '“Fragile” — handle with care…' })));
    expect(text).toContain('Zoë ? Ñandú');
    expect(text).toContain('"Fragile" - handle with care...');
  });

  it('draws the barcode as its Code 128 bars, 36 pt high, at most 220 pt wide', async () => {
    const drawRectangle = vi.spyOn(PDFPage.prototype, 'drawRectangle');
    try {
      await buildProofPdf(data({ barcode: 'ACME-000123' }));
      const bars = drawRectangle.mock.calls.map(([options]) => options!).filter((options) => options.height === 36);
      const code = code128('ACME-000123')!;
      expect(bars).toHaveLength(code.bars.length);
      expect(bars.at(-1)!.x! + bars.at(-1)!.width! - bars[0]!.x!).toBeCloseTo(Math.min(1.6 * code.modules, 220), 6);
    } finally {
      drawRectangle.mockRestore();
    }
  });
});

describe('pdfSafeText', () => {
  it('keeps Latin-1, replaces the rest', () => {
    expect(pdfSafeText('Café\n  Crème 東京')).toBe('Café Crème ??');
  });

});

describe('buildProofPdf in the reader’s language', () => {
  /** The delivery as the loader gives it: raw status, event actions and reasons beside the English. */
  const raw = (): Partial<ProofDocumentData> => ({
    status: 'delivered',
    formatTime: undefined,
    timeline: [
      { at: '2026-11-25T14:00:00Z', title: 'Created', action: 'created', status: 'pending', actor: 'Dana Dispatcher' },
      { at: '2026-11-25T15:10:00Z', title: 'Arrived at pickup', action: 'arrived_pickup', status: 'accepted', actor: 'Derek Driver' },
      { at: '2026-11-25T15:30:00Z', title: 'Failed', action: 'status', status: 'failed', reason: 'Business closed', note: 'Try tomorrow' },
    ],
    photos: [{ bytes: new Uint8Array([1, 2, 3]), type: 'image/jpeg' }],
    missingFiles: 1,
  });
  const textIn = async (language: 'es' | 'fr') => {
    const messages = (await proofPdfMessages.load[language]()).default;
    const events = (await deliveryEventMessages.load[language]()).default;
    // The locale's format in a fixed zone, so the test reads the same anywhere.
    const at = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso));
    return read(await buildProofPdf(data(raw()), proofPdfText(translator(proofPdfMessages, language, messages), translator(deliveryEventMessages, language, events), at)));
  };

  it('writes Spanish, with Spanish dates', async () => {
    const { text, title } = await textIn('es');
    expect(title).toBe('Prueba de entrega ACME-000123');
    for (const expected of [
      'Prueba de entrega',
      'Entrega ACME-000123 · Entregada',
      'CLIENTE',
      'DESTINATARIO',
      'Historial',
      '25 nov 2026, 15:10 Llegada a la recogida · Derek Driver',
      'Fallida',
      'Motivo: Business closed · Try tomorrow',
      'Firmado por Maria Lopez',
      'No se pudieron incluir 2 archivos.',
      'Generada el 25 nov 2026, 16:00',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/Proof of delivery|Arrived at pickup|Reason:|Signed by|could not be included/);
  });

  it('writes French, with French dates', async () => {
    const { text, title } = await textIn('fr');
    expect(title).toBe('Preuve de livraison ACME-000123');
    for (const expected of ['Livraison ACME-000123 · Livrée', '25 nov. 2026, 15:10 Arrivée à l\'enlèvement · Derek Driver', 'Motif : Business closed', 'Signé par Maria Lopez', '2 fichiers n\'ont pas pu être inclus.']) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/Proof of delivery|Arrived at pickup|Reason:|Signed by/);
  });
});
