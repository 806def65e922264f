import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { negotiateEncoding, type Coding } from './compress.ts';
import { sendText } from './respond.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.pbf': 'application/x-protobuf',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

const SUFFIX: Record<Coding, string> = { br: '.br', gzip: '.gz' };

/**
 * The build's compressed copies of a file (`<file>.br`, `<file>.gz`: scripts/precompress.ts), each
 * only when written after the file itself: a copy older than its file is not its content.
 */
function precompressed(file: string, mtimeMs: number): Map<Coding, { path: string; size: number }> {
  const found = new Map<Coding, { path: string; size: number }>();
  for (const coding of ['br', 'gzip'] as const) {
    const copy = file + SUFFIX[coding];
    const info = statSync(copy, { throwIfNoEntry: false });
    if (info?.isFile() && info.mtimeMs >= mtimeMs) found.set(coding, { path: copy, size: info.size });
  }
  return found;
}

/**
 * Serves the built app from `root`, falling back to index.html for client-side routes. A file the
 * build compressed goes as its brotli or gzip copy when the request accepts one (Accept-Encoding,
 * q-values respected, br preferred), as a static host serves precompressed files; every such file's
 * answer varies on Accept-Encoding, whichever copy it sends.
 */
export function createStaticHandler(root: string) {
  const base = path.resolve(root);
  return function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(res, 405, 'Method Not Allowed');
      return;
    }
    let rel: string;
    try {
      rel = decodeURIComponent(url.pathname);
    } catch {
      sendText(res, 400, 'Bad Request');
      return;
    }
    const file = path.resolve(base, '.' + rel);
    const inside = file === base || file.startsWith(base + path.sep);
    let target = inside && existsSync(file) && statSync(file).isFile() ? file : null;
    // Only extension-less paths are app routes; a missing asset is a real 404, not the app shell.
    if (!target && !path.extname(rel)) target = path.join(base, 'index.html');
    if (!target || !existsSync(target)) {
      sendText(res, 404, existsSync(path.join(base, 'index.html')) ? 'Not Found' : 'The app is not built: run `npm run build`.');
      return;
    }
    const hashed = target.includes(`${path.sep}assets${path.sep}`);
    const info = statSync(target);
    const copies = precompressed(target, info.mtimeMs);
    const coding = copies.size > 0 ? negotiateEncoding(req.headers['accept-encoding'], [...copies.keys()]) : null;
    const sent = coding ? (copies.get(coding) as { path: string; size: number }) : { path: target, size: info.size };
    const headers: Record<string, string | number> = {
      'content-type': TYPES[path.extname(target)] ?? 'application/octet-stream',
      'content-length': sent.size,
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    if (copies.size > 0) headers.vary = 'Accept-Encoding';
    if (coding) headers['content-encoding'] = coding;
    res.writeHead(200, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(sent.path).pipe(res);
  };
}
