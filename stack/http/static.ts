import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
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

/** Serves the built app from `root`, falling back to index.html for client-side routes. */
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
    res.writeHead(200, {
      'content-type': TYPES[path.extname(target)] ?? 'application/octet-stream',
      'content-length': statSync(target).size,
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(target).pipe(res);
  };
}
