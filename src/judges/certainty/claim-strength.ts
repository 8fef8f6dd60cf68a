/**
 * A claim-strength scorer for a single text on the causal-strength scale of Sumner et al. (2014) /
 * Yu et al. (2019): 0 no relation, 1 correlational, 2 conditional causal, 3 direct causal.
 *
 * Model: multinomial logistic regression (softmax over the 4 classes) on
 * - binary unigram and bigram indicators (lowercase tokens `[a-z0-9]+([-'][a-z0-9]+)*`, as
 *   scikit-learn's CountVectorizer with that token pattern), restricted to a fitted vocabulary;
 * - hand-designed features from the epistemic-marker lexicon (features.ts): the rule-based claim
 *   class one-hot (`rule_0`..`rule_3`) and log2(1 + count) of each marker category (`cat_<name>`),
 *   scaled by HAND_SCALE so that the common L2 penalty weighs them less;
 * - crude stems of the words (`~stem`) and log2(1 + count) of the claim-word groups of
 *   claim-strength-lexicon.ts (`grp_<group>`), with `grp_causal_hedged` (a causal word with a
 *   conditional marker in the same text) and `grp_causal_plain` (without one).
 * Weights are fitted by scripts/fit-certainty-weights.ts (claim-strength-fit.ts) on sentence-level
 * causal-strength labels and live in claim-strength-weights.json. The expected strength
 * E[s] = Σ_k k·p_k is a continuous claim strength in [0, 3]; the offline comparator compares two
 * texts by the difference of their expected strengths.
 */
import { CLAIM_GROUPS } from './claim-strength-lexicon.js';
import { extractMarkers, FEATURE_NAMES } from './features.js';

export const STRENGTH_CLASSES = 4;
const HAND_SCALE = 3;

export interface ClaimStrengthModel {
  version: string;
  /** intercepts, one per class */
  bias: readonly number[];
  /** feature name → one weight per class; n-gram features are the n-gram itself ("may", "may reduce") */
  weights: Readonly<Record<string, readonly number[]>>;
}

/** Lowercase word tokens, as CountVectorizer(token_pattern=r"[a-z0-9]+(?:[-'][a-z0-9]+)*"). */
export function strengthTokens(text: string): string[] {
  return text.toLowerCase().replace(/[’‘]/g, "'").match(/[a-z0-9]+(?:[-'][a-z0-9]+)*/g) ?? [];
}

/** A crude suffix-stripping stem ("regulates", "regulated", "regulating" → "regulat"). */
export function stem(word: string): string {
  for (const suf of ['ations', 'ation', 'ingly', 'ings', 'ing', 'edly', 'ied', 'ies', 'ed', 'es', 'ly', 's', 'e', 'y']) {
    if (word.endsWith(suf) && word.length - suf.length >= 3) return word.slice(0, -suf.length);
  }
  return word;
}

interface GroupEntry {
  group: string;
  stems: string[];
}

let GROUPS: Map<string, GroupEntry[]> | undefined;
function groupIndex(): Map<string, GroupEntry[]> {
  if (GROUPS) return GROUPS;
  GROUPS = new Map();
  for (const [group, entries] of Object.entries(CLAIM_GROUPS)) {
    for (const e of entries) {
      const stems = e.split(' ').map(stem);
      const arr = GROUPS.get(stems[0]!) ?? [];
      arr.push({ group, stems });
      GROUPS.set(stems[0]!, arr);
    }
  }
  for (const arr of GROUPS.values()) arr.sort((a, b) => b.stems.length - a.stems.length);
  return GROUPS;
}

/** Counts of claim-word groups (longest match first, no overlaps), matched on stems. */
export function groupCounts(text: string): Map<string, number> {
  const st = strengthTokens(text).map(stem);
  const idx = groupIndex();
  const out = new Map<string, number>();
  for (let i = 0; i < st.length; ) {
    const hit = idx.get(st[i]!)?.find((g) => g.stems.every((s, k) => st[i + k] === s));
    if (hit) {
      out.set(hit.group, (out.get(hit.group) ?? 0) + 1);
      i += hit.stems.length;
    } else i++;
  }
  return out;
}

/** The distinct unigrams and bigrams of a text (binary presence). */
export function ngrams(text: string): Set<string> {
  const t = strengthTokens(text);
  const out = new Set<string>(t);
  for (let i = 0; i + 1 < t.length; i++) out.add(`${t[i]} ${t[i + 1]}`);
  return out;
}

/** Hand-designed features (name → value) from the marker lexicon and rules. */
function handFeatures(text: string): Map<string, number> {
  const m = extractMarkers(text);
  const out = new Map<string, number>();
  out.set(`rule_${m.claimClass}`, HAND_SCALE);
  const counts = new Map<string, number>();
  for (const h of m.hits) counts.set(h.feature, (counts.get(h.feature) ?? 0) + 1);
  for (const f of FEATURE_NAMES) {
    const c = counts.get(f) ?? 0;
    if (c > 0) out.set(`cat_${f}`, HAND_SCALE * Math.log2(1 + c));
  }
  const g = groupCounts(text);
  for (const [k, c] of g) out.set(`grp_${k}`, HAND_SCALE * Math.log2(1 + c));
  if (g.has('causal')) out.set(g.has('conditional') ? 'grp_causal_hedged' : 'grp_causal_plain', HAND_SCALE);
  return out;
}

/** All features of a text as (name, value) pairs: n-grams with value 1, then the hand features. */
export function strengthFeatures(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const g of ngrams(text)) out.set(g, 1);
  for (const t of strengthTokens(text)) out.set(`~${stem(t)}`, 1);
  for (const [k, v] of handFeatures(text)) out.set(k, v);
  return out;
}

export function softmax(z: readonly number[]): number[] {
  const mx = Math.max(...z);
  const e = z.map((v) => Math.exp(v - mx));
  const s = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / s);
}

export class ClaimStrengthScorer {
  constructor(private readonly model: ClaimStrengthModel) {
    if (model.bias.length !== STRENGTH_CLASSES) throw new RangeError(`ClaimStrengthScorer: need ${STRENGTH_CLASSES} intercepts, got ${model.bias.length}`);
  }

  get version(): string {
    return this.model.version;
  }

  /** Class probabilities p_0..p_3. */
  probabilities(text: string): number[] {
    const z = [...this.model.bias];
    for (const [f, v] of strengthFeatures(text)) {
      const w = this.model.weights[f];
      if (!w) continue;
      for (let k = 0; k < STRENGTH_CLASSES; k++) z[k]! += v * (w[k] ?? 0);
    }
    return softmax(z);
  }

  /** Expected claim strength Σ k·p_k, in [0, 3]. */
  expectedStrength(text: string): number {
    return this.probabilities(text).reduce((s, p, k) => s + k * p, 0);
  }
}
