import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import parley from './eslint-rules/boundaries.js';
import parleyText from './eslint-rules/no-literal-text.js';
import globals from 'globals';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import parleyApi from './eslint-rules/no-api-casts.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'release/**', 'data/**', 'bench/results/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': 'off',
    },
  },
  {
    // The module rules of docs/ARCHITECTURE.md (tests may reach anywhere to set up and check).
    files: ['apps/web/src/features/**/*.{ts,tsx}', 'apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.test-support.ts'],
    plugins: { parley },
    rules: { 'parley/boundaries': 'error' },
  },
  {
    // SQL lives in repositories (ARCHITECTURE.md); the db layer (connect, dialect helpers, migrations) builds its own.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/db/**', '**/*.test.ts', '**/*.test-support.ts'],
    plugins: { parley },
    rules: { 'parley/sql-in-repositories': 'error' },
  },
  {
    // A dialect difference lives in one helper in db/ (STYLE.md, issue 37 §6): features never ask which database runs.
    files: ['apps/server/src/modules/**/*.ts', 'apps/server/src/plugins/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-support.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/db/dialect.js'], importNames: ['isPostgresDb'], message: 'Put the dialect difference in a helper in db/ (e.g. composedWrite).' },
          ],
        },
      ],
    },
  },
  {
    // Issue 19: the web app renders catalogue texts only (the admin console may stay English).
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', 'apps/web/src/features/admin/**', 'apps/web/src/test/**'],
    plugins: { 'parley-text': parleyText },
    rules: { 'parley-text/no-literal-text': 'error' },
  },
  {
    // The rules of hooks (the classic two; the compiler's rules of v7 are not adopted) and accessibility.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrollable table is a focusable region (axe's scrollable-region-focusable asks for it).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['region', 'tabpanel'], allowExpressionValues: true }],
      // Inputs wrapped in a label whose text is a translated expression.
      'jsx-a11y/label-has-associated-control': ['error', { assert: 'either', depth: 3 }],
    },
  },
  {
    // The hand-written service worker (issue 34 §3).
    files: ['apps/web/public/sw.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } },
  },
  {
    // Issue 32 §3: fetchers return what the contract schema parsed, never an asserted type.
    files: ['apps/web/src/features/*/api/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'parley-api': parleyApi },
    rules: { 'parley-api/no-api-casts': 'error' },
  },
  {
    // Issue 32 §3: the admin console's components that fetch parse with the contract too.
    files: ['apps/web/src/features/admin/components/llm-connection.tsx', 'apps/web/src/features/admin/components/crud-screen.tsx'],
    plugins: { 'parley-api': parleyApi },
    rules: { 'parley-api/no-api-casts': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { window: 'readonly', document: 'readonly', localStorage: 'readonly', navigator: 'readonly' } },
  },
);
