import path from 'node:path';

/**
 * The Content-Type `supabase seed buckets` sends with a file: Go's http.DetectContentType on its
 * first 512 bytes (the WHATWG sniffing algorithm), and when that only says text/plain, the type
 * of its extension (Go's mime.TypeByExtension, text types with charset=utf-8).
 */

const SNIFF_LEN = 512;

type Signature = { magic: number[]; mask?: number[]; type: string; skipWhitespace?: boolean };

const bytes = (s: string) => [...s].map((c) => c.charCodeAt(0));

// Exact and masked signatures, in Go's order (net/http/sniff.go).
const SIGNATURES: Signature[] = [
  { magic: bytes('%PDF-'), type: 'application/pdf' },
  { magic: bytes('%!PS-Adobe-'), type: 'application/postscript' },
  { magic: [0xfe, 0xff, 0, 0], mask: [0xff, 0xff, 0, 0], type: 'text/plain; charset=utf-16be' },
  { magic: [0xff, 0xfe, 0, 0], mask: [0xff, 0xff, 0, 0], type: 'text/plain; charset=utf-16le' },
  { magic: [0xef, 0xbb, 0xbf, 0], mask: [0xff, 0xff, 0xff, 0], type: 'text/plain; charset=utf-8' },
  { magic: [0, 0, 1, 0], type: 'image/x-icon' },
  { magic: [0, 0, 2, 0], type: 'image/x-icon' },
  { magic: bytes('BM'), type: 'image/bmp' },
  { magic: bytes('GIF87a'), type: 'image/gif' },
  { magic: bytes('GIF89a'), type: 'image/gif' },
  { magic: [...bytes('RIFF'), 0, 0, 0, 0, ...bytes('WEBPVP')], mask: [0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], type: 'image/webp' },
  { magic: [0x89, ...bytes('PNG'), 0x0d, 0x0a, 0x1a, 0x0a], type: 'image/png' },
  { magic: [0xff, 0xd8, 0xff], type: 'image/jpeg' },
  { magic: [...bytes('FORM'), 0, 0, 0, 0, ...bytes('AIFF')], mask: [0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff], type: 'audio/aiff' },
  { magic: bytes('ID3'), type: 'audio/mpeg' },
  { magic: [...bytes('OggS'), 0], type: 'application/ogg' },
  { magic: [...bytes('MThd'), 0, 0, 0, 6], type: 'audio/midi' },
  { magic: [...bytes('RIFF'), 0, 0, 0, 0, ...bytes('AVI ')], mask: [0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff], type: 'video/avi' },
  { magic: [...bytes('RIFF'), 0, 0, 0, 0, ...bytes('WAVE')], mask: [0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff], type: 'audio/wave' },
  { magic: [0x1a, 0x45, 0xdf, 0xa3], type: 'video/webm' },
  { magic: [0x1f, 0x8b, 0x08], type: 'application/x-gzip' },
  { magic: [...bytes('PK'), 0x03, 0x04], type: 'application/zip' },
  { magic: [...bytes('Rar!'), 0x1a, 0x07, 0x00], type: 'application/x-rar-compressed' },
  { magic: [...bytes('Rar!'), 0x1a, 0x07, 0x01, 0x00], type: 'application/x-rar-compressed' },
  { magic: [0x00, ...bytes('asm')], type: 'application/wasm' },
];

// HTML-ish starts (after leading whitespace, case-insensitive, followed by a space or '>').
const HTML_TAGS = ['<!DOCTYPE HTML', '<HTML', '<HEAD', '<SCRIPT', '<IFRAME', '<H1', '<DIV', '<FONT', '<TABLE', '<A', '<STYLE', '<TITLE', '<B', '<BODY', '<BR', '<P', '<!--'];

const TEXT_BY_EXTENSION: Record<string, string> = {
  '.avif': 'image/avif',
  '.css': 'text/css; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.gif': 'image/gif',
  '.htm': 'text/html; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.jpeg': 'image/jpeg',
  '.jpg': 'image/jpeg',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.md': 'text/markdown; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.webp': 'image/webp',
  '.xml': 'text/xml; charset=utf-8',
};

const isWhitespace = (b: number) => b === 0x09 || b === 0x0a || b === 0x0c || b === 0x0d || b === 0x20;
const isBinary = (b: number) => b <= 0x08 || b === 0x0b || (b >= 0x0e && b <= 0x1a) || (b >= 0x1c && b <= 0x1f);

function matches(data: Uint8Array, sig: Signature): boolean {
  if (data.length < sig.magic.length) return false;
  return sig.magic.every((m, i) => (data[i] & (sig.mask?.[i] ?? 0xff)) === m);
}

function isMp4(data: Uint8Array): boolean {
  if (data.length < 12) return false;
  const boxSize = ((data[0] << 24) | (data[1] << 16) | (data[2] << 8) | data[3]) >>> 0;
  if (data.length < boxSize || boxSize % 4 !== 0) return false;
  if (String.fromCharCode(...data.subarray(4, 8)) !== 'ftyp') return false;
  for (let st = 8; st < boxSize; st += 4) {
    if (st === 12) continue;
    if (String.fromCharCode(...data.subarray(st, st + 3)) === 'mp4') return true;
  }
  return false;
}

/** Go's http.DetectContentType. */
export function detectContentType(head: Uint8Array): string {
  const data = head.subarray(0, SNIFF_LEN);
  let first = 0;
  while (first < data.length && isWhitespace(data[first])) first++;
  const trimmed = data.subarray(first);
  const upper = String.fromCharCode(...trimmed.subarray(0, 16)).toUpperCase();
  for (const tag of HTML_TAGS) {
    if (upper.startsWith(tag) && (trimmed[tag.length] === 0x20 || trimmed[tag.length] === 0x3e)) return 'text/html; charset=utf-8';
  }
  if (String.fromCharCode(...trimmed.subarray(0, 5)) === '<?xml') return 'text/xml; charset=utf-8';
  for (const sig of SIGNATURES) if (matches(data, sig)) return sig.type;
  if (isMp4(data)) return 'video/mp4';
  return data.some(isBinary) ? 'application/octet-stream' : 'text/plain; charset=utf-8';
}

/** What the CLI sends for a file: the sniffed type, or its extension's when the sniff says only text/plain. */
export function seedContentType(fileName: string, head: Uint8Array): string {
  const sniffed = detectContentType(head);
  if (!sniffed.includes('text/plain')) return sniffed;
  return TEXT_BY_EXTENSION[path.extname(fileName).toLowerCase()] ?? sniffed;
}
