import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaOptions } from './vite-pwa-options.js';

const repoRoot = import.meta.dirname;
const apiServer = 'http://127.0.0.1:3000';

// The page lives in src/web; the server serves the build from dist/web at "/".
export default defineConfig({
  root: resolve(repoRoot, 'src/web'),
  plugins: [react(), VitePWA(pwaOptions)],
  build: {
    outDir: resolve(repoRoot, 'dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // The policy's font-src takes fonts from Quire's origin only, never inlined as data: URLs.
    assetsInlineLimit: (file) => (/\.(woff2?|ttf|otf)$/.test(file) ? false : undefined),
    // The diagram page is a page of its own: Mermaid draws there (docs/security.md).
    rollupOptions: {
      input: {
        index: resolve(repoRoot, 'src/web/index.html'),
        'diagram-frame': resolve(repoRoot, 'src/web/diagram-frame.html'),
        // A shared note's page, for readers without an account: the server fills it in.
        share: resolve(repoRoot, 'src/web/share.html'),
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': { target: apiServer },
      '/dictionaries': { target: apiServer },
      '/socket': { target: apiServer, ws: true },
    },
  },
});
