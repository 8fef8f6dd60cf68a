import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without types
import { bundleStdlib, STDLIB_PACKAGES } from '../../scripts/lib/bundle-stdlib.mjs';

const require = createRequire(import.meta.url);
const vendorPath = new URL('../../src/stats/vendor/stdlib-distributions.cjs', import.meta.url);
type Fn = (...args: number[]) => number;

describe('src/stats/vendor/stdlib-distributions.cjs (the @stdlib distributions as one file)', () => {
  it('is what scripts/vendor-stdlib.mjs builds from the installed @stdlib packages (not stale, not edited)', async () => {
    expect(readFileSync(vendorPath, 'utf8')).toBe(await bundleStdlib());
  }, 30_000);

  it('returns bit for bit what the packages return', () => {
    const vendored = require(vendorPath.pathname) as Record<string, Fn>;
    const packages = STDLIB_PACKAGES as Record<string, string>;
    expect(Object.keys(vendored).sort()).toEqual(Object.keys(packages).sort());
    const ps = [1e-12, 1e-6, 0.001, 0.025, 0.05, 0.3, 0.5, 0.7, 0.95, 0.975, 0.999, 1 - 1e-9];
    const xs = [-40, -3.3, -1.96, -0.5, 0, 1e-9, 0.4, 1, 2.5, 7, 30, 400];
    const dfs = [0.5, 1, 2, 3.5, 9, 29, 1000];
    const cases: Record<string, number[][]> = {
      normalCdf: xs.map((x) => [x, 0, 1]),
      normalQuantile: ps.map((p) => [p, 0, 1]),
      tCdf: xs.flatMap((x) => dfs.map((d) => [x, d])),
      tQuantile: ps.flatMap((p) => dfs.map((d) => [p, d])),
      chisqCdf: xs.filter((x) => x >= 0).flatMap((x) => dfs.map((d) => [x, d])),
      gammainc: xs.filter((x) => x > 0).flatMap((x) => dfs.map((a) => [x, a, 1, 1])),
      betaQuantile: ps.flatMap((p) => [[p, 0.5, 0.5], [p, 1, 1], [p, 3, 9], [p, 40.5, 2], [p, 0.1, 200]]),
    };
    for (const [name, args] of Object.entries(cases)) {
      const fromPackage = require(packages[name]!) as Fn;
      for (const a of args) expect(Object.is(vendored[name]!(...a), fromPackage(...a)), `${name}(${a.join(', ')})`).toBe(true);
    }
    // a worked value: the t quantile behind a 95% interval with 7 degrees of freedom
    expect(vendored.tQuantile!(0.975, 7)).toBeCloseTo(2.364624251592785, 14);
  });
});
