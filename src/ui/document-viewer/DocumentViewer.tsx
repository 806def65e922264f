import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { Suspense, lazy, useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../../lib/i18n/catalogue';
import { Button, buttonClassName } from '../Button';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon, MinusIcon, PlusIcon } from '../icons';
import { IconButton } from '../IconButton';
import { uiMessages } from '../messages';
import { Skeleton } from '../Skeleton';
import { documentKind } from './documentKind';
import { printDocument } from './print';

/** react-pdf and pdf.js are their own chunk, loaded the first time a PDF is opened. */
const PdfPages = lazy(() => import('./PdfPages'));

export const DEFAULT_SCALE = 2;
export const MIN_SCALE = 0.5;
export const MAX_SCALE = 4;
const SCALE_STEP = 0.25;
/** Long enough for the closing transition, so the content does not jump while it fades. */
export const RESET_DELAY_MS = 300;

export interface DocumentViewerProps {
  open: boolean;
  onClose: () => void;
  url: string;
  fileName: string;
  /** Decides between PDF, image and unsupported; the file name's extension is used without it. */
  mimeType?: string | null;
}

interface ViewState {
  page: number;
  scale: number;
  numPages: number | null;
  failed: boolean;
  printError: boolean;
}

const INITIAL: ViewState = { page: 1, scale: DEFAULT_SCALE, numPages: null, failed: false, printError: false };

function Message({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 px-6 py-16 text-center">
      <p className="text-base font-semibold">{title}</p>
      {children}
    </div>
  );
}

/**
 * A modal viewer for a PDF (pdf.js, worker bundled) or an image, with zoom, page navigation,
 * download and print. Its page, zoom and error state survive a quick close and reopen and are
 * reset 300 ms after closing.
 */
export function DocumentViewer({ open, onClose, url, fileName, mimeType }: DocumentViewerProps) {
  const t = useT(uiMessages);
  const [view, setView] = useState<ViewState>(INITIAL);
  const [shownUrl, setShownUrl] = useState(url);
  const [printing, setPrinting] = useState(false);
  const [imageFailed, setImageFailed] = useState(false);
  // A new generation remounts the PDF, so a reset also reloads it (and its page count).
  const [generation, setGeneration] = useState(0);

  if (url !== shownUrl) {
    setShownUrl(url);
    setView(INITIAL);
    setImageFailed(false);
  }

  useEffect(() => {
    if (open) return;
    const timer = setTimeout(() => {
      setView(INITIAL);
      setImageFailed(false);
      setGeneration((g) => g + 1);
    }, RESET_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open]);

  // Printing focuses the hidden frame and disables the button: once it is enabled again, focus
  // goes back to it, so Escape and Tab keep working in the dialog.
  const restoreFocus = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (printing || !restoreFocus.current) return;
    restoreFocus.current.focus();
    restoreFocus.current = null;
  }, [printing]);

  const kind = documentKind(mimeType, fileName, url);
  const pdfReady = kind === 'pdf' && !view.failed && view.numPages != null;
  const canPrint = (kind === 'pdf' && !view.failed) || (kind === 'image' && !imageFailed);

  const zoom = (delta: number) =>
    setView((v) => ({ ...v, scale: Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.round((v.scale + delta) * 100) / 100)) }));
  const goTo = (page: number) => setView((v) => ({ ...v, page: Math.min(Math.max(1, page), v.numPages ?? 1) }));

  const print = async () => {
    if (kind === 'unsupported') return;
    restoreFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setPrinting(true);
    setView((v) => ({ ...v, printError: false }));
    try {
      await printDocument(url, kind, fileName);
    } catch {
      setView((v) => ({ ...v, printError: true }));
    } finally {
      setPrinting(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-950/50 transition-opacity duration-300 data-closed:opacity-0" />
      <div className="fixed inset-0 flex items-center justify-center p-2 sm:p-4">
        <DialogPanel
          transition
          className="flex h-full max-h-[95dvh] w-full max-w-5xl flex-col overflow-hidden rounded-xl bg-white text-slate-900 shadow-2xl transition duration-300 data-closed:scale-95 data-closed:opacity-0 dark:bg-slate-900 dark:text-slate-100"
        >
          <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-2 dark:border-slate-800">
            <DialogTitle className="min-w-0 flex-1 truncate text-base font-semibold" title={fileName}>
              {fileName}
            </DialogTitle>
            {kind === 'pdf' && !view.failed && (
              <>
                <div role="group" aria-label={t('viewer.zoom')} className="flex items-center">
                  <IconButton label={t('viewer.zoomOut')} onClick={() => zoom(-SCALE_STEP)} disabled={view.scale <= MIN_SCALE}>
                    <MinusIcon />
                  </IconButton>
                  <output aria-live="polite" aria-label={t('viewer.zoomLevel')} className="w-14 text-center text-sm tabular-nums">
                    {t('viewer.percent', { scale: view.scale })}
                  </output>
                  <IconButton label={t('viewer.zoomIn')} onClick={() => zoom(SCALE_STEP)} disabled={view.scale >= MAX_SCALE}>
                    <PlusIcon />
                  </IconButton>
                </div>
                <div role="group" aria-label={t('viewer.pages')} className="flex items-center">
                  <IconButton label={t('viewer.previous')} onClick={() => goTo(view.page - 1)} disabled={!pdfReady || view.page <= 1}>
                    <ChevronLeftIcon />
                  </IconButton>
                  <span aria-live="polite" className="min-w-24 text-center text-sm tabular-nums">
                    {pdfReady ? t('viewer.page', { page: view.page, count: view.numPages }) : t('viewer.pageUnknown')}
                  </span>
                  <IconButton label={t('viewer.next')} onClick={() => goTo(view.page + 1)} disabled={!pdfReady || view.page >= (view.numPages ?? 1)}>
                    <ChevronRightIcon />
                  </IconButton>
                </div>
              </>
            )}
            <a
              href={url}
              download={fileName}
              // A cross-origin file ignores `download`; a new tab then keeps the app where it was.
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClassName('secondary')}
            >
              {t('viewer.download')}
            </a>
            {canPrint && (
              <Button variant="secondary" onClick={() => void print()} busy={printing}>
                {t('viewer.print')}
              </Button>
            )}
            <IconButton label={t('close')} onClick={onClose}>
              <CloseIcon />
            </IconButton>
          </div>
          {view.printError && (
            <p role="alert" className="border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
              {t('viewer.printFailed')}
            </p>
          )}
          <div className="min-h-0 flex-1 overflow-auto bg-slate-100 p-4 dark:bg-slate-950" data-testid="document-viewer-content">
            {kind === 'unsupported' && (
              <Message title={t('viewer.unsupported')}>
                <p className="text-sm text-slate-600 dark:text-slate-400">{t('viewer.unsupportedDetail')}</p>
              </Message>
            )}
            {kind === 'pdf' &&
              (view.failed ? (
                <Message title={t('viewer.pdfFailed')}>
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setView({ ...INITIAL, scale: view.scale });
                      setGeneration((g) => g + 1);
                    }}
                  >
                    {t('viewer.tryAgain')}
                  </Button>
                </Message>
              ) : (
                <Suspense
                  fallback={
                    <div className="mx-auto flex max-w-xl flex-col gap-3 p-6" aria-busy="true">
                      <span role="status" className="sr-only">
                        {t('viewer.loading')}
                      </span>
                      <Skeleton className="h-96 w-full" />
                    </div>
                  }
                >
                  <PdfPages
                    key={generation}
                    url={url}
                    page={view.page}
                    scale={view.scale}
                    onLoad={(numPages) => setView((v) => ({ ...v, numPages, page: Math.min(v.page, numPages) }))}
                    onError={() => setView((v) => ({ ...v, failed: true }))}
                  />
                </Suspense>
              ))}
            {kind === 'image' &&
              (imageFailed ? (
                <Message title={t('viewer.imageFailed')} />
              ) : (
                <img src={url} alt={fileName} onError={() => setImageFailed(true)} className="mx-auto block h-auto max-w-full bg-white shadow-md" />
              ))}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
