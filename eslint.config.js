// One lint for the whole repository: type-aware typescript-eslint, React hooks on the web, and the one-way import
// rules of STYLE.md (web: components/lib -> features -> app; features never import each other;
// server: routes/ocpp -> services -> repositories; a module's repositories are its own).
import { readdirSync } from 'node:fs';
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

// A table has one owner (STYLE.md 13): a module's repositories are imported by that module only; every other
// module, and the OCPP transport, asks its services. Server modules are the folders of apps/server/src/modules.
const serverModules = readdirSync(new URL('./apps/server/src/modules', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const otherModulesRepositories = (name) => ({
  // '../<other>/x.repository.ts' from inside a module, or any path through 'modules/<other>/'.
  regex: `(^\\.\\./|/modules/)(?!${name}/)[^/]+/[^/]+\\.repository(\\.ts)?$`,
  message: `a module's tables are its own: ask that module's service, not its repository (STYLE.md 13)`,
});
const belowServices = {
  group: ['**/*.service.ts', '**/*.routes.ts', '**/ocpp/**'],
  message: 'repositories sit below services',
};
const belowTransports = {
  group: ['**/*.routes.ts', '**/ocpp/handlers/**', '**/ocpp/*/handlers/**'],
  message: 'services sit below transports',
};
const restrict = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

function serverImportRules() {
  const src = 'apps/server/src';
  return [
    restrict([`${src}/**/*.repository.ts`], [belowServices]),
    restrict([`${src}/**/*.service.ts`], [belowTransports]),
    restrict(
      [`${src}/ocpp/**`],
      [
        {
          group: ['**/*.repository', '**/*.repository.ts'],
          message: 'OCPP handlers are a transport: they ask services',
        },
      ],
    ),
    ...serverModules.flatMap((name) => {
      const own = `${src}/modules/${name}`;
      return [
        restrict([`${own}/**`], [otherModulesRepositories(name)]),
        restrict([`${own}/**/*.repository.ts`], [otherModulesRepositories(name), belowServices]),
        restrict([`${own}/**/*.service.ts`], [otherModulesRepositories(name), belowTransports]),
      ];
    }),
  ];
}

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
  // Server: one rule object per file kind and module, since a later no-restricted-imports replaces an earlier one.
  ...serverImportRules(),
);
