import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressPlugin } from './scripts/precompress.ts';

/**
 * Paths the stack (and Supabase's gateway) answers itself: the service worker never serves the app
 * shell for them, so an email link to /auth/v1/verify or a proof opened from /storage/v1 reaches the server.
 */
const SERVER_PATHS = /^\/(rest|auth|realtime|storage|functions|mail|graphql|pg|analytics)(\/|$)/;

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // The app shell offline (the driver app opens in a basement): a Workbox service worker, built for
    // production only, precaches the built files and answers navigations with index.html. It is
    // registered from src/main.tsx in production builds; `npm run dev` and the tests never see it.
    VitePWA({
      strategies: 'generateSW',
      registerType: 'autoUpdate',
      injectRegister: false,
      manifest: false,
      devOptions: { enabled: false },
      workbox: {
        // Everything the build emits that the app may load: its chunks (maplibre, pdf.js and their
        // workers), styles, fonts, wasm and the public images. Source maps stay on the server.
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,jpg,jpeg,webp,gif,ico,woff,woff2,wasm,json,pbf,txt}'],
        globIgnores: ['**/*.map'],
        // maplibre and pdf.js are a few MB each; they must be there offline too.
        maximumFileSizeToCacheInBytes: 15 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [SERVER_PATHS, /\/[^/?]+\.[a-z0-9]+$/i],
        // A new build takes over at once (the page reloads onto it: src/main.tsx) and its
        // predecessor's files are dropped, so nobody stays on an old shell.
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        // Hashed file names are the version: no cache-busting query on top.
        dontCacheBustURLsMatching: /\/assets\/.+-[\w-]{8,}\.\w+$/,
      },
    }),
    // Brotli and gzip copies of dist/'s files, made once here at the best levels, which the stack
    // serves by Accept-Encoding as a static host or CDN does (globPatterns above never match them).
    precompressPlugin(),
  ],
  // 5173 is listed in supabase/config.toml's auth redirect URLs, so mail links land back in `npm run dev`.
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  build: { sourcemap: true },
});
