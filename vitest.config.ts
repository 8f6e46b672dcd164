import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { apiEndpoints } from './scripts/vite-api-endpoints-plugin.ts';

// CI retries a failed test once and names it if it then passes (decision 022); a developer sees every failure.
const retry = process.env.CI ? 1 : 0;

export default defineConfig({
  plugins: [react(), apiEndpoints()],
  test: {
    ...(retry ? { reporters: ['default', './scripts/flaky-test-reporter.ts'] } : {}),
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'common/**/*.test.ts'],
          setupFiles: ['src/testing/setup-tests.ts'],
          css: { modules: { classNameStrategy: 'non-scoped' } },
          // Longer than a `findBy…` may wait (src/testing/setup-tests.ts), so that a test with two waits on a busy
          // machine fails on what it waits for, not on the clock.
          testTimeout: 15_000,
          retry,
        },
      },
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
          // Each file gets its own database; PostgreSQL suites share one server, so run files one at a time.
          fileParallelism: false,
          testTimeout: 20_000,
          // A fresh database per suite (PostgreSQL schema, migrations, demo seed with argon2) can be slow on a busy machine.
          hookTimeout: 30_000,
          retry,
        },
      },
    ],
  },
});
