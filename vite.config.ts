import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';
import { VitePWA } from 'vite-plugin-pwa';
import { contentSecurityPolicy } from './csp.config.ts';

export default defineConfig({
  // Relative addresses: the built app runs from any folder of any static host (views are addressed in the URL's
  // fragment, src/router.ts, so the server is only ever asked for index.html and the assets beside it).
  base: './',
  plugins: [
    vue(),
    contentSecurityPolicy(),
    // Offline and installable: a web app manifest and a service worker that precaches the whole build (the lazy
    // PDF chunk and the print fonts too, so printing works offline). Off in `npm start` (dev); on in `npm run build` and the tests.
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      includeAssets: ['icon.svg'],
      manifest: {
        name: 'Nevsky Scenario Studio',
        short_name: 'Nevsky Studio',
        description: 'Prepare, check, share, print and play scenarios for the Nevsky wargame.',
        theme_color: '#2d3a4a',
        background_color: '#f3efe4',
        display: 'standalone',
        start_url: '.',
        scope: '.',
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,ttf,json,wasm}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: 'index.html',
        cleanupOutdatedCaches: true,
        // The first visit is served by the new worker at once, so going offline straight after it still works.
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  server: { port: 5173 },
  preview: { port: 4173 },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      // The rules, rule sets and scenario modules are pure (tests/purity.test.ts): importing one name from the
      // src/rules barrel must not pull the whole engine and its AI into the first load.
      treeshake: { moduleSideEffects: [{ test: /\/src\/(rules|engine|ai|distance|generated|rulesets|scenario)\//, sideEffects: false }] },
    },
  },
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    // The full-length fuzz files keep both cores busy while the PDF tests run beside them: allow for that.
    testTimeout: 60_000,
  },
});
