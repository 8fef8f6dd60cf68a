/**
 * Fits the offline certainty comparator. The data are NOT part of the repository; pass paths:
 *
 *   npx tsx scripts/fit-certainty-weights.ts \
 *     --strength ../shared/data/certainty/annotated_pubmed.csv,../shared/data/certainty/annotated_eureka.csv \
 *     --in-domain ../shared/data/certainty/insciout_train.jsonl,../shared/data/certainty/insciout_test.jsonl \
 *     [--pair-cv 5] [--min-df 10] [--l2 0.00065] [--iterations 1500] [--cv 5] [--tag df2] \
 *     [--out-model src/judges/certainty/claim-strength-weights.json] \
 *     [--out src/judges/certainty/offline-fitted-weights.json] \
 *     [--out-fingerprints src/judges/certainty/claim-strength-training-set.json]
 *
 * Step 1 — claim-strength scorer (claim-strength.ts): multinomial logistic regression
 * (claim-strength-fit.ts) on sentence-level causal-strength labels (0 none, 1 correlational,
 * 2 conditional causal, 3 causal): the --strength sentences (PubMed and EurekAlert, Yu et al.)
 * plus both sentences of every --in-domain pair (InSciOut abstract and press-release conclusions
 * with their strengths). In-domain sentences weigh --in-domain-weight each; the default makes
 * the in-domain sentences weigh as much in total as the out-of-domain ones (a choice made before
 * looking at results: the out-of-domain corpora label the same scale with different conventions
 * — InSciOut codes "can"/"could" claims as conditional — and the in-domain set is 5× smaller).
 *
 * Step 2 — comparator: δ(A, B) = (E[s_B] − E[s_A]) + m · (hedge/booster lexicon difference, the
 * pair-features.ts categories) + r · (rule claim class of B − of A). On the in-domain pairs
 * (their out-of-fold strength differences, see --pair-cv) or --bands-on pairs: m and r maximise the order accuracy (sign of δ agrees with the human
 * strengths on pairs whose strengths differ), τ_b breaking ties; the tie band maximises 3-class
 * balanced accuracy (−, same, +); the clear band maximises τ_b of the 5-point label.
 *
 * --pair-cv k: k-fold cross-validation over the in-domain pairs, grouped by study
 * (original_file_id): for each fold, steps 1 and 2 run without the fold's pairs, and the fold is
 * predicted; the parameters for a fold are chosen by an inner cross-validation on the other folds
 * (nested; scorers fitted without two folds serve both nestings, so k(k+1)/2 + 1 fits in all).
 * Every in-domain figure reported in docs/probes/certainty.md comes from these out-of-fold
 * predictions, because the shipped comparator is fitted on all in-domain pairs.
 * --out-fingerprints writes fingerprints of all training sentences (training-overlap.ts), so that
 * validation flags in-sample pairs.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Command } from 'commander';
import { ClaimStrengthScorer, strengthFeatures, type ClaimStrengthModel } from '../src/judges/certainty/claim-strength.js';
import { CLAIM_STRENGTH_WEIGHT } from '../src/judges/certainty/offline-comparator.js';
import { PAIR_FEATURE_NAMES, pairFeatures } from '../src/judges/certainty/pair-features.js';
import { textFingerprint } from '../src/judges/certainty/training-overlap.js';
import { kendallTauB } from '../src/stats/kendall.js';
import { wilsonInterval } from '../src/stats/proportion.js';
import { createRng } from '../src/stats/rng.js';
import { summariseCertaintyPredictions } from '../src/judges/certainty/validate.js';
import { loadInSciOutRecords, loadStrengthSentences } from './validate-certainty.js';
import { trainClaimStrength } from './lib/claim-strength-train.js';

const o = new Command()
  .requiredOption('--strength <files>', 'comma-separated causal-strength CSVs (sentence, label)')
  .option('--in-domain <files>', 'comma-separated InSciOut JSONL files: training sentences and the pairs m, r and the bands are chosen on')
  .option('--in-domain-weight <x>', 'weight of each in-domain sentence (default: equal total weight with the --strength sentences)')
  .option('--bands-on <file>', 'choose m, r and the bands on these InSciOut pairs instead of the in-domain ones')
  .option('--augment', 'domain-specific feature copies (Daumé III 2007); the saved scorer uses the shared + in-domain weights')
  .option('--lexicon-scale <m>', 'fix the marker-lexicon scale m instead of choosing it (InSciOut alone drives m to 0, and the lexicon is what knows radiology hedges)')
  .option('--pair-cv <k>', 'k-fold cross-validation over the in-domain pairs, grouped by study (0 = skip)', '0')
  .option('--min-df <n>', 'minimum document frequency of an n-gram', '10')
  .option('--l2 <x>', 'L2 penalty on the mean log-loss', '0.00065')
  .option('--iterations <n>', 'gradient iterations', '1500')
  .option('--cv <k>', 'report k-fold sentence-level cross-validation on the --strength sentences first (0 = skip)', '0')
  .option('--seed <n>', 'seed', '11')
  .option('--out-model <file>')
  .option('--out <file>')
  .option('--out-fingerprints <file>')
  .option('--out-predictions <file>', 'JSONL of the out-of-fold in-domain predictions (with --pair-cv)')
  .option('--tag <s>', 'appended to the fitted versions (after the date), so that two fits of one day differ')
  .parse()
  .opts<{
    strength: string; inDomain?: string; inDomainWeight?: string; augment?: boolean; lexiconScale?: string; bandsOn?: string; pairCv: string; minDf: string; l2: string;
    iterations: string; cv: string; seed: string; tag?: string; outModel?: string; out?: string; outFingerprints?: string; outPredictions?: string;
  }>();

interface Sentence {
  text: string;
  label: number;
  weight: number;
  /** index of the in-domain pair it belongs to, if any */
  pair?: number;
}

interface Pair {
  id: string;
  file: string;
  a: string;
  b: string;
  /** press − abstract strength */
  label: number;
  /** abstract and press-release strengths */
  sa: number;
  sb: number;
  /** marker differences d(A, B), PAIR_FEATURE_NAMES order */
  d: Float64Array;
}

const pairOf = (file: string, r: ReturnType<typeof loadInSciOutRecords>[number]): Pair => ({
  id: r.id, file, a: r.abstract, b: r.press, label: r.pressStrength - r.abstractStrength, sa: r.abstractStrength, sb: r.pressStrength, d: pairFeatures(r.abstract, r.press),
});

const list = (s: string | undefined): string[] => (s ? s.split(',').map((f) => f.trim()).filter(Boolean) : []);
const base = (f: string): string => f.split('/').at(-1) ?? f;
const strengthFiles = list(o.strength);
const outOfDomain = strengthFiles.flatMap((f) => loadStrengthSentences(f));
const pairs: Pair[] = list(o.inDomain).flatMap((file) => loadInSciOutRecords(file).map((r) => pairOf(base(file), r)));
const inWeight = o.inDomainWeight !== undefined ? Number(o.inDomainWeight) : pairs.length ? outOfDomain.length / (2 * pairs.length) : 1;
const sentences: Sentence[] = [
  ...outOfDomain.map((s) => ({ ...s, weight: 1 })),
  ...pairs.flatMap((p, i) => [
    { text: p.a, label: p.sa, weight: inWeight, pair: i },
    { text: p.b, label: p.sb, weight: inWeight, pair: i },
  ]),
];
const feats = sentences.map((s) => strengthFeatures(s.text));
const l2 = Number(o.l2);
const iterations = Number(o.iterations);
const minDf = Number(o.minDf);

/** Fits the scorer on the given sentences (scripts/lib/claim-strength-train.ts; the in-domain view with --augment). */
function train(rows: readonly number[]): ClaimStrengthModel {
  return trainClaimStrength(
    rows.map((i) => ({ ...sentences[i]!, inDomain: sentences[i]!.pair !== undefined, features: feats[i]! })),
    { augment: Boolean(o.augment), minDf, l2, iterations },
  );
}

const rng = createRng(Number(o.seed));
const k = Number(o.cv);
if (k > 1) {
  const ood = outOfDomain.map((_, i) => i);
  const fold = ood.map(() => Math.floor(rng() * k));
  const expected = new Float64Array(ood.length);
  let correct = 0;
  for (let f = 0; f < k; f++) {
    const scorer = new ClaimStrengthScorer(train(ood.filter((i) => fold[i] !== f)));
    for (const i of ood) {
      if (fold[i] !== f) continue;
      const p = scorer.probabilities(sentences[i]!.text);
      expected[i] = p.reduce((acc, q, c) => acc + c * q, 0);
      if (p.indexOf(Math.max(...p)) === sentences[i]!.label) correct++;
    }
  }
  let hit = 0;
  let n = 0;
  for (let t = 0; t < 20000; t++) {
    const i = Math.floor(rng() * ood.length);
    const j = Math.floor(rng() * ood.length);
    if (sentences[i]!.label === sentences[j]!.label) continue;
    n++;
    if (Math.sign(expected[j]! - expected[i]!) === Math.sign(sentences[j]!.label - sentences[i]!.label)) hit++;
  }
  console.log(`${k}-fold CV on the ${ood.length} --strength sentences: accuracy ${(correct / ood.length).toFixed(3)}; order accuracy of E[s] differences ${(hit / n).toFixed(3)} (${n} random pairs with different labels)`);
}

/** Lexicon hedge/booster weights scaled by m, rule claim classes on the ordinal scale × r. */
function lexiconWeights(m: number, r = 0): Record<string, number> {
  const h = -m;
  return {
    claim_1: r, claim_2: 2 * r, claim_3: 3 * r,
    modal_hedge: h, can: h / 2, hedge_adverb: h, hedge_adjective: h, hedge_verb: h, cognitive_verb: h, conditional: h,
    negated_certainty: h, radiology_hedge: 2 * h, radiology_weak: 3 * h,
    booster_adverb: m, booster_verb: m, booster_adjective: m, radiology_strong: m,
  };
}

interface Choice {
  m: number;
  r: number;
  tie: number;
  clear: number;
  order: number;
}

const score5 = (d: number, tie: number, clear: number): number => (Math.abs(d) < tie ? 0 : Math.sign(d) * (Math.abs(d) < clear ? 1 : 2));

function deltasOf(ps: readonly Pair[], sd: readonly number[], m: number, r: number): number[] {
  const w = lexiconWeights(m, r);
  const wv = PAIR_FEATURE_NAMES.map((f) => w[f] ?? 0);
  return ps.map((p, i) => sd[i]! + p.d.reduce((s, x, j) => s + x * wv[j]!, 0));
}

function orderAccuracy(deltas: readonly number[], labels: readonly number[]): { hit: number; n: number } {
  let hit = 0;
  let n = 0;
  labels.forEach((l, i) => {
    if (l === 0) return;
    n++;
    if (Math.sign(deltas[i]!) === Math.sign(l)) hit++;
  });
  return { hit, n };
}

function balanced3(deltas: readonly number[], labels: readonly number[], tie: number): number {
  const recall = [-1, 0, 1].map((c) => {
    const idx = labels.flatMap((l, i) => (Math.sign(l) === c ? [i] : []));
    return idx.length ? idx.filter((i) => (Math.abs(deltas[i]!) < tie ? 0 : Math.sign(deltas[i]!)) === c).length / idx.length : 0;
  });
  return (recall[0]! + recall[1]! + recall[2]!) / 3;
}

/** Chooses m, r, the tie band and the clear band on pairs with known strength differences sd. */
function choose(ps: readonly Pair[], sd: readonly number[]): Choice {
  const labels = ps.map((p) => p.label);
  let best = { m: 0, r: 0, score: -Infinity, order: 0 };
  const mGrid = o.lexiconScale !== undefined ? [Number(o.lexiconScale)] : Array.from({ length: 11 }, (_, i) => i * 0.02);
  for (const m of mGrid) {
    for (const r of [0, 0.1, 0.2, 0.3, 0.5]) {
      const deltas = deltasOf(ps, sd, m, r);
      const { hit, n } = orderAccuracy(deltas, labels);
      const order = n ? hit / n : 0;
      const score = order + 1e-3 * kendallTauB(deltas, labels).tau;
      if (score > best.score + 1e-12) best = { m, r, score, order };
    }
  }
  const deltas = deltasOf(ps, sd, best.m, best.r);
  const grid = Array.from({ length: 61 }, (_, i) => i * 0.025);
  let tie = 0;
  let bestBal = -Infinity;
  for (const t of grid) {
    const b = balanced3(deltas, labels, t);
    if (b > bestBal + 1e-12) {
      bestBal = b;
      tie = t;
    }
  }
  let clear = tie;
  let bestTau = -Infinity;
  for (const c of grid) {
    if (c < tie) continue;
    const t = kendallTauB(deltas.map((d) => score5(d, tie, c)), labels).tau;
    if (t > bestTau + 1e-12) {
      bestTau = t;
      clear = c;
    }
  }
  return { m: best.m, r: best.r, tie, clear, order: best.order };
}

function strengthDiffs(scorer: ClaimStrengthScorer, ps: readonly Pair[]): number[] {
  return ps.map((p) => scorer.expectedStrength(p.b) - scorer.expectedStrength(p.a));
}

const pct = (hit: number, n: number): string => {
  if (!n) return 'n/a';
  const ci = wilsonInterval(hit, n);
  return `${(hit / n).toFixed(3)} [${ci.low.toFixed(3)}, ${ci.high.toFixed(3)}] (${hit}/${n})`;
};

/** Out-of-fold figures for one set of pairs (the figures of `slant validate certainty`, with 95% Wilson intervals). */
function report(name: string, ps: readonly { label: number; delta: number; score: number }[]): void {
  const v = summariseCertaintyPredictions(ps.map((p) => ({ label: p.label, predicted: p.score, score: p.delta })));
  const count = (acc: number, n: number): number => Math.round(acc * n);
  const recall = [-1, 0, 1].map((c) => {
    const rows = ps.filter((p) => Math.sign(p.label) === c);
    return rows.length ? rows.filter((p) => Math.sign(p.score) === c).length / rows.length : 0;
  });
  console.log(`${name}
  order accuracy (sign of δ, strengths differ)          ${pct(count(v.orderAccuracy, v.n), v.n)}
  direction accuracy (5-point label, a tie is a miss)   ${pct(count(v.directionAccuracy, v.n), v.n)}
  accuracy where it gave a direction                    ${pct(count(v.decidedAccuracy, v.decided), v.decided)}
  same-strength pairs called "no clear difference"      ${pct(count(v.tieAccuracy, v.nTies), v.nTies)}
  3-class balanced accuracy (−, same, +)                ${((recall[0]! + recall[1]! + recall[2]!) / 3).toFixed(3)}
  Kendall τ_b (5-point label vs strength difference)    ${v.tauB.toFixed(3)} (n = ${v.nAll})`);
}

/** Folds grouped by study id: ids ordered by a hash of the id, dealt round-robin. */
function foldsOf(ps: readonly Pair[], kk: number): number[] {
  const hash = new Map([...new Set(ps.map((p) => p.id))].map((id) => [id, createHash('sha256').update(id).digest('hex')]));
  const ids = [...hash.keys()].sort((x, y) => (hash.get(x)! < hash.get(y)! ? -1 : hash.get(x)! > hash.get(y)! ? 1 : 0));
  const foldOf = new Map(ids.map((id, i) => [id, i % kk]));
  return ps.map((p) => foldOf.get(p.id)!);
}

const pairCv = Number(o.pairCv);
if (pairs.length && !o.bandsOn && pairCv < 2) throw new Error('with --in-domain pairs, m, r and the bands are chosen on out-of-fold predictions: pass --pair-cv k (k ≥ 2)');
/** Out-of-fold strength differences E[s_B] − E[s_A] of the in-domain pairs (models fitted without the pair's fold). */
let oofStrengthDiff: number[] | undefined;
if (pairCv > 1) {
  if (!pairs.length) throw new Error('--pair-cv needs --in-domain pairs');
  const fold = foldsOf(pairs, pairCv);
  const scorers = new Map<string, ClaimStrengthScorer>();
  /** The scorer fitted without the in-domain pairs of the given folds (cached: {f, g} serves both nestings). */
  const without = (...folds: number[]): ClaimStrengthScorer => {
    const key = [...folds].sort().join(',');
    let sc = scorers.get(key);
    if (!sc) {
      console.error(`fit without fold(s) ${key}:`);
      sc = new ClaimStrengthScorer(train(sentences.flatMap((s, i) => (s.pair === undefined || !folds.includes(fold[s.pair]!) ? [i] : []))));
      scorers.set(key, sc);
    }
    return sc;
  };
  const sdWithout = (pairIdx: readonly number[], ...folds: number[]): number[] => strengthDiffs(without(...folds), pairIdx.map((i) => pairs[i]!));
  oofStrengthDiff = new Array<number>(pairs.length).fill(0);
  for (let f = 0; f < pairCv; f++) {
    const idx = pairs.flatMap((_, i) => (fold[i] === f ? [i] : []));
    sdWithout(idx, f).forEach((d, j) => (oofStrengthDiff![idx[j]!] = d));
  }
  // Nested: the parameters for outer fold f are chosen on the other folds' pairs, each predicted by
  // a scorer fitted without fold f and without its own fold — so no figure below saw its pair.
  const oof: { label: number; delta: number; score: number; file: string; id: string; fold: number; m: number; r: number; tie: number; clear: number }[] = [];
  for (let f = 0; f < pairCv; f++) {
    const inner: number[] = [];
    const innerSd: number[] = [];
    for (let g = 0; g < pairCv; g++) {
      if (g === f) continue;
      const idx = pairs.flatMap((_, i) => (fold[i] === g ? [i] : []));
      inner.push(...idx);
      innerSd.push(...sdWithout(idx, f, g));
    }
    const c = choose(inner.map((i) => pairs[i]!), innerSd);
    console.error(`outer fold ${f + 1}: m ${c.m.toFixed(2)}, r ${c.r.toFixed(2)}, tie band ${c.tie.toFixed(3)}, clear band ${c.clear.toFixed(3)} (inner out-of-fold order accuracy ${c.order.toFixed(3)})`);
    const testIdx = pairs.flatMap((_, i) => (fold[i] === f ? [i] : []));
    const testPairs = testIdx.map((i) => pairs[i]!);
    const deltas = deltasOf(testPairs, testIdx.map((i) => oofStrengthDiff![i]!), c.m, c.r);
    testPairs.forEach((p, i) => oof.push({ label: p.label, delta: deltas[i]!, score: score5(deltas[i]!, c.tie, c.clear), file: p.file, id: p.id, fold: f, m: c.m, r: c.r, tie: c.tie, clear: c.clear }));
  }
  console.log(`\nnested ${pairCv}-fold cross-validation over ${pairs.length} in-domain pairs (grouped by study; every pair predicted by a comparator whose scorer and parameters were fitted without it):`);
  for (const file of [...new Set(oof.map((p) => p.file))]) report(`out-of-fold, ${file}`, oof.filter((p) => p.file === file));
  report('out-of-fold, all in-domain pairs', oof);
  if (o.outPredictions) {
    writeFileSync(o.outPredictions, oof.map((p) => JSON.stringify(p)).join('\n') + '\n');
    console.log(`wrote ${o.outPredictions}`);
  }
}

const model = train(sentences.map((_, i) => i));
const versionTag = `${new Date().toISOString().slice(0, 10)}${o.tag ? `-${o.tag}` : ''}`;
model.version = `claim-strength-${versionTag}`;
const source = `${outOfDomain.length} causal-strength sentences (${strengthFiles.map(base).join(', ')})${pairs.length ? ` + ${2 * pairs.length} in-domain sentences (${[...new Set(pairs.map((p) => p.file))].join(', ')}) weighted ${inWeight.toFixed(3)} each` : ''}${o.augment ? ', domain-augmented features (in-domain view)' : ''}, n-grams with df ≥ ${minDf}, l2 ${l2}, ${iterations} iterations`;
if (o.outModel) {
  const body = JSON.stringify({ fittedOn: `Multinomial logistic regression (claim-strength.ts) fitted on ${source}.`, version: model.version, bias: model.bias, weights: model.weights }) + '\n';
  writeFileSync(o.outModel, body);
  console.log(`wrote ${o.outModel} (${Object.keys(model.weights).length} features)`);
}
if (o.outFingerprints) {
  const prints = [...new Set(sentences.map((s) => textFingerprint(s.text)))].sort();
  const about = `Fingerprints (training-overlap.ts) of the ${prints.length} distinct training sentences of the claim-strength scorer: ${source}.`;
  writeFileSync(o.outFingerprints, JSON.stringify({ about, fingerprints: prints.join('') }) + '\n');
  console.log(`wrote ${o.outFingerprints} (${prints.length} fingerprints)`);
}

// m, r and the bands: on --bands-on pairs with the final scorer, or on the in-domain pairs' out-of-fold
// strength differences (the final scorer has seen the in-domain sentences, so its own differences on
// them are in-sample and would choose m = r = 0 and a tie band too narrow for unseen text).
const choicePairs: Pair[] = o.bandsOn ? loadInSciOutRecords(o.bandsOn).map((r) => pairOf(base(o.bandsOn!), r)) : pairs;
if (!choicePairs.length) throw new Error('need --in-domain or --bands-on pairs to choose m, r and the bands');
const best = choose(choicePairs, o.bandsOn ? strengthDiffs(new ClaimStrengthScorer(model), choicePairs) : oofStrengthDiff!);
const chosenOn = o.bandsOn ? base(o.bandsOn) : [...new Set(pairs.map((p) => p.file))].join(' + ');
const weights = { ...Object.fromEntries(Object.entries(lexiconWeights(best.m, best.r)).map(([f, v]) => [f, Number(v.toFixed(4))])), [CLAIM_STRENGTH_WEIGHT]: 1 };
console.log(`chosen on ${chosenOn} (${choicePairs.length} pairs${o.bandsOn ? '' : ', out-of-fold strength differences'}): m ${best.m.toFixed(2)}, r ${best.r.toFixed(2)}, tie band ${best.tie.toFixed(3)}, clear band ${best.clear.toFixed(3)}, order accuracy ${best.order.toFixed(3)}`);

if (o.out) {
  const fittedOn = `claim-strength scorer (${source}) + hedge/booster lexicon scale m = ${best.m.toFixed(2)}${o.lexiconScale !== undefined ? ' (fixed)' : ''} + rule claim classes on the ordinal scale × r = ${best.r.toFixed(2)}; ${o.lexiconScale !== undefined ? 'r' : 'm and r'} chosen for order accuracy, the tie band for 3-class balanced accuracy and the clear band for τ_b on ${chosenOn}`;
  const asset = {
    about: "the offline certainty comparator's fitted weights (m, r) and bands, written by scripts/fit-certainty-weights.ts --out; do not edit by hand. tieBand: chosen for 3-class balanced accuracy (−, same, +); clearBand: for τ_b of the 5-point label",
    version: `fit-${versionTag}`,
    weights,
    tieBand: Number(best.tie.toFixed(3)),
    clearBand: Number(best.clear.toFixed(3)),
    fittedOn,
  };
  const body = JSON.stringify(asset, null, 2) + '\n';
  writeFileSync(o.out, body);
  console.log(`wrote ${o.out}`);
}
