import type { VitePWAOptions } from 'vite-plugin-pwa';
import { ATTACHMENT_CACHE } from './src/web/attachments/attachment-cache.js';

/** The light theme's accent; the page sets the dark one with a media-matched meta tag. */
const THEME_LIGHT = '#3559e0';

/**
 * The installable app: a manifest, and a Workbox service worker that precaches the shell and
 * the hashed assets. API calls and the live socket never go through its caches, so they are
 * never served stale; the spell-check dictionaries and the attachments shown (which never
 * change) are kept for offline use.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  // The page registers the worker itself and asks the user before a new version takes over.
  registerType: 'prompt',
  injectRegister: false,
  includeAssets: ['favicon.svg', 'favicon.ico', 'apple-touch-icon-180x180.png'],
  manifest: {
    id: '/',
    name: 'Quire',
    short_name: 'Quire',
    description: 'Your markdown notes',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_LIGHT,
    background_color: '#f5f6f8',
    icons: [
      { src: 'pwa-64x64.png', sizes: '64x64', type: 'image/png' },
      { src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' },
      { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png' },
      {
        src: 'maskable-icon-512x512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/socket/, /^\/dictionaries\//, /^\/s\//],
    cleanupOutdatedCaches: true,
    // Where the browser has static routes, API calls skip the worker altogether.
    importScripts: ['/sw-network-routes.js'],
    runtimeCaching: [
      {
        // An attachment's bytes never change under its id: once shown, it is there offline.
        // The cache is emptied when the account signs out (attachment-access.ts).
        urlPattern: ({ url, request }) =>
          request.method === 'GET' && /^\/api\/attachments\/[A-Za-z0-9_-]{22}$/.test(url.pathname),
        handler: 'CacheFirst',
        options: {
          cacheName: ATTACHMENT_CACHE,
          expiration: { maxEntries: 500 },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        // The index names the current files: asked for first, the stored one when offline.
        urlPattern: ({ url }) =>
          url.pathname.startsWith('/dictionaries/') && url.pathname.endsWith('.json'),
        handler: 'NetworkFirst',
        options: { cacheName: 'quire-dictionary-index', networkTimeoutSeconds: 5 },
      },
      {
        // Versioned file names: a stored copy is always right, so the network is asked only once.
        // Room for every language's pair, so switching back and forth works offline too.
        urlPattern: ({ url }) => url.pathname.startsWith('/dictionaries/'),
        handler: 'CacheFirst',
        options: {
          cacheName: 'quire-dictionaries',
          expiration: { maxEntries: 12 },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
};
