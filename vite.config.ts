import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdOnDemand } from './scripts/antd-on-demand';
import { callsAhead } from './scripts/calls-ahead';
import { definitionValidator, validatorHelpers } from './scripts/definition-validator';
import { formValidators } from './scripts/form-validators';
import { runtimeAliases } from './scripts/runtime-package';
import { schemaTypesCheck } from './scripts/schema-types-check';
import { precompressed } from './scripts/vite-precompress';

// The console is built into dist/ and served by the API server; in development Vite proxies /api to it.
export default defineConfig({
  plugins: [
    react(),
    schemaTypesCheck(),
    definitionValidator(),
    formValidators(),
    antdOnDemand(),
    callsAhead(),
    precompressed(),
  ],
  resolve: {
    // The runtime's entries by package name (runtime/package.json); rjsf's Markdown renderer: the runtime's forms show
    // descriptions as plain text (runtime/form/plain-markdown.tsx).
    alias: [
      ...runtimeAliases,
      {
        find: /^markdown-to-jsx\/react$/,
        replacement: fileURLToPath(new URL('./runtime/form/plain-markdown.tsx', import.meta.url)),
      },
    ],
  },
  // The compiled validators import Ajv's helpers (CommonJS): prepared with the rest, not found on the first screen.
  optimizeDeps: { include: [...validatorHelpers, 'ajv-formats/dist/formats'] },
  server: {
    port: Number(process.env.VITE_PORT ?? 1888),
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 8080}` },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // antd's inputs reach rc-component packages (the form store and its validator, through antd's form context)
      // that do not declare themselves free of import side effects; they are (no module of theirs is imported for its
      // effects alone), so a screen keeps only what it uses.
      // The runtime's entries (runtime/package.json) only re-export: declared free of effects, they add no chunk of
      // their own and split nothing out of the sign-in page's script.
      treeshake: {
        moduleSideEffects: [
          { test: /node_modules[\\/]@rc-component[\\/]/, sideEffects: false },
          { test: /runtime[\\/](shell|widgets|studio)\.ts$/, sideEffects: false },
        ],
      },
    },
  },
});
