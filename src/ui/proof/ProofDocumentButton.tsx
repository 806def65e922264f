import { useEffect, useState } from 'react';
import { useT } from '../../lib/i18n/catalogue';
import { loadProofDocument, ProofNotFoundError } from '../../lib/proof';
import { useProofPdfText } from '../../lib/proof-pdf/words';
import { Button } from '../Button';
import { DocumentViewer } from '../document-viewer';
import { uiMessages } from '../messages';

export interface ProofDocumentButtonProps {
  deliveryId: string;
  code: string;
  label?: string;
  variant?: 'primary' | 'secondary';
}

/**
 * "Download proof": builds the proof-of-delivery PDF in the browser (lib/proof-pdf) from what the
 * signed-in user may read, and opens it in the DocumentViewer with download and print.
 */
export function ProofDocumentButton({ deliveryId, code, label: givenLabel, variant = 'secondary' }: ProofDocumentButtonProps) {
  const t = useT(uiMessages);
  const label = givenLabel ?? t('proof.download');
  // The document in the page's language, its moments in the locale's format.
  const pdfText = useProofPdfText();
  const [busy, setBusy] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  const generate = async () => {
    setBusy(true);
    setFailure(null);
    try {
      // pdf-lib (most of a megabyte) loads when a document is asked for, not with the screen.
      const [{ buildProofPdf }, proof] = await Promise.all([import('../../lib/proof-pdf'), loadProofDocument(deliveryId)]);
      const bytes = await buildProofPdf(proof, pdfText);
      setUrl(URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' })));
      setOpen(true);
    } catch (error) {
      setFailure(error instanceof ProofNotFoundError ? t('proof.gone') : t('proof.buildFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant={variant} busy={busy} onClick={() => void generate()} aria-label={t('proof.downloadOf', { label, code })}>
        {label}
      </Button>
      {failure && (
        <p role="alert" className="basis-full text-sm text-red-700 dark:text-red-300">
          {failure}
        </p>
      )}
      {url && <DocumentViewer open={open} onClose={() => setOpen(false)} url={url} fileName={`proof-of-delivery-${code}.pdf`} mimeType="application/pdf" />}
    </>
  );
}
