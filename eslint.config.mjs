import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';

/** Node built-ins, bare and `node:`-prefixed: workflow code must never reach them (determinism). */
const nodeBuiltins = builtinModules.flatMap((m) => [m, `node:${m}`]);

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', '.tools/', '.data/', 'coverage/', 'scratch/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // CommonJS configuration files (the layer rules in .dependency-cruiser.cjs).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Workflows are replayed: no Node built-ins, no I/O libraries, only types from activities/ and src/.
    files: ['workflows/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.map((name) => ({ name, message: 'Workflows must be deterministic: no Node built-ins.' })),
          patterns: [
            {
              group: ['pg', 'ioredis', 'koa', '@koa/*', '@mikro-orm/*', 'pino', 'undici', 'axios', 'node-fetch', '@temporalio/activity', '@temporalio/client', '@temporalio/worker'],
              message: 'Workflows must not do I/O: call an activity instead.',
            },
            {
              group: ['../activities/*', '../src/*', '../src/**'],
              allowTypeImports: true,
              message: 'Workflows may import only types from activities/ and src/.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'process', 'setImmediate', 'require'],
    },
  },
  {
    // The domain knows no HTTP: routes call modules, never the reverse (the shared zod lives in src/schemas/).
    files: ['src/modules/**/*.ts', 'src/sources/**/*.ts', 'src/matching/**/*.ts', 'activities/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/http/*', '**/http/**', 'koa', '@koa/*', 'koa-*'], message: 'The domain must not depend on the HTTP layer.' }],
        },
      ],
    },
  },
);
