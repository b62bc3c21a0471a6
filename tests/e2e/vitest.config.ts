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
    // CI runs this suite beside the unit suites on two cores: a click that lands while an antd dialog still zooms in
    // is tried once more instead of failing the run. A test that fails twice fails.
    retry: 1,
    // A page redraws in tens of milliseconds alone but seconds beside the unit suites: vitest's 1 s is too short.
    expect: { poll: { timeout: 15000 } },
  },
});
