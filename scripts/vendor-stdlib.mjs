// node scripts/vendor-stdlib.mjs: (re)writes src/stats/vendor/stdlib-distributions.cjs, the
// @stdlib distribution functions as one file (scripts/lib/bundle-stdlib.mjs says why). Run it
// after changing the @stdlib versions in package.json.
import { writeFileSync } from 'node:fs';
import { bundleStdlib } from './lib/bundle-stdlib.mjs';

const out = new URL('../src/stats/vendor/stdlib-distributions.cjs', import.meta.url);
const text = await bundleStdlib();
writeFileSync(out, text);
console.log(`wrote src/stats/vendor/stdlib-distributions.cjs (${(text.length / 1024).toFixed(0)} KiB)`);
