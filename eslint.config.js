import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/**
 * The layers of ../shared/DESIGN.md, enforced: an import may only point down.
 *   domain  <-  engines, data, providers, store, report (pure HTML rendering)  <-  ops  <-  doors (cli, http, mcp)
 * src/config/ sits beside ops (it reads data codecs, never ops). A door reaches engines, data, stores
 * and providers only through src/ops (the doors' few direct needs, such as the Stores type or the
 * book readers, are re-exported by src/ops/facade/*): no exception. A wrong-way import or an import
 * circle (runtime or dynamic `import()`; `import type` edges are erased at compile time and left to
 * test/lint/layers.test.ts) fails `npm run lint`, so it fails `npm test`.
 */
const layer = (target, from, message) => ({ target, from, message });
const DOORS = ['./src/cli', './src/http', './src/mcp'];
const BELOW_OPS = ['./src/engines', './src/data', './src/store', './src/providers'];
const ABOVE_FLOORS = ['./src/ops', ...DOORS];
const LAYERS = [
  layer('./src/domain', [...BELOW_OPS, ...ABOVE_FLOORS, './src/config'], 'domain imports nothing of svc above it'),
  layer('./src/engines', ['./src/data', './src/providers', './src/store', ...ABOVE_FLOORS, './src/config'], 'engines are pure: domain only'),
  layer('./src/data', ['./src/engines', './src/providers', './src/store', ...ABOVE_FLOORS, './src/config'], 'data codecs import domain only'),
  layer('./src/providers', ['./src/engines', './src/store', ...ABOVE_FLOORS, './src/config'], 'providers import domain and data only'),
  layer('./src/store', ['./src/engines', './src/providers', ...ABOVE_FLOORS], 'stores import domain and data only'),
  layer('./src/config', ['./src/engines', './src/providers', './src/store', ...ABOVE_FLOORS], 'config reads the environment and data codecs, nothing above'),
  layer('./src/ops', DOORS, 'operations never import a door'),
  ...DOORS.map((door) => layer(door, BELOW_OPS, 'a door reaches engines, data, stores and providers only through operations (src/ops)')),
  // The CLI is also the launcher of the other doors (`svc serve`, `svc mcp`), so only it may import them.
  ...DOORS.filter((door) => door !== './src/cli').map((door) => layer(door, DOORS.filter((d) => d !== door), 'a door never imports another door')),
  // src/report renders what operations computed (the report ops call it for their HTML): a floor beside the engines, domain only.
  layer('./src/report', [...BELOW_OPS, ...ABOVE_FLOORS, './src/config'], 'reports only render what operations computed'),
];

/**
 * Outbound requests leave svc only through src/providers/ (its clients pass the test runner's
 * real-host guard, and each is a provider on the contract or a transport said why in
 * docs/architecture.md): elsewhere in src/ no HTTP client module, static or lazy, and no global
 * `fetch`. Node's `http`/`https` types stay allowed (`import type`): the HTTP door types its
 * listener's requests and options with them, and fastify, not svc, opens that listener. So do
 * `node:http`'s server classes (`ServerResponse`, `IncomingMessage`): the door proves Node's header
 * store on a response of its own (src/http/headers.ts). Its client (`request`, `get`, `Agent`,
 * `ClientRequest`, the module object) is refused. No other exception.
 */
const CLIENT_MODULES = ['undici', 'node:http', 'node:https', 'node:http2', 'http', 'https', 'http2'];
/** `node:http`'s client (and the module object, which holds it); its server classes stay allowed. */
const HTTP_CLIENT_NAMES = ['request', 'get', 'Agent', 'ClientRequest', 'globalAgent', 'default'];
const SERVER_SIDE = new Set(['node:http', 'http']);
const OUTBOUND = 'outbound HTTP lives in src/providers/ (a provider, or a transport such as the audit sink): an op or a door calls it there';

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
    ignores: ['src/providers/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: CLIENT_MODULES.map((name) =>
            SERVER_SIDE.has(name) ? { name, importNames: HTTP_CLIENT_NAMES, message: OUTBOUND, allowTypeImports: true } : { name, message: OUTBOUND, allowTypeImports: true },
          ),
        },
      ],
      'no-restricted-syntax': ['error', ...CLIENT_MODULES.map((name) => ({ selector: `ImportExpression[source.value='${name}']`, message: OUTBOUND }))],
      'no-restricted-globals': ['error', { name: 'fetch', message: OUTBOUND }],
    },
  },
  {
    files: ['src/**/*.ts'],
    plugins: { 'import-x': importX },
    // `.js` specifiers resolve to the `.ts` sources, as TypeScript resolves them.
    // Without `import-x/extensions` and `import-x/parsers` import-x reads only .js/.mjs/.cjs files
    // when it follows an import, so `no-cycle` saw no edge between two .ts files and never fired.
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: LAYERS }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
