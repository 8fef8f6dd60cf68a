import { defineConfig } from 'vitest/config';

// The unit tests of the files mutation testing mutates (stryker.config.mjs): the statistics and
// the probes. The CLI and pipeline suites reach these files too, but a mutant is judged by the
// tests written for its own file, and they run in seconds where the whole suite takes minutes.
export default defineConfig({
  test: {
    include: ['test/stats/**/*.test.ts', 'test/probes/**/*.test.ts'],
    exclude: ['test/stats/vendor-stdlib.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
