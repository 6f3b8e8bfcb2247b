import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // The layers: only the GitHub adapter may import @actions/*.
      'no-restricted-imports': 'off',
    },
  },
  {
    files: [
      'src/client/**',
      'src/operations/**',
      'src/emulator/**',
      'src/inputs/**',
      'src/cli/**',
      'src/cli.ts',
    ],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@actions/*', '../action/*', '../cli.js'] }],
    },
  },
  {
    files: ['src/emulator/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@actions/*', '../client/*', '../operations/*'] }],
    },
  },
);
