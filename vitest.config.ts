import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: './packages/domain', include: ['src/**/*.test.ts'] } },
      { test: { name: 'contracts', root: './packages/contracts', include: ['src/**/*.test.ts'] } },
      // The root scripts' pure parts (e.g. the bench's parsing of the shared harness's output).
      { test: { name: 'scripts', root: './scripts', include: ['**/*.test.mjs'] } },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts'],
          // Each test file builds its own app on its own database; PGlite start-up is the slow part.
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // On PostgreSQL: no two queries in flight on one connection (a Promise.all on a transaction).
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        // The web app imports through its tsconfig path alias '@/*' → src/*.
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        // The web tsconfig keeps JSX for Next ('preserve'); the tests compile it with React's runtime.
        oxc: { jsx: { runtime: 'automatic' } },
        test: {
          name: 'web',
          root: './apps/web',
          // Component tests (*.test.tsx) ask for a DOM in their first line (`// @vitest-environment
          // jsdom`); every other web test stays in node.
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          environment: 'node',
          setupFiles: ['./src/test/setup.ts'],
          // next-intl's middleware imports 'next/server' without an extension, which only a bundler
          // resolves (next has no exports map): proxy.test.ts loads it through Vite.
          server: { deps: { inline: ['next-intl'] } },
        },
      },
    ],
  },
});
