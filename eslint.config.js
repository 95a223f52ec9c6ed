// One lint for the whole repository: type-aware typescript-eslint, React hooks on the web, and the one-way import
// rules of STYLE.md (web: components/lib -> features -> app; features never import each other;
// server: routes/ocpp -> services -> repositories).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const featureNames = [
  'auth',
  'sites',
  'chargers',
  'sessions',
  'cards',
  'tariffs',
  'load',
  'invoices',
  'display',
  'account',
  'overview',
];

// The console has its own i18n (apps/web/src/lib/i18n.ts, ~15 KB gzip lighter on /login). ESLint keeps one
// no-restricted-imports per file (a later block replaces an earlier one), so every web block below repeats these.
// A file still written for i18next converts with `node tools/codemods/i18n-imports.mjs`.
const webRestrictedPaths = ['i18next', 'react-i18next'].map((name) => ({
  name,
  message:
    "use the console's own i18n (src/lib/i18n.ts): node tools/codemods/i18n-imports.mjs converts the file",
}));

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', '**/playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: webRestrictedPaths }],
    },
  },
  {
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: webRestrictedPaths,
          patterns: [
            {
              group: ['**/features/**', '**/app/**'],
              message: 'components and lib must not depend on features or app',
            },
          ],
        },
      ],
    },
  },
  ...featureNames.map((name) => ({
    files: [`apps/web/src/features/${name}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: webRestrictedPaths,
          patterns: [
            { group: ['**/app/**'], message: 'features must not import app' },
            {
              group: featureNames.filter((n) => n !== name).map((n) => `**/features/${n}/**`),
              message: 'features do not import each other; combine them in app/',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/server/src/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*.service.ts', '**/*.routes.ts', '**/ocpp/**'],
              message: 'repositories sit below services',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/*.routes.ts', '**/ocpp/handlers/**'], message: 'services sit below transports' },
          ],
        },
      ],
    },
  },
);
