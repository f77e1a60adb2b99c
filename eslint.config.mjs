// Flat config. Module boundaries come from the Nx tags in each package.json (see docs/architecture.md).
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import jest from 'eslint-plugin-jest';

const GAME_BANNED_IMPORTS = [
  'fs', 'node:fs', 'fs/promises', 'node:fs/promises', 'net', 'node:net', 'http', 'node:http', 'https', 'node:https',
  'child_process', 'node:child_process', 'worker_threads', 'node:worker_threads', 'crypto', 'node:crypto',
  'better-sqlite3', 'fastify', 'graphql', 'react', 'next',
];

/** The Nx tag rules (docs/architecture.md); `serverMayOpen` adds what a server package may import besides. */
function boundaries(serverMayOpen = []) {
  return [
    'error',
    {
      enforceBuildableLibDependency: false,
      allow: [],
      depConstraints: [
        { sourceTag: 'scope:game', onlyDependOnLibsWithTags: ['scope:game'] },
        // scope:platform: plain Node helpers for background threads (libs/platform/threads), no framework, no domain.
        { sourceTag: 'scope:platform', onlyDependOnLibsWithTags: ['scope:platform'] },
        { sourceTag: 'scope:event-store', onlyDependOnLibsWithTags: ['scope:event-store', 'scope:platform'] },
        { sourceTag: 'type:port', onlyDependOnLibsWithTags: ['type:port'] },
        { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:game', 'type:port', 'scope:contracts', 'scope:server', 'scope:platform', ...serverMayOpen] },
        { sourceTag: 'scope:contracts', onlyDependOnLibsWithTags: ['scope:contracts', 'scope:game'] },
        { sourceTag: 'scope:app', onlyDependOnLibsWithTags: ['scope:game', 'scope:event-store', 'scope:server', 'scope:contracts', 'scope:platform'] },
        // The browser console: the pure game libraries (odds, fairness verifier), never the server or the store.
        { sourceTag: 'scope:console', onlyDependOnLibsWithTags: ['scope:game'] },
      ],
    },
  ];
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', '**/.next/**', '**/*.cjs', '**/*.mjs', 'tmp/**', 'apps/console/src/data/generated/**', 'apps/console/next-env.d.ts'] },
  ...tseslint.configs.recommended,
  prettier,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': boundaries(),
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'max-lines': ['error', { max: 250, skipBlankLines: true, skipComments: true }],
      complexity: ['error', { max: 12, variant: 'modified' }],
      'max-depth': ['error', 3],
      'max-params': ['error', 4],
    },
  },
  {
    // Decorator-driven Nest code needs runtime imports of injected classes.
    files: ['apps/api/**/*.ts', 'libs/server/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // The domain stays pure; its tests may read fixture files.
    files: ['libs/game/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: GAME_BANNED_IMPORTS, patterns: ['@nestjs/*', '@eventstore/*', '@liars-dice/event-store-*'] }],
    },
  },
  {
    files: ['libs/game/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Randomness enters through commands (dice, chambers), never inside libs/game.' },
        { object: 'Date', property: 'now', message: 'Time enters through commands, never inside libs/game.' },
      ],
      'no-restricted-syntax': [
        'error',
        // Reading the clock is banned; formatting an instant a command brought (`new Date(at)`) is not.
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Time enters through commands, never inside libs/game.' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Integration specs run against real services, so they may open an adapter; the code they test still may not.
    files: ['**/*.int-spec.ts'],
    rules: { '@nx/enforce-module-boundaries': boundaries(['scope:event-store']) },
  },
  {
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', '**/test/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }], 'max-params': 'off' },
  },
  {
    // No focused or skipped tests anywhere (a suite that needs something absent says so with it.todo).
    files: ['**/*.ts'],
    plugins: { jest },
    rules: { 'jest/no-focused-tests': 'error', 'jest/no-disabled-tests': 'error' },
  },
);
