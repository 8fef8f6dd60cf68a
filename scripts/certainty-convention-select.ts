/**
 * Step 2 of the convention-only experiment (docs/probes/certainty.md, "InSciOut-convention pair
 * layer"): chooses between the shipped δ and pair layers on the out-of-fold probabilities of
 * scripts/certainty-convention-oof.ts. Reads nothing but that file: insciout_test.jsonl is not
 * read here.
 *
 *   nice -n 15 npx tsx scripts/certainty-convention-select.ts --oof /tmp/oof.json
 *
 * Pair sets (every text scored by a scorer fitted without it):
 * - select: the 100 insciout_train pairs (a = abstract, b = press release; label = press − abstract);
 * - Yu pairs: annotated_eureka sentence pairs within one press release, and 3,000 random
 *   annotated_pubmed pairs (seed 21), label = strength difference.
 * Candidates:
 * - `shipped`: δ = ΔE[s] + 0.16 · marker differences + 0.30 · rule class difference (the shipped form);
 * - `layer:<features>:<l2>:<w>`: an antisymmetric ordinal logit (fit-ordinal-pairs.ts) on pair
 *   features — `dense`: ΔE[s], Δp_0..Δp_3 and the marker differences (pair-features.ts); `cues`:
 *   dense + the hand-feature differences of pair-diff-features.ts (claim-word groups such as
 *   causal verbs, association words, conditional markers; marker categories; rule class).
 *   Fitted on the Yu pairs plus the insciout_train pairs outside the fold (5 folds by study), the
 *   InSciOut pairs weighing a share w of the total.
 * Each candidate's figures are pooled over the 5 folds of the select pairs. Tie bands, per fold on
 * the other folds' pairs: `bal` maximises 3-class balanced accuracy; `rate` makes the predicted
 * no-clear-difference share equal the true tie share.
 */
import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { fitOrdinalPairs, type OrdinalPairExample } from '../src/judges/certainty/fit-ordinal-pairs.js';
import { pairDiffFeatures } from '../src/judges/certainty/pair-diff-features.js';
import { PAIR_FEATURE_NAMES, pairFeatures } from '../src/judges/certainty/pair-features.js';
import { createRng } from '../src/stats/rng.js';

const o = new Command().requiredOption('--oof <file>').option('--folds <k>', 'folds over the select pairs', '5').parse().opts<{ oof: string; folds: string }>();

interface S {
  text: string;
  label: number;
  source: 'pubmed' | 'eureka' | 'insciout';
  group: string;
  pair?: number;
  side?: 'a' | 'b';
  p: number[];
}
const data = JSON.parse(readFileSync(o.oof, 'utf8')) as { sentences: S[]; records: { id: string }[] };
const S = data.sentences;

interface Pair {
  a: S;
  b: S;
  label: number;
  group: string;
}

const expected = (p: readonly number[]): number => p.reduce((s, q, k) => s + k * q, 0);

const selectPairs: Pair[] = [];
{
  const byPair = new Map<number, { a?: S; b?: S }>();
  for (const s of S) if (s.pair !== undefined) byPair.set(s.pair, { ...byPair.get(s.pair), [s.side!]: s });
  for (const [, { a, b }] of [...byPair].sort((x, y) => x[0] - y[0])) selectPairs.push({ a: a!, b: b!, label: b!.label - a!.label, group: a!.group });
}
const yuPairs: Pair[] = [];
{
  const docs = new Map<string, S[]>();
  for (const s of S) if (s.source === 'eureka') docs.set(s.group, [...(docs.get(s.group) ?? []), s]);
  for (const d of docs.values()) for (let i = 0; i < d.length; i++) for (let j = i + 1; j < d.length; j++) yuPairs.push({ a: d[i]!, b: d[j]!, label: d[j]!.label - d[i]!.label, group: d[i]!.group });
  const pub = S.filter((s) => s.source === 'pubmed');
  const rng = createRng(21);
  let n = 0;
  while (n < 3000) {
    const i = Math.floor(rng() * pub.length);
    const j = Math.floor(rng() * pub.length);
    if (i === j) continue;
    yuPairs.push({ a: pub[i]!, b: pub[j]!, label: pub[j]!.label - pub[i]!.label, group: pub[i]!.group });
    n++;
  }
}

const SHIPPED: Record<string, number> = {
  claim_1: 0.3, claim_2: 0.6, claim_3: 0.9, modal_hedge: -0.16, can: -0.08, hedge_adverb: -0.16, hedge_adjective: -0.16, hedge_verb: -0.16, cognitive_verb: -0.16,
  conditional: -0.16, negated_certainty: -0.16, radiology_hedge: -0.32, radiology_weak: -0.48, booster_adverb: 0.16, booster_verb: 0.16, booster_adjective: 0.16, radiology_strong: 0.16,
};
const shippedW = PAIR_FEATURE_NAMES.map((f) => SHIPPED[f] ?? 0);

/** Sparse features of a pair, by name. */
function features(p: Pair, set: 'dense' | 'cues'): Map<string, number> {
  const out = new Map<string, number>();
  out.set('dE', expected(p.b.p) - expected(p.a.p));
  for (let k = 0; k < 4; k++) out.set(`dp${k}`, p.b.p[k]! - p.a.p[k]!);
  const m = pairFeatures(p.a.text, p.b.text);
  PAIR_FEATURE_NAMES.forEach((f, k) => m[k] && out.set(`m:${f}`, m[k]!));
  if (set === 'cues') for (const [f, v] of pairDiffFeatures(p.a.text, p.b.text)) if (/^(rule|cat|grp)_/.test(f)) out.set(`h:${f}`, v / 3);
  return out;
}

function shippedDelta(p: Pair): number {
  const m = pairFeatures(p.a.text, p.b.text);
  return expected(p.b.p) - expected(p.a.p) + m.reduce((s, x, k) => s + x * shippedW[k]!, 0);
}

interface Scored {
  s: number;
  label: number;
}

function bandBalanced(rows: readonly Scored[]): number {
  let best = 0;
  let bestV = -Infinity;
  for (let t = 0; t <= 3; t += 0.025) {
    const rec = [-1, 0, 1].map((c) => {
      const r = rows.filter((x) => Math.sign(x.label) === c);
      return r.length ? r.filter((x) => (Math.abs(x.s) < t ? 0 : Math.sign(x.s)) === c).length / r.length : 0;
    });
    const v = (rec[0]! + rec[1]! + rec[2]!) / 3;
    if (v > bestV + 1e-12) {
      bestV = v;
      best = t;
    }
  }
  return best;
}

/** The band at which the share of |s| < band equals the share of true ties. */
function bandRate(rows: readonly Scored[]): number {
  const ties = rows.filter((x) => x.label === 0).length / rows.length;
  const abs = rows.map((x) => Math.abs(x.s)).sort((x, y) => x - y);
  const k = Math.round(ties * abs.length);
  if (k <= 0) return 0;
  if (k >= abs.length) return abs.at(-1)! + 1e-9;
  return (abs[k - 1]! + abs[k]!) / 2;
}

function summary(rows: readonly (Scored & { band: number })[]): string {
  const diff = rows.filter((r) => r.label !== 0);
  const order = diff.filter((r) => Math.sign(r.s) === Math.sign(r.label)).length;
  const dir = diff.filter((r) => Math.abs(r.s) >= r.band && Math.sign(r.s) === Math.sign(r.label)).length;
  const ties = rows.filter((r) => r.label === 0);
  const tieHit = ties.filter((r) => Math.abs(r.s) < r.band).length;
  const predTie = rows.filter((r) => Math.abs(r.s) < r.band).length;
  return `order ${(order / diff.length).toFixed(3)} (${order}/${diff.length})  direction ${(dir / diff.length).toFixed(3)}  ties ${(tieHit / ties.length).toFixed(3)} (${tieHit}/${ties.length})  no-clear-difference rate ${(predTie / rows.length).toFixed(3)} vs ${(ties.length / rows.length).toFixed(3)}`;
}

const k = Number(o.folds);
const groups = [...new Set(selectPairs.map((p) => p.group))].sort();
const foldOfGroup = new Map(groups.map((g, i) => [g, i % k]));
const fold = selectPairs.map((p) => foldOfGroup.get(p.group)!);

function evaluate(name: string, scoreFold: (g: number) => (p: Pair) => number): void {
  const scored: (Scored & { fold: number })[] = new Array(selectPairs.length);
  for (let g = 0; g < k; g++) {
    const f = scoreFold(g);
    selectPairs.forEach((p, i) => {
      if (fold[i] === g) scored[i] = { s: f(p), label: p.label, fold: g };
    });
  }
  for (const rule of ['bal', 'rate'] as const) {
    const rows = scored.map((r) => {
      const others = scored.filter((x) => x.fold !== r.fold);
      return { ...r, band: rule === 'bal' ? bandBalanced(others) : bandRate(others) };
    });
    console.log(`${name.padEnd(28)} ${rule.padEnd(4)} ${summary(rows)}`);
  }
}

evaluate('shipped δ (OOF scorer)', () => shippedDelta);
evaluate('ΔE[s] only', () => (p) => expected(p.b.p) - expected(p.a.p));

for (const set of ['dense', 'cues'] as const) {
  const yuEx = yuPairs.map((p) => features(p, set));
  const selEx = selectPairs.map((p) => features(p, set));
  const names = [...new Set([...yuEx, ...selEx].flatMap((m) => [...m.keys()]))].sort();
  const index = new Map(names.map((n, i) => [n, i]));
  const toEx = (m: Map<string, number>, label: number, weight: number): OrdinalPairExample => ({
    idx: [...m.keys()].map((f) => index.get(f)!),
    val: [...m.values()],
    y: Math.sign(label) as -1 | 0 | 1,
    weight,
  });
  for (const l2 of [0.001, 0.01]) {
    for (const w of [0, 0.5]) {
      evaluate(`layer:${set}:${l2}:${w}`, (g) => {
        const inFold = selectPairs.map((_, i) => fold[i] !== g);
        const nSel = inFold.filter(Boolean).length;
        const ex = [
          ...yuEx.map((m, i) => toEx(m, yuPairs[i]!.label, w === 0 ? 1 : (1 - w) / yuPairs.length)),
          ...(w > 0 ? selEx.flatMap((m, i) => (inFold[i] ? [toEx(m, selectPairs[i]!.label, w / nSel)] : [])) : []),
        ];
        const fit = fitOrdinalPairs(ex, names.length, { l2, iterations: 400 });
        return (p) => {
          let s = 0;
          for (const [f, v] of features(p, set)) s += (fit.w[index.get(f) ?? -1] ?? 0) * v;
          return s;
        };
      });
    }
  }
}

// The bands of the shipped δ on all select pairs (out-of-fold scorer): the `rate` band is the one
// `validate-certainty.ts --tie-band` is measured with in docs/probes/certainty.md.
{
  const rows = selectPairs.map((p) => ({ s: shippedDelta(p), label: p.label }));
  console.log(`\nshipped δ on all ${rows.length} select pairs: balanced-accuracy band ${bandBalanced(rows).toFixed(3)}, tie-rate band ${bandRate(rows).toFixed(3)}`);
}

// Secondary signals (larger, but in the Yu et al. convention): the shipped δ's order accuracy on
// the Yu pairs, and out-of-fold sentence accuracy per source.
{
  for (const src of ['eureka', 'pubmed'] as const) {
    const rows = yuPairs.filter((p) => p.a.source === src && p.label !== 0);
    const hit = rows.filter((p) => Math.sign(shippedDelta(p)) === Math.sign(p.label)).length;
    console.log(`shipped δ order accuracy on ${src} pairs: ${(hit / rows.length).toFixed(3)} (${hit}/${rows.length})`);
  }
  for (const src of ['insciout', 'eureka', 'pubmed'] as const) {
    const rows = S.filter((s) => s.source === src);
    const hit = rows.filter((s) => s.p.indexOf(Math.max(...s.p)) === s.label).length;
    console.log(`out-of-fold sentence accuracy, ${src}: ${(hit / rows.length).toFixed(3)} (${rows.length})`);
  }
}
