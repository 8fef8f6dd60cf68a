import data from './antonyms.json' with { type: 'json' };

/**
 * Antonym pairs (antonyms.json) for the offline negator's fallback (a claim with no verb to negate,
 * e.g. a headline fragment) and for the negation check. Hand-picked for news text: each pair
 * reverses the claim when swapped. Both directions are used.
 */
const PAIRS: readonly (readonly [string, string])[] = data.pairs as [string, string][];

/** word (lower case) -> its antonym; the first pair listed wins for words in several pairs */
export const ANTONYMS: ReadonlyMap<string, string> = (() => {
  const m = new Map<string, string>();
  for (const [a, b] of PAIRS) {
    if (!m.has(a)) m.set(a, b);
    if (!m.has(b)) m.set(b, a);
  }
  return m;
})();

/** true when a and b (lower case) form an antonym pair in either direction */
export function areAntonyms(a: string, b: string): boolean {
  return PAIRS.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}
