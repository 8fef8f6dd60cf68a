/**
 * Features of a PAIR of texts for the pair comparator (pair-comparator.ts), after Belem et al.
 * (seed 004, §3.1): certainty is compared within the pair rather than scored per text.
 *
 * The two texts are aligned at the level of their features: every binary feature of the
 * claim-strength featuriser (claim-strength.ts: word unigrams and bigrams, crude stems, the
 * marker-lexicon categories, claim-word groups, rule claim class) that BOTH texts have cancels,
 * so only the words and markers one text has and the other lacks — the changed part — speak:
 *   d_f(A, B) = φ_f(B) − φ_f(A).
 * For binary n-grams this is exactly a token diff: +1 for an n-gram only B has, −1 for one only A
 * has. The phrase-level marker residuals of pair-features.ts (markers both texts use cancel
 * phrase by phrase, per category log₂(1 + count)) are added as `pair:<name>`.
 * With `normalise`, the vector is divided by √(1 + number of changed n-grams), so a pair that
 * differs in one word weighs that word as much as a pair that differs in ten weighs its ten.
 *
 * d(B, A) = −d(A, B) exactly, so any linear score w·d is antisymmetric.
 */
import { strengthFeatures } from './claim-strength.js';
import { PAIR_FEATURE_NAMES, pairFeatures } from './pair-features.js';

const PAIR_MARKER_PREFIX = 'pair:';
/** the claim-strength scorer's difference E[s_B] − E[s_A] (claim-strength.ts), when a model uses it */
export const STRENGTH_FEATURE = 'strength_diff';
/** the previous offline comparator's δ (offline-comparator.ts), when a model uses it */
export const BASE_FEATURE = 'base_delta';
/** prefix of the sentence-embedding difference features e_B − e_A */
export const EMBEDDING_PREFIX = 'emb:';

/** Features the fit script can add from outside pairDiffFeatures (a scorer, a comparator, an embedder). */
export function isExternalFeature(f: string): boolean {
  return f === STRENGTH_FEATURE || f === BASE_FEATURE || f.startsWith(EMBEDDING_PREFIX);
}

/** Is the feature an n-gram (not a stem `~…`, hand feature `rule_`/`cat_`/`grp_` or pair marker)? */
function isNgram(f: string): boolean {
  return !f.startsWith('~') && !f.startsWith(PAIR_MARKER_PREFIX) && !/^(rule|cat|grp)_/.test(f);
}

/** The sparse difference vector d(A, B) (B minus A), nonzero entries only. */
export function pairDiffFeatures(a: string, b: string, opts: { normalise?: boolean } = {}): Map<string, number> {
  const fa = strengthFeatures(a);
  const fb = strengthFeatures(b);
  const out = new Map<string, number>();
  for (const [f, v] of fb) {
    const d = v - (fa.get(f) ?? 0);
    if (d !== 0) out.set(f, d);
  }
  for (const [f, v] of fa) if (!fb.has(f)) out.set(f, -v);
  const m = pairFeatures(a, b);
  PAIR_FEATURE_NAMES.forEach((name, k) => {
    if (m[k] !== 0) out.set(`${PAIR_MARKER_PREFIX}${name}`, m[k]!);
  });
  if (opts.normalise) {
    let changed = 0;
    for (const f of out.keys()) if (isNgram(f)) changed++;
    const s = 1 / Math.sqrt(1 + changed);
    for (const [f, v] of out) out.set(f, v * s);
  }
  return out;
}
