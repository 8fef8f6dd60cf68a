import { defineConfig } from 'vitest/config';

// The unit tests of the files mutation testing mutates (stryker.config.mjs): the statistics and
// the probes. The CLI and pipeline suites reach these files too, but a mutant is judged by the
// tests written for its own file, and they run in seconds where the whole suite takes minutes.
// SLANT_MUTATION_TESTS (npm run test:mutation -- --tests A,B) narrows them further, to a quick run
// whose score is a lower bound: a mutant only fewer tests judge can only survive more often.
const narrowed = process.env['SLANT_MUTATION_TESTS']?.split(',').filter((t) => t !== '');
export default defineConfig({
  test: {
    include: narrowed && narrowed.length > 0 ? narrowed : ['test/stats/**/*.test.ts', 'test/probes/**/*.test.ts'],
    // the misclassification bootstrap's 400-simulation calibration test takes about 2 s and every
    // mutant of the bootstrap reaches it: its mutants are judged by misclassification.test.ts,
    // which pins the intervals on fixed resample sets
    exclude: ['test/stats/vendor-stdlib.test.ts', 'test/stats/misclassification-coverage.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
