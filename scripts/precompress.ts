import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';
import { COMPRESS_THRESHOLD } from '../stack/http/compress.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * What the build emits that compresses: code, styles, markup, data, the wasm of the barcode reader.
 * Source maps are left out: only developer tools read them, and they are most of dist/'s bytes (the
 * build would spend longer on them than on everything else).
 */
const COMPRESSIBLE_FILE = /\.(?:js|mjs|cjs|css|html|svg|json|webmanifest|txt|xml|wasm|pbf|ico)$/i;

export interface PrecompressReport {
  files: number;
  bytes: number;
  brBytes: number;
  gzBytes: number;
}

async function filesBelow(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesBelow(full)));
    else if (entry.isFile() && COMPRESSIBLE_FILE.test(entry.name)) out.push(full);
  }
  return out;
}

/**
 * Brotli's best quality costs about seven times quality 9's time for some 10 % fewer bytes: worth it
 * for the chunks every first load fetches (all well under this size), not for the few large libraries
 * and data files screens load on demand (map, PDF, barcode, time zones), where it alone took about
 * 25 s of every build.
 */
const BEST_QUALITY_LIMIT = 512 * 1024;
const LARGE_FILE_QUALITY = 9;

/**
 * Writes `<file>.br` (brotli at its best quality; 9 above BEST_QUALITY_LIMIT) and `<file>.gz`
 * (gzip level 9) beside every
 * compressible file of `dir` of at least 1 kB, as static hosts and CDNs serve them: compressed once
 * at build time, at a level too slow for answers made per request. A coding that would not make the
 * file smaller is not written. The work runs on libuv's thread pool, files side by side.
 */
export async function precompressDir(dir: string): Promise<PrecompressReport> {
  const report: PrecompressReport = { files: 0, bytes: 0, brBytes: 0, gzBytes: 0 };
  const files = (await filesBelow(dir)).filter((f) => !f.endsWith('.br') && !f.endsWith('.gz'));
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < COMPRESS_THRESHOLD) return;
      const body = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: body.length > BEST_QUALITY_LIMIT ? LARGE_FILE_QUALITY : zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            [zlib.constants.BROTLI_PARAM_MODE]: /\.(?:wasm|pbf|ico)$/i.test(file) ? zlib.constants.BROTLI_MODE_GENERIC : zlib.constants.BROTLI_MODE_TEXT,
          },
        }),
        gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      report.files += 1;
      report.bytes += body.length;
      report.brBytes += Math.min(br.length, body.length);
      report.gzBytes += Math.min(gz.length, body.length);
      if (br.length < body.length) await writeFile(`${file}.br`, br);
      if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
    }),
  );
  return report;
}

/**
 * The build's precompressed assets (dist/**.br, .gz), which the stack serves by Accept-Encoding
 * (stack/http/static.ts). It runs after every other plugin has written its files, the service
 * worker's included.
 */
export function precompressPlugin(): Plugin {
  let config: ResolvedConfig | null = null;
  return {
    name: 'waypost:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler(error?: Error) {
        if (error || !config) return;
        const outDir = path.resolve(config.root, config.build.outDir);
        const started = performance.now();
        const r = await precompressDir(outDir);
        const kB = (n: number) => `${Math.round(n / 1024)} kB`;
        config.logger.info(
          `precompressed ${r.files} files of ${kB(r.bytes)}: brotli ${kB(r.brBytes)}, gzip ${kB(r.gzBytes)} (${Math.round(performance.now() - started)} ms)`,
        );
      },
    },
  };
}
