import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { SIGNED_IN_MODULES, screenModules } from './src/app/screen-modules.ts';
import { pagePreloads } from './src/build/page-preloads.ts';
import { precompress } from './src/build/precompress.ts';
import { stripStatechartDescriptions } from './src/build/strip-descriptions.ts';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3001';
const withPostgres = Boolean(process.env.DATABASE_URL);

export default defineConfig({
  plugins: [
    react(),
    stripStatechartDescriptions(import.meta.dirname),
    pagePreloads({
      dir: `${import.meta.dirname}/src/app`,
      shell: SIGNED_IN_MODULES,
      pages: screenModules,
    }),
    precompress(),
  ],
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  // No source maps in dist/: they would be served, and they publish the whole source.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the product supports preloads modules natively (Chromium, Safari 17, Firefox 115): the
    // polyfill for those that do not was 0.4 kB (gzip) of every first visit to /login.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the entry imports statically is one file. Left alone, Rolldown cut the modules the entry
        // shares with lazy screens into chunks of their own: 10 files for /login, whose imports and
        // exports between them and separate compression cost about 4.4 kB gzip.
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
  test: {
    globals: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'tests/domain/**/*.test.ts',
            'tests/machines/**/*.test.ts',
            'tests/cli/**/*.test.ts',
            'tests/server/**/*.test.ts',
            'tests/build/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/**/*.test.tsx'],
          exclude: ['tests/e2e/**'],
          setupFiles: ['tests/views/setup.ts'],
          // A model-based path renders the whole app and clicks through it: seconds on a busy machine.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api-pglite',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          env: { TEST_DATABASE: 'pglite' },
          hookTimeout: 60_000,
          testTimeout: 30_000,
        },
      },
      ...(withPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'api-postgres',
                environment: 'node' as const,
                include: ['tests/api/**/*.test.ts'],
                env: { TEST_DATABASE: 'postgres' },
                hookTimeout: 60_000,
                testTimeout: 30_000,
              },
            },
          ]
        : []),
    ],
  },
});
