import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Imports flow domain ← data ← features ← app, and server → domain (STYLE.md).
const layer = (from, except = []) => ({
  group: from.map((f) => `**/${f}/**`).filter((g) => !except.includes(g)),
  message: `this layer may not import from ${from.join(', ')}`,
});

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'coverage/**', 'test-results/**', 'src/couch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The legal pages' small script runs as a classic browser script, ES5 style.
    files: ['public/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
    rules: {
      'no-empty': ['error', { allowEmptyCatch: true }],
      '@typescript-eslint/no-unused-vars': ['error', { caughtErrors: 'none' }],
    },
  },
  {
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            layer(['data', 'features', 'app', 'server', 'components']),
            { group: ['react', 'react-*', 'pouchdb*', 'node:*', '@mui/*'], message: 'domain is pure TypeScript' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/data/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [layer(['features', 'app', 'server', 'components'])] }] },
  },
  {
    files: ['src/components/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [layer(['features', 'app', 'server'])] }] },
  },
  {
    files: ['src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [layer(['app', 'server']), { group: ['pouchdb*'], message: 'features read data through src/data' }],
        },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [layer(['data', 'features', 'app', 'components'])] }],
    },
  },
);
