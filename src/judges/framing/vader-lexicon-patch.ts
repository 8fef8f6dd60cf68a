/**
 * Entries where the lexicon shipped by npm `vader-sentiment@1.1.3` differs from the
 * vader_lexicon.txt of vaderSentiment 3.3.2 (MIT, C.J. Hutto). Found with
 * scripts/compare-vader-lexicon.ts: the npm file lacks three entries and has an older value for
 * one; the other 7,502 distinct tokens are identical. Applying this patch makes the loaded
 * lexicon equal to the 3.3.2 one (token -> mean valence; the sd/ratings columns are unused).
 */
export const VADER_3_3_2_PATCH: ReadonlyMap<string, number> = new Map([
  ['badass', 1.4], // npm 1.1.3: -0.6
  ['flawed', -2.1], // missing in npm 1.1.3
  ['heart', 3.2], // missing in npm 1.1.3
  ['hearts', 3.3], // missing in npm 1.1.3
]);
