import 'react-pdf/dist/Page/TextLayer.css';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import workerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { Document, Page, pdfjs } from 'react-pdf';
import { useT } from '../../lib/i18n/catalogue';
import { uiMessages } from '../messages';
import { Skeleton } from '../Skeleton';

// The worker ships with the app (Vite copies it into the build); pdf.js never fetches it from a CDN.
// cMaps, standard font data and wasm decoders are left unset, so pdf.js fetches none of them.
pdfjs.GlobalWorkerOptions.workerSrc = workerSrc;

export interface PdfPagesProps {
  url: string;
  page: number;
  scale: number;
  onLoad: (numPages: number) => void;
  onError: () => void;
}

function Loading() {
  const t = useT(uiMessages);
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-3 p-6" aria-busy="true">
      <span role="status" className="sr-only">
        {t('viewer.loading')}
      </span>
      <Skeleton className="h-6 w-2/3" />
      <Skeleton className="h-96 w-full" />
    </div>
  );
}

/**
 * One page of a PDF on a canvas with its text layer (selectable, read by screen readers).
 * `suspense={false}`: react-pdf 11 otherwise throws load errors to an error boundary instead
 * of calling onLoadError.
 */
export default function PdfPages({ url, page, scale, onLoad, onError }: PdfPagesProps) {
  return (
    <Document suspense={false} file={url} onLoadSuccess={(pdf) => onLoad(pdf.numPages)} onLoadError={onError} onSourceError={onError} loading={<Loading />} error={null}>
      <Page suspense={false} pageNumber={page} scale={scale} onLoadError={onError} onRenderError={onError} loading={<Loading />} error={null} className="mx-auto w-fit shadow-md" />
    </Document>
  );
}
