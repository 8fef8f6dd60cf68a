// Mutation testing (npm run test:mutation; docs/testing.md): StrykerJS with the vitest runner,
// per-test coverage and the TypeScript checker, over the statistics and the probes' metric files.
// scripts/mutation.mjs picks the files (all, or those a change touches) and checks the floor.
import targets from './test/mutation/targets.json' with { type: 'json' };

export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  checkers: ['typescript'],
  // the checker compiles src only (tsconfig.mutation.json): a mutant that does not compile fails
  // there, and leaving the tests, benchmarks and scripts out makes each check cheaper
  tsconfigFile: 'tsconfig.mutation.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  mutate: targets.files,
  ignoreStatic: true,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  concurrency: 2,
  timeoutMS: 20000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
