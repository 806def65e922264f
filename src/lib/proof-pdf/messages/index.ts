import { defineCatalogue } from '../../i18n/catalogue';
import { en } from './en';

export type { ProofPdfKey } from './en';

/**
 * The proof-of-delivery PDF's words: a catalogue of its own below every feature, since the kit's
 * "Download proof" builds the document on every screen that offers it (lib/proof-pdf.ts).
 */
export const proofPdfMessages = defineCatalogue('proofPdf', en, { es: () => import('./es'), fr: () => import('./fr') });
