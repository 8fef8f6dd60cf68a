import { setFlagsFromString } from 'node:v8';

/**
 * Keep V8's young generation at the size it starts with, for a command that reads a run back a
 * page at a time (`slant compare`, `slant view`): what it holds at once is a page or two, the same
 * at any run size.
 *
 * V8 doubles the young generation when many objects survive a collection, as the rows of a page do
 * while they are read: a `slant compare` of two 100,000-document runs grew it to 32 MB, and a
 * 1,000-document comparison to 16 MB, so the larger comparison's peak memory was 1.2–1.3 times the
 * smaller's for that alone, and which of the two sizes it reached varied from run to run. Kept at
 * its starting size (2 MB), the objects that outlive a collection move to the old generation,
 * whose size is what is live; the comparison's CPU time was the same within the noise.
 */
export function keepYoungGenerationSmall(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}
