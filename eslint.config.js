import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import parley from './eslint-rules/boundaries.js';
import parleyText from './eslint-rules/no-literal-text.js';
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
    // Issue 19: the web app renders catalogue texts only (the admin console may stay English).
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', 'apps/web/src/features/admin/**', 'apps/web/src/test/**'],
    plugins: { 'parley-text': parleyText },
    rules: { 'parley-text/no-literal-text': 'error' },
  },
  {
    // Issue 32 §3: fetchers return what the contract schema parsed, never an asserted type.
    files: ['apps/web/src/features/*/api/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'parley-api': parleyApi },
    rules: { 'parley-api/no-api-casts': 'error' },
  },
  {
    // The admin console's generic hooks are typed by each screen (left: schemas per screen).
    files: ['apps/web/src/features/admin/api/admin-query.ts'],
    rules: { 'parley-api/no-api-casts': ['error', { typeArguments: false }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { window: 'readonly', document: 'readonly', localStorage: 'readonly', navigator: 'readonly' } },
  },
);
