import { defineConfig } from 'vitest/config';

// The cluster suites spawn the built server several times and restart PostgreSQL and Redis, so they
// run only when asked for by name (`npm run test:cluster`), never in a plain `vitest run`.
const clusterAsked = process.argv.some((arg, i, argv) => arg === '--project=cluster' || (arg === '--project' && argv[i + 1] === 'cluster'));

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['test/cluster/**', '**/node_modules/**'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(clusterAsked
        ? [
            {
              test: {
                name: 'cluster',
                root: 'apps/server',
                include: ['test/cluster/**/*.test.ts'],
                environment: 'node',
                // One file at a time: the fault suites restart the PostgreSQL and Redis the others use.
                fileParallelism: false,
                testTimeout: 240_000,
                hookTimeout: 180_000,
              },
            },
          ]
        : []),
      {
        extends: './apps/web/vite.config.ts',
        // Bootstrap's SCSS is not compiled for the component tests: a page or dialog importing its
        // stylesheet would otherwise wait seconds for Sass the first time it loads.
        resolve: { alias: [{ find: /^.+\.scss$/, replacement: new URL('./apps/web/src/test/empty.css', import.meta.url).pathname }] },
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['./src/test/setup.ts'],
          // Dialog tests type into date pickers key by key; a shared machine can take seconds for that.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
