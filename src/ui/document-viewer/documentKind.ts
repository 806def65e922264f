export type DocumentKind = 'pdf' | 'image' | 'unsupported';

const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'svg', 'avif']);

function extensionOf(name: string): string {
  const path = name.split(/[?#]/)[0] ?? '';
  const dot = path.lastIndexOf('.');
  return dot < 0 || dot < path.lastIndexOf('/') ? '' : path.slice(dot + 1).toLowerCase();
}

/** What the viewer can show: the MIME type decides when given, else the file name, else the URL. */
export function documentKind(mimeType: string | null | undefined, fileName: string, url: string): DocumentKind {
  const mime = mimeType?.split(';')[0]?.trim().toLowerCase();
  if (mime && mime !== 'application/octet-stream') {
    if (mime === 'application/pdf') return 'pdf';
    if (mime.startsWith('image/')) return 'image';
    return 'unsupported';
  }
  const extension = extensionOf(fileName) || extensionOf(url);
  if (extension === 'pdf') return 'pdf';
  if (IMAGE_EXTENSIONS.has(extension)) return 'image';
  return 'unsupported';
}
