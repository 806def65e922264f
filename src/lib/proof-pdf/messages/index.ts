import { defineCatalogue, keepLoaded } from '../../i18n/catalogue';
import { en } from './en';

export type { ProofPdfKey } from './en';

/**
 * The proof-of-delivery PDF's words: a catalogue of its own below every feature, since the kit's
 * "Download proof" builds the document on every screen that offers it (lib/proof-pdf.ts).
 */
export const proofPdfMessages = defineCatalogue('proofPdf', en, { es: () => import('./es'), fr: () => import('./fr') });

// Loaded with every language switch, as the server's words are: the kit's "Download proof" reads
// these words when it mounts, and a screen that shows it after a switch must not pause on them.
keepLoaded(proofPdfMessages);
