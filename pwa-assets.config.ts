import { defineConfig, minimal2023Preset } from '@vite-pwa/assets-generator/config';

// `npm run icons` makes the app icons (PNG) from the favicon; they are committed.
export default defineConfig({
  preset: minimal2023Preset,
  images: ['src/web/public/favicon.svg'],
});
