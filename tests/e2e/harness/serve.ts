import { mkdtemp, rm } from 'node:fs/promises';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview, type PreviewServer } from 'vite';

const configFile = fileURLToPath(new URL('./vite.config.ts', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface Harness {
  /** Origin of the harness, e.g. http://127.0.0.1:41234 */
  origin: string;
  /** The build output: files written here are served (fixtures made by the spec). */
  outDir: string;
  close(): Promise<void>;
}

/** Builds the harness with Vite (production build) into a temporary folder and serves it with `vite preview`. */
export async function startHarness(): Promise<Harness> {
  const outDir = await mkdtemp(join(tmpdir(), 'waypost-ui-harness-'));
  await build({ configFile, build: { outDir } });
  const port = await freePort();
  const server: PreviewServer = await preview({ configFile, build: { outDir }, preview: { host: '127.0.0.1', port, strictPort: true } });
  return {
    origin: `http://127.0.0.1:${port}`,
    outDir,
    async close() {
      await server.close();
      await rm(outDir, { recursive: true, force: true });
    },
  };
}
