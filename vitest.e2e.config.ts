import { defineConfig } from 'vitest/config';

// Browser tests: Playwright drives Debian's Chromium against the real app started on a free port.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.spec.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});
