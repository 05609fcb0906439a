/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { lingui } from '@lingui/vite-plugin';
import { stepValidators } from './tools/vite-plugin-step-validators';

export default defineConfig({
  root: 'site',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), lingui(), stepValidators()],
  build: {
    outDir: '../dist/site',
    emptyOutDir: true,
    target: 'es2022',
  },
  test: {
    root: '.',
    include: ['{engine,products,site,server,tests,tools}/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
