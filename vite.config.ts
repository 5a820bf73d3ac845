import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';
import { contentSecurityPolicy } from './csp.config';

export default defineConfig({
  plugins: [vue(), contentSecurityPolicy()],
  server: { port: 5173 },
  preview: { port: 4173 },
  build: { target: 'es2022', chunkSizeWarningLimit: 2000 },
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
  },
});
