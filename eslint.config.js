import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { builtinModules } from 'node:module';

const CORE_IO_MESSAGE =
  'packages/core runs in the browser and on the server: no I/O, no framework, no environment.';

/** Frameworks and I/O libraries of the apps, which core must not depend on. */
const CORE_FORBIDDEN_PACKAGES = [
  'react',
  'react-dom',
  'react-imask',
  'fastify',
  '@fastify/[^/]+',
  'kysely',
  'pg',
  'better-sqlite3',
  'undici',
  'ws',
];

/** Web APIs that browsers and Node 20 both provide, which core may use. */
const CORE_SHARED_GLOBALS = new Set(['URL', 'URLSearchParams', 'TextEncoder', 'crypto']);

/** Globals of the browser (DOM) and of Node that are not part of the language itself. */
const CORE_FORBIDDEN_GLOBALS = [
  ...new Set([...Object.keys(globals.browser), ...Object.keys(globals.node)]),
].filter((name) => !Object.hasOwn(globals.builtin, name) && !CORE_SHARED_GLOBALS.has(name));

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/coverage/**', 'data/**', 'e2e/artifacts/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['apps/web/**/*.tsx'],
    ...jsxA11y.flatConfigs.strict,
  },
  {
    // packages/core is shared by browser and server: no I/O, no environment. Its tests may
    // read files; its sources may use only the language and the Web APIs both sides provide
    // (declared for its type check in packages/core/web-globals.d.ts).
    files: ['packages/core/src/**/*.ts'],
    ignores: ['packages/core/src/**/*.test.ts', 'packages/core/src/**/test-helpers.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: builtinModules.map((name) => ({ name, message: CORE_IO_MESSAGE })),
          patterns: [
            {
              regex: `^(node:|(${CORE_FORBIDDEN_PACKAGES.join('|')})(/|$))`,
              message: CORE_IO_MESSAGE,
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...CORE_FORBIDDEN_GLOBALS.map((name) => ({ name, message: CORE_IO_MESSAGE })),
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportExpression', message: `Dynamic import: ${CORE_IO_MESSAGE}` },
      ],
    },
  },
);
