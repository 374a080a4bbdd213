import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Imports flow domain ← data ← features ← app, and server → domain (STYLE.md).
const layer = (from, except = []) => ({
  group: from.map((f) => `**/${f}/**`).filter((g) => !except.includes(g)),
  message: `this layer may not import from ${from.join(', ')}`,
});

// A feature is its own: it may use domain, data and components, never another feature's files
// (what two features share moves down a layer). Paths are resolved, so '../x' and
// '../../features/x' are judged alike.
const FEATURES = path.resolve('src/features');
const featureOf = (file) => {
  const relative = path.relative(FEATURES, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? null : relative.split(path.sep)[0];
};
// The server's modules likewise (src/server/modules/<kind>/): a module never imports another's
// folder, and generic server code reaches them only through the registry, modules/index.ts
// (test/unit/server-modules.test.ts also keeps generic server files from naming a module).
const SERVER_MODULES = path.resolve('src/server/modules');
const serverModuleOf = (file) => {
  const relative = path.relative(SERVER_MODULES, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const parts = relative.split(path.sep);
  return parts.length > 1 ? parts[0] : null;
};
const REGISTRY = path.join(SERVER_MODULES, 'index.ts');
const importChecker = (context, judge) => {
  const check = (node) => {
    const source = node.source?.value;
    if (typeof source !== 'string' || !source.startsWith('.')) return;
    judge(node, path.resolve(path.dirname(context.filename), source));
  };
  return {
    ImportDeclaration: check,
    ExportNamedDeclaration: check,
    ExportAllDeclaration: check,
    ImportExpression: check,
  };
};
const moneta = {
  rules: {
    'server-module-boundaries': {
      meta: {
        type: 'problem',
        messages: {
          other: "server module '{{from}}' may not import server module '{{to}}'",
          generic: "generic server code may not import server module '{{to}}': go through modules/index.ts",
        },
      },
      create(context) {
        const from = serverModuleOf(context.filename);
        if (context.filename === REGISTRY || !context.filename.startsWith(path.resolve('src/server'))) return {};
        return importChecker(context, (node, target) => {
          const to = serverModuleOf(target);
          if (!to || to === from) return;
          context.report({ node: node.source, messageId: from ? 'other' : 'generic', data: { from, to } });
        });
      },
    },
    'feature-boundaries': {
      meta: { type: 'problem', messages: { other: "feature '{{from}}' may not import feature '{{to}}'" } },
      create(context) {
        const from = featureOf(context.filename);
        if (!from) return {};
        return importChecker(context, (node, target) => {
          const to = featureOf(target);
          if (to && to !== from) context.report({ node: node.source, messageId: 'other', data: { from, to } });
        });
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'coverage/**',
      'test-results/**',
      'src/couch/**',
      'src/server/modules/*/couch/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, moneta, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'moneta/feature-boundaries': 'error',
      'moneta/server-module-boundaries': 'error',
      // A cycle makes load order matter (a module used before it is defined); types do not count.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Node runs the server's files as they are: a relative import names its file, extension included.
      'import-x/extensions': ['error', 'ignorePackages'],
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
