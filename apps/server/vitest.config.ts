import { defineConfig } from 'vitest/config';

// One PostgreSQL for the whole run (test/global-setup.ts); each test file makes its own database in it, so files
// run in parallel without seeing each other's rows.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
