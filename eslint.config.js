import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: "MemberExpression[object.name='process'][property.name='env']", message: 'Read configuration in apps/server/src/env.ts only.' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Features share through lib/ (guards, notices, lazy loading, UI parts); only app/ composes them.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+app(/|$)', message: 'Features do not import apps/web/src/app: move what several features share to apps/web/src/lib.' }] },
      ],
    },
  },
  {
    // Entry points and test tooling may read the environment directly.
    files: ['apps/server/src/env.ts', 'apps/server/test/**', '**/*.test.ts', 'playwright.config.ts', 'apps/web/e2e/**', 'scripts/**', 'apps/server/build.mjs'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
