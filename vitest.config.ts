import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { definitionValidator } from './scripts/definition-validator';
import { formValidators } from './scripts/form-validators';
import { runtimeAliases } from './scripts/runtime-package';

// `npm test` runs two projects: the server API suite (node, real SQLite or PostgreSQL) and the front-end
// suite (jsdom) for the runtime, the page definitions and the shell.
// The server projects run their files one after another in each worker without a fresh module graph per file
// (isolate: false): every file starts its own server on its own database, and importing the server once per worker
// instead of once per file cuts the suite's CPU time by more than half. Nothing in the server or the harness may
// keep state between servers at module level, and no test file may change process.env or mock a module.
const TOOLS = [
  'tests/scripts/**/*.test.ts',
  'tests/vectors/**/*.test.ts',
  'tests/server/architecture/**/*.test.ts',
  'tests/server/docs/api-types.test.ts',
];

export default defineConfig({
  plugins: [react(), definitionValidator(), formValidators()],
  // The console imports the runtime by its package name (runtime/package.json).
  resolve: { alias: runtimeAliases },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'tests/dictionaries/**/*.test.ts'],
          exclude: [...TOOLS],
          testTimeout: 30000,
          hookTimeout: 60000,
          isolate: false,
        },
      },
      {
        // What needs no database: the repository's own scripts and architecture, the wire types, the providers'
        // signing vectors. `npm test` runs them once; the PostgreSQL run (`--project server`) leaves them out.
        extends: true,
        test: {
          name: 'tools',
          environment: 'node',
          include: [...TOOLS],
          testTimeout: 30000,
          hookTimeout: 60000,
          isolate: false,
        },
      },
      {
        // The money suites once more, on the real WeChat Pay v3 client against its local double (harness.ts): a
        // representative file each for payments and orders (deposit and pay-score rentals, finished and refunded),
        // recovery, splits and wallets. Another file that takes its provider side from bankOf runs so with
        // `TEST_PAY_PROVIDER=wechat npx vitest run --project server <file>`.
        extends: true,
        test: {
          name: 'server-wechat',
          environment: 'node',
          include: [
            'tests/server/orders/app-rental.test.ts',
            'tests/server/recovery/recovery.test.ts',
            'tests/server/splits/split.test.ts',
            'tests/server/wallets/withdrawal.test.ts',
          ],
          env: { TEST_PAY_PROVIDER: 'wechat' },
          testTimeout: 30000,
          hookTimeout: 60000,
          isolate: false,
        },
      },
      {
        // The deposit and pay-score rentals once more, with the merchant verifying WeChat Pay's answers and
        // notifications with the 微信支付公钥 instead of platform certificates (the double in public-key mode).
        extends: true,
        test: {
          name: 'server-wechat-public-key',
          environment: 'node',
          include: ['tests/server/orders/app-rental.test.ts'],
          env: { TEST_PAY_PROVIDER: 'wechat', TEST_WECHATPAY_VERIFY_MODE: 'public-key' },
          testTimeout: 30000,
          hookTimeout: 60000,
          isolate: false,
        },
      },
      {
        // The official account suite once more, on the live platform client against the platform's double.
        extends: true,
        test: {
          name: 'server-mp-live',
          environment: 'node',
          include: ['tests/server/mp/official-account.test.ts'],
          env: { TEST_MP_PLATFORM: 'wechat' },
          testTimeout: 30000,
          hookTimeout: 60000,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: [
            'tests/runtime/**/*.test.{ts,tsx}',
            'tests/pages/**/*.test.{ts,tsx}',
            'tests/schema/**/*.test.{ts,tsx}',
            'tests/src/**/*.test.{ts,tsx}',
          ],
          setupFiles: ['tests/setup-web.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
