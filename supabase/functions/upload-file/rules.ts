import { words, type Words } from '../_shared/http.ts';

/**
 * What each form may upload. A file is judged by its bytes (magic numbers): the name's extension
 * and the declared content type must agree with them, and the type they show must be one the
 * form accepts. The stored content type is the one the bytes show, never the client's.
 */
export type FileType = 'image/jpeg' | 'image/png' | 'image/gif' | 'application/pdf';

export interface UploadKind {
  types: readonly FileType[];
  maxBytes: number;
}

const MB = 1024 * 1024;
const IMAGES: readonly FileType[] = ['image/jpeg', 'image/png', 'image/gif'];

/** The forms' rules by the `kind` the caller names; a request without one gets `image`. */
export const UPLOAD_KINDS = {
  // A vehicle's image: images only, one file, jpeg/jpg/png/gif, 3 MB max.
  'vehicle-image': { types: IMAGES, maxBytes: 3 * MB },
  image: { types: IMAGES, maxBytes: 3 * MB },
  // A person's own picture (account drawer > Profile): stored under their name (handler.ts), the
  // one upload every member may make (storage policy of 20261125000100_users_admin.sql).
  avatar: { types: IMAGES, maxBytes: 3 * MB },
  document: { types: [...IMAGES, 'application/pdf'], maxBytes: 10 * MB },
} as const satisfies Record<string, UploadKind>;

export type UploadKindName = keyof typeof UPLOAD_KINDS;
export const DEFAULT_KIND: UploadKindName = 'image';
/** The largest file any kind accepts: the bound on a request body before it is read. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_KINDS).map((k) => k.maxBytes));

export function isUploadKind(name: string): name is UploadKindName {
  return Object.hasOwn(UPLOAD_KINDS, name);
}

const EXTENSIONS: Record<FileType, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'application/pdf': ['pdf'],
};

/** Declared types that name the same thing as the canonical one. */
const ALIASES: Partial<Record<string, FileType>> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg' };

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

/** The type the file's first bytes show, or null for anything else. */
export function detectFileType(bytes: Uint8Array): FileType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // GIF87a / GIF89a
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
}

export type FileVerdict =
  | { ok: true; type: FileType }
  | ({ ok: false; status: 400 | 413 } & Words);

function allowedList(kind: UploadKind): string {
  return kind.types.flatMap((t) => EXTENSIONS[t]).join(', ');
}

function megabytes(bytes: number): number {
  return Math.round((bytes / MB) * 10) / 10;
}

/** Whether `file` (its name, declared type and bytes) is one the kind accepts. */
export function judgeFile(kind: UploadKind, file: { name: string; declaredType: string; bytes: Uint8Array }): FileVerdict {
  if (file.bytes.length === 0) return { ok: false, status: 400, ...words('uploads.file_empty', 'The file is empty') };
  if (file.bytes.length > kind.maxBytes) {
    const max = megabytes(kind.maxBytes);
    return { ok: false, status: 413, ...words('uploads.file_too_large_max', `The file is too large: the maximum is ${max} MB`, { max_mb: max }) };
  }
  const type = detectFileType(file.bytes);
  if (!type || !kind.types.includes(type)) {
    const allowed = allowedList(kind);
    return { ok: false, status: 400, ...words('uploads.type_not_allowed_use', `This file type is not allowed: use ${allowed}`, { allowed }) };
  }
  if (!EXTENSIONS[type].includes(extensionOf(file.name))) {
    const [extension, other = 'none'] = EXTENSIONS[type];
    return {
      ok: false,
      status: 400,
      ...words('uploads.name_mismatch', `The file's name does not match its content: name it .${EXTENSIONS[type].join(' or .')}`, { extension, other }),
    };
  }
  const declared = file.declaredType.split(';')[0].trim().toLowerCase();
  const declaredType: string = ALIASES[declared] ?? declared;
  if (declaredType !== '' && declaredType !== 'application/octet-stream' && declaredType !== type) {
    return { ok: false, status: 400, ...words('uploads.declared_type_mismatch', `The file's declared type (${declared}) does not match its content`, { declared }) };
  }
  return { ok: true, type };
}
