/**
 * Pairwise features for the offline comparator. Rather than scoring each text alone and
 * subtracting (the reference-less design Belem et al. §3.1 show to saturate and miss increases),
 * the two texts' marker inventories are aligned first: markers both texts use (the same phrase)
 * cancel, and only the markers one text has and the other lacks enter, per category, as
 * log2(1 + count) — so adding "clearly" to an assertive sentence or dropping the one "may" of a
 * hedged one moves the comparison fully, however many markers the texts share. The two texts'
 * causal-claim classes (none / correlational / conditional causal / direct causal) are compared
 * directly as one-hot differences.
 */
import { extractMarkers, FEATURE_NAMES, type FeatureName, type TextMarkers } from './features.js';

export const PAIR_FEATURE_NAMES: readonly string[] = [...FEATURE_NAMES, 'claim_1', 'claim_2', 'claim_3'];

function phraseCounts(m: TextMarkers): Map<string, { n: number; feature: FeatureName }> {
  const out = new Map<string, { n: number; feature: FeatureName }>();
  for (const h of m.hits) {
    const key = `${h.feature}\u0000${h.phrase}`;
    const e = out.get(key);
    if (e) e.n++;
    else out.set(key, { n: 1, feature: h.feature });
  }
  return out;
}

function residualPhi(own: Map<string, { n: number; feature: FeatureName }>, other: Map<string, { n: number; feature: FeatureName }>): Map<FeatureName, number> {
  const perFeature = new Map<FeatureName, number>();
  for (const [key, { n, feature }] of own) {
    const r = n - Math.min(n, other.get(key)?.n ?? 0);
    if (r > 0) perFeature.set(feature, (perFeature.get(feature) ?? 0) + r);
  }
  for (const [f, c] of perFeature) perFeature.set(f, Math.log2(1 + c));
  return perFeature;
}

/** Feature difference vector d(A, B) (B minus A), in PAIR_FEATURE_NAMES order. d(B, A) = −d(A, B). */
export function pairFeatures(a: TextMarkers | string, b: TextMarkers | string): Float64Array {
  const ma = typeof a === 'string' ? extractMarkers(a) : a;
  const mb = typeof b === 'string' ? extractMarkers(b) : b;
  const ca = phraseCounts(ma);
  const cb = phraseCounts(mb);
  const pa = residualPhi(ca, cb);
  const pb = residualPhi(cb, ca);
  const d = new Float64Array(PAIR_FEATURE_NAMES.length);
  FEATURE_NAMES.forEach((f, k) => {
    d[k] = (pb.get(f) ?? 0) - (pa.get(f) ?? 0);
  });
  const base = FEATURE_NAMES.length;
  for (let c = 1; c <= 3; c++) d[base + c - 1] = (mb.claimClass === c ? 1 : 0) - (ma.claimClass === c ? 1 : 0);
  return d;
}
