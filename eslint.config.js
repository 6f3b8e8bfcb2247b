import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';

/**
 * The layers (docs/architecture.md): adapters (src/action, src/cli) → src/operations → src/client, with
 * src/runtime between the adapters and the operations; the emulator stands on the other side of the wire.
 * eslint-plugin-boundaries classifies every file under a layer's folder at any depth and checks each import
 * after resolving it (the TypeScript resolver maps `./x.js` to `./x.ts`), so a file in src/emulator/areas/ is
 * held to the emulator's rule like one in src/emulator/.
 */
const LAYERS = ['action', 'cli', 'runtime', 'operations', 'client', 'emulator'];
const GITHUB = { to: { module: { origin: 'external', source: '@actions/*' } } };
const layer = (type) => ({ element: { type } });
const forbid = (from, layers, extra = []) => ({
  from: layer(from),
  disallow: [...layers.map((type) => ({ to: layer(type) })), ...extra],
});

/** Everything not forbidden is allowed; packages are checked too (`checkAllOrigins`), or @actions/* would pass. */
const OPTIONS = { default: 'allow', checkAllOrigins: true };
/** What each layer must not import. */
const POLICIES = [
  forbid('client', ['action', 'cli', 'runtime', 'operations', 'emulator'], [GITHUB]),
  forbid('operations', ['action', 'cli', 'runtime', 'emulator'], [GITHUB]),
  forbid('runtime', ['action', 'cli', 'emulator'], [GITHUB]),
  forbid('emulator', ['action', 'cli', 'runtime', 'operations', 'client'], [GITHUB]),
  forbid('cli', ['action'], [GITHUB]),
  forbid('action', ['cli', 'emulator']),
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // The rules of the house hold for all of the repository's code: the action, its bench and its scripts.
    files: ['src/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    // No circle of imports is scripts/import-cycles.ts's (in `npm run lint`, type imports counted): import-x's
    // no-cycle found no loop it misses and cost a third of ESLint's time (docs/test-speed.md, 2026-11-29).
    rules: {
      // Short files with one purpose: counted as `wc -l` counts, blank lines and comments included.
      'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }],
      // A function is something a reader can hold; a longer one becomes a few named steps.
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
  {
    files: ['src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': LAYERS.map((type) => ({ type, pattern: `src/${type}`, partialMatch: false })),
      'import/resolver': { typescript: { project: './tsconfig.json' } },
    },
    rules: { 'boundaries/dependencies': ['error', { ...OPTIONS, policies: POLICIES }] },
  },
  {
    // CommonJS by design: the bundles' undici entry (src/client/start-up/undici.cjs) requires undici's own files.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The command line's entry file sits outside the layer folders: held to src/cli's rule by hand.
    files: ['src/cli.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@actions/*', './action/*'] }] },
  },
);
