import { defineConfig } from 'vitest/config';

// Browser tests: the real server on a free port per test file, the built console, Debian's Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    setupFiles: ['tests/e2e/csp-check.ts'],
    testTimeout: 60000,
    hookTimeout: 180000,
    fileParallelism: false,
  },
});
