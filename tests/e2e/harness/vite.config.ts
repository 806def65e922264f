import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The browser tests' harness for src/ui components that have no screen yet. Built into a
 * temporary folder by the spec that uses it, with the app's own plugins, so the maplibre and
 * pdf.js workers are bundled exactly as in the app's build.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss()],
  logLevel: 'warn',
  build: { emptyOutDir: true },
  preview: { host: '127.0.0.1' },
});
