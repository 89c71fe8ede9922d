import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';

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

/** The folder the zone paths below are relative to, wherever eslint is started. */
const REPOSITORY_ROOT = import.meta.dirname;
const WEB_SRC = './apps/web/src';
const WEB_SHARED = [`${WEB_SRC}/components`, `${WEB_SRC}/lib`, `${WEB_SRC}/stores`];

/** The claimant site's features, one folder each; a new one is covered by the zones at once. */
const WEB_FEATURES = readdirSync(join(REPOSITORY_ROOT, WEB_SRC, 'features'), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The web app's import direction: shared code (components, lib, stores), then features, then
 * app. A feature imports neither another feature nor app; shared code imports neither.
 */
const WEB_LAYER_ZONES = [
  ...WEB_FEATURES.map((feature) => ({
    target: `${WEB_SRC}/features/${feature}`,
    from: `${WEB_SRC}/features`,
    except: [`./${feature}`],
    message:
      'A feature does not import another feature: compose them in app/, pass what is needed in, or move shared state to components/, lib/ or stores/.',
  })),
  {
    target: `${WEB_SRC}/features`,
    from: `${WEB_SRC}/app`,
    message: 'Features do not import app/: app/ composes the features.',
  },
  {
    target: WEB_SHARED,
    from: [`${WEB_SRC}/features`, `${WEB_SRC}/app`],
    message: 'Shared code (components/, lib/, stores/) imports neither features nor app/.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-snapshot/**',
      '**/coverage/**',
      'data/**',
      'e2e/artifacts/**',
    ],
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
    files: ['apps/{web,admin}/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['apps/{web,admin}/**/*.tsx'],
    ...jsxA11y.flatConfigs.strict,
  },
  {
    // The import rules follow imports through TypeScript's resolution. One run of eslint sees
    // no file change, so what is resolved and parsed is kept for the whole run. That cache is
    // keyed by the parser options, so .ts files get the same as .tsx ones (the parser reads
    // JSX by the file's extension whatever they say) and each module is parsed once, not twice.
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/core/src/**/*.ts'],
    plugins: { 'import-x': importX },
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            join(REPOSITORY_ROOT, 'apps/web/tsconfig.json'),
            join(REPOSITORY_ROOT, 'packages/core/tsconfig.json'),
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
      'import-x/cache': { lifetime: Infinity },
    },
  },
  {
    // Import cycles: a module never depends, through others, on itself. Type-only imports do
    // not count, nor do other packages. Nothing imports a test, so tests are not checked.
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/core/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: REPOSITORY_ROOT, zones: WEB_LAYER_ZONES },
      ],
    },
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
