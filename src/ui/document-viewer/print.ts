import type { DocumentKind } from './documentKind';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The page printed for an image: the image alone, fitted to the paper. */
export function imagePrintDocument(url: string, fileName: string): string {
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(fileName)}</title>` +
    '<style>@page{margin:10mm}html,body{margin:0}body{display:flex;justify-content:center}img{max-width:100%;max-height:100vh;object-fit:contain}</style>' +
    `</head><body><img src="${escapeHtml(url)}" alt="${escapeHtml(fileName)}"></body></html>`
  );
}

/**
 * Prints through a hidden same-origin iframe, so no pop-up is needed and the page's own layout
 * is not printed: a PDF is fetched into a blob (a cross-origin frame could not be told to print),
 * an image goes into a one-image document.
 */
export async function printDocument(url: string, kind: Exclude<DocumentKind, 'unsupported'>, fileName: string): Promise<void> {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.dataset.print = kind;
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden';
  let objectUrl: string | undefined;

  const cleanUp = () => {
    frame.remove();
    if (objectUrl) URL.revokeObjectURL(objectUrl);
  };

  if (kind === 'pdf') {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    objectUrl = URL.createObjectURL(new Blob([await response.arrayBuffer()], { type: 'application/pdf' }));
    frame.src = objectUrl;
  } else {
    frame.srcdoc = imagePrintDocument(url, fileName);
  }

  await new Promise<void>((resolve, reject) => {
    frame.addEventListener('load', () => {
      const view = frame.contentWindow;
      if (!view) {
        cleanUp();
        reject(new Error('The print frame has no window'));
        return;
      }
      // Removing the frame while the print dialog is open would cancel it: wait for afterprint.
      view.addEventListener('afterprint', () => setTimeout(cleanUp, 0), { once: true });
      setTimeout(cleanUp, 10 * 60_000);
      view.focus();
      view.print();
      resolve();
    });
    frame.addEventListener('error', () => {
      cleanUp();
      reject(new Error('The document could not be loaded for printing'));
    });
    document.body.append(frame);
  });
}
