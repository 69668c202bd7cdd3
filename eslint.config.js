import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/**
 * The layers of ../shared/DESIGN.md, enforced: an import may only point down.
 *   domain  <-  engines, data, providers, store  <-  ops  <-  doors (cli, http, mcp)
 * config.ts sits beside ops (it reads data codecs, never ops). A wrong-way import or an import
 * circle fails `npm run lint`, so it fails `npm test`.
 */
const layer = (target, from, message) => ({ target, from, message });
const LAYERS = [
  layer('./src/domain', ['./src/engines', './src/data', './src/providers', './src/store', './src/ops', './src/cli', './src/http', './src/mcp', './src/config.ts'], 'domain imports nothing of svc above it'),
  layer('./src/engines', ['./src/data', './src/providers', './src/store', './src/ops', './src/cli', './src/http', './src/mcp', './src/config.ts'], 'engines are pure: domain only'),
  layer('./src/data', ['./src/engines', './src/providers', './src/store', './src/ops', './src/cli', './src/http', './src/mcp', './src/config.ts'], 'data codecs import domain only'),
  layer('./src/providers', ['./src/engines', './src/store', './src/ops', './src/cli', './src/http', './src/mcp', './src/config.ts'], 'providers import domain and data only'),
  layer('./src/store', ['./src/engines', './src/providers', './src/ops', './src/cli', './src/http', './src/mcp'], 'stores import domain and data only'),
  layer('./src/config.ts', ['./src/engines', './src/providers', './src/store', './src/ops', './src/cli', './src/http', './src/mcp'], 'config reads the environment and data codecs, nothing above'),
  layer('./src/ops', ['./src/cli', './src/http', './src/mcp'], 'operations never import a door'),
  layer('./src/report', ['./src/engines', './src/data', './src/providers', './src/store', './src/ops', './src/cli', './src/http', './src/mcp', './src/config.ts'], 'reports only render what operations computed'),
  layer('./src/cli', ['./src/engines'], 'the CLI runs engines only through operations (invoke), never directly'),
  layer('./src/http', ['./src/cli', './src/mcp'], 'a door never imports another door'),
  layer('./src/mcp', ['./src/cli', './src/http'], 'a door never imports another door'),
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', AbortController: 'readonly', performance: 'readonly', structuredClone: 'readonly', TextEncoder: 'readonly', TextDecoder: 'readonly' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/cli/output.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    files: ['src/**/*.ts'],
    plugins: { 'import-x': importX },
    // `.js` specifiers resolve to the `.ts` sources, as TypeScript resolves them.
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: LAYERS }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
