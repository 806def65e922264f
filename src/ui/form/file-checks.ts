/** The file kinds whose first bytes we can check (a renamed .exe is not a .png). */
export type SniffedType = 'jpeg' | 'png' | 'gif' | 'pdf';

const SIGNATURES: Record<SniffedType, number[]> = {
  jpeg: [0xff, 0xd8, 0xff],
  png: [0x89, 0x50, 0x4e, 0x47],
  gif: [0x47, 0x49, 0x46, 0x38],
  pdf: [0x25, 0x50, 0x44, 0x46],
};

/** Which checkable kind an extension claims; other extensions are checked by name only. */
export const EXTENSION_KIND: Record<string, SniffedType> = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', gif: 'gif', pdf: 'pdf' };

const MIME: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', pdf: 'application/pdf' };

export const extensionOf = (fileName: string) => (/\.([^./\\]+)$/.exec(fileName)?.[1] ?? '').toLowerCase();

/** The input's accept attribute for a list of extensions: both '.png' and 'image/png'. */
export const acceptAttribute = (extensions: readonly string[]) =>
  [...new Set(extensions.flatMap((extension) => [`.${extension.toLowerCase()}`, MIME[extension.toLowerCase()] ?? []].flat()))].join(',');

async function firstBytes(file: Blob, count: number): Promise<Uint8Array> {
  const slice = file.slice(0, count);
  if (typeof slice.arrayBuffer === 'function') return new Uint8Array(await slice.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsArrayBuffer(slice);
  });
}

/** The kind the file's first bytes say it is, or null when none of ours. */
export async function sniffFileType(file: Blob): Promise<SniffedType | null> {
  const bytes = await firstBytes(file, 8);
  for (const [kind, signature] of Object.entries(SIGNATURES) as [SniffedType, number[]][]) {
    if (signature.every((byte, index) => bytes[index] === byte)) return kind;
  }
  return null;
}

export type FileProblem = 'type' | 'size';

/**
 * Why a file may not be uploaded, or null: its extension must be in `accept`, its size at most
 * `maxBytes`, and, for the kinds we know, its first bytes must match its extension.
 */
export async function checkFile(file: File, { accept, maxBytes }: { accept: readonly string[]; maxBytes?: number | undefined }): Promise<FileProblem | null> {
  const extension = extensionOf(file.name);
  if (!accept.map((allowed) => allowed.toLowerCase().replace(/^\./, '')).includes(extension)) return 'type';
  if (maxBytes !== undefined && file.size > maxBytes) return 'size';
  const claimed = EXTENSION_KIND[extension];
  if (claimed && (await sniffFileType(file).catch(() => null)) !== claimed) return 'type';
  return null;
}
