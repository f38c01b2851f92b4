/**
 * The import rules of the monorepo (ARCHITECTURE.md, "Boundaries"), checked by `npm run lint`
 * (`npm run lint:deps`). dependency-cruiser resolves every import the way TypeScript and the bundler do
 * (the web app's `@/` alias, relative paths, workspace packages), so a rule holds whatever spelling an
 * import uses, `import type` and `import()` included.
 */

/** A feature's public entry points: `index.ts` (anything that may run in the browser), `server.ts`. */
const FEATURE_ENTRY = '^apps/web/src/features/[^/]+/(index|server)[.]ts$';
/** Test code: test files, the test-only folders, fixtures, and the crash test's child process. */
const TEST_CODE = ['[.]test[.]tsx?$', '^apps/[^/]+/src/test/', '[.]fixtures[.]ts$', '[.]child[.]ts$'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'feature-internals',
      severity: 'error',
      comment:
        'A feature uses another feature only through its index.ts or server.ts, never a file inside it (ARCHITECTURE.md). Export what is needed from the entry point, or move a piece several features share to components/ui or lib.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/[^/]+/',
        pathNot: ['^apps/web/src/features/$1/', FEATURE_ENTRY],
      },
    },
    {
      name: 'feature-entries-from-outside',
      severity: 'error',
      comment:
        'Routes (app/) and everything outside the features use a feature only through its index.ts or server.ts.',
      from: { path: '^apps/web/src/', pathNot: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/features/[^/]+/', pathNot: FEATURE_ENTRY },
    },
    {
      name: 'shared-code-above-features',
      severity: 'error',
      comment:
        'Shared code (lib/, components/, i18n/, the test helpers) serves the features and must not depend on one; move the piece it needs down into lib/ or components/ui/.',
      from: { path: '^apps/web/src/(lib|components|i18n|test)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'index-is-client-safe',
      severity: 'error',
      comment:
        "A feature's index.ts may end up in a browser bundle: it must not reach server-only code (server-only, next/headers, next-intl/server, the server API client). Export such parts from server.ts.",
      from: { path: '^apps/web/src/features/[^/]+/index[.]ts$' },
      to: {
        path: [
          '^node_modules/server-only/',
          '^node_modules/next/headers[.]js$',
          '^node_modules/next-intl/dist/.*/server/react-server/',
          '^apps/web/src/lib/(api-server|env|seo)[.]ts$',
        ],
        reachable: true,
      },
    },
    {
      name: 'apps-stay-apart',
      severity: 'error',
      comment: 'The apps talk over HTTP, described by packages/contracts; one never imports the other.',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'packages-below-apps',
      severity: 'error',
      comment: 'packages/ are shared by the apps and the browser tests; they never import an app.',
      from: { path: '^packages/' },
      to: { path: '^(apps|e2e)/' },
    },
    {
      name: 'no-test-code-in-production',
      severity: 'error',
      comment:
        'Fixtures and test helpers live in test-only places (src/test/, *.fixtures.ts) and only tests import them.',
      from: { path: '^(apps|packages)/', pathNot: TEST_CODE },
      to: { path: TEST_CODE },
    },
    {
      name: 'resolvable',
      severity: 'error',
      comment:
        'Every import resolves to a file or package; an unresolved one would slip past every rule above (a broken alias, a missing dependency).',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles make load order matter and hide which part depends on which.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: [
        '(^|/)[.]next/',
        '^apps/web/dist/',
        '^apps/web/next-env[.]d[.]ts$',
        '^e2e/(test-results|playwright-report)',
        '^[.]test-data/',
      ],
    },
    // Type-only imports count: an `import type` of another feature's internals couples to them too.
    tsPreCompilationDeps: true,
    // The web app's tsconfig carries its `@/` alias (with a baseUrl, which the resolver needs); the API
    // and the packages use relative paths.
    tsConfig: { fileName: require('node:path').join(__dirname, 'apps/web/tsconfig.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
