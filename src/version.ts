import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** slant's version, from package.json (two levels up from both src/ and dist/). */
export const SLANT_VERSION: string = (require('../package.json') as { version: string }).version;
