import { useRef, useState } from 'react';
import { useLanguage, useT } from '../../lib/i18n/catalogue';
import { keyedRefusalText } from '../../lib/refusal-text';
import { useServerWords } from '../../lib/server-messages/server-words';
import { useRecordLoad } from '../../lib/use-record-load';
import { DocumentViewer } from '../document-viewer';
import { ErrorState } from '../ErrorState';
import { uiMessages } from '../messages';
import { Skeleton } from '../Skeleton';

export interface ProofGalleryImage {
  key: string;
  label: string;
  url: string;
  fileName: string;
}

/** What a proof's images are called: the signature, and each photo (numbered after this word). */
export interface ProofLabels {
  signature: string;
  photo: string;
}

export interface ProofGalleryProps {
  /**
   * Signs (or otherwise fetches) the images' short-lived URLs; called again on Retry and when a URL
   * expired. `labels` are the kit's names for a signature and a photo in the page's language.
   */
  load: (labels: ProofLabels) => Promise<ProofGalleryImage[]>;
  /** Changes when the files change (e.g. the proof's paths joined): reloads. */
  loadKey: string;
  /** Names the list for assistive technology, e.g. 'Proof of delivery ACME-000123'. */
  label: string;
  emptyText?: string;
}

/**
 * Proof thumbnails (signature, doorstep photos) from a private bucket: the URLs are short-lived, so
 * a thumbnail that stops loading (expired link) signs again once, and a failed signing shows Retry
 * (with the server's keyed reason, such as too many lookups, in the page's language).
 * A click opens the image in the kit's DocumentViewer, with download and print.
 */
export function ProofGallery({ load, loadKey, label, emptyText }: ProofGalleryProps) {
  const t = useT(uiMessages);
  const serverWords = useServerWords();
  const language = useLanguage();
  const [attempt, setAttempt] = useState(0);
  const [open, setOpen] = useState<ProofGalleryImage | null>(null);
  const [viewerOpen, setViewerOpen] = useState(false);
  const refreshedFor = useRef<string | null>(null);

  // Every signing (new files, Retry, an expired link, another language) shows loading until its own answer.
  const requestKey = `${loadKey}#${attempt}#${language}`;
  const { state } = useRecordLoad(requestKey, () => load({ signature: t('proof.signature'), photo: t('proof.photo') }), { loadingOnNewKey: true });
  const run = () => setAttempt((n) => n + 1);

  // A thumbnail that does not load: its link may have expired, so sign again once per set of files;
  // one that still does not load after that is gone, and says so instead of a broken image.
  const [broken, setBroken] = useState<{ key: string; files: ReadonlySet<string> }>({ key: '', files: new Set() });
  const failed = (file: string) => {
    if (refreshedFor.current !== loadKey) {
      refreshedFor.current = loadKey;
      run();
      return;
    }
    setBroken((b) => ({ key: requestKey, files: new Set([...(b.key === requestKey ? b.files : []), file]) }));
  };
  const isBroken = (file: string) => broken.key === requestKey && broken.files.has(file);

  if (state.status === 'loading') {
    return (
      <div role="status" aria-label={t('proof.loading', { label: label.toLocaleLowerCase(language) })} className="flex gap-2">
        <Skeleton className="size-20" />
        <Skeleton className="size-20" />
      </div>
    );
  }
  if (state.status === 'failed') {
    // Why, when the server said it by key (too many lookups): in the page's language; else the kit's words.
    return <ErrorState title={t('proof.failed')} detail={keyedRefusalText(state.error, serverWords) ?? t('proof.failedDetail')} onRetry={run} />;
  }
  // The load answers a list, never null: 'missing' cannot happen, and would read as no files.
  const images = state.status === 'ready' ? state.record : [];
  if (images.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{emptyText ?? t('proof.empty')}</p>;
  return (
    <>
      <ul aria-label={label} className="flex flex-wrap gap-2" data-testid="proof-gallery">
        {images.map((image) => (
          <li key={image.key}>
            {isBroken(image.key) ? (
              <div role="img" aria-label={t('proof.unavailable', { label: image.label })} className="flex size-20 flex-col items-center justify-center rounded-lg border border-dashed border-slate-300 text-center text-xs text-slate-500 dark:border-slate-700 dark:text-slate-400">
                {image.label}
                <span>{t('proof.notAvailable')}</span>
              </div>
            ) : (
              <button
                type="button"
                onClick={() => {
                  setOpen(image);
                  setViewerOpen(true);
                }}
                className="group block overflow-hidden rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-brand dark:border-slate-700"
                aria-label={t('proof.open', { label: image.label.toLocaleLowerCase(language) })}
              >
                <img src={image.url} alt={image.label} onError={() => failed(image.key)} className="size-20 object-contain transition group-hover:opacity-90" loading="lazy" />
                {/* The thumbnail stays white in the dark theme (a signature is dark ink), so its label keeps dark text. */}
                <span className="block border-t border-slate-200 px-1 py-0.5 text-center text-xs text-slate-700 dark:border-slate-700">{image.label}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {open && <DocumentViewer open={viewerOpen} onClose={() => setViewerOpen(false)} url={open.url} fileName={open.fileName} mimeType={imageType(open.fileName)} />}
    </>
  );
}

function imageType(fileName: string): string {
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  return extension === 'png' ? 'image/png' : extension === 'webp' ? 'image/webp' : 'image/jpeg';
}
