/**
 * Fits the offline certainty comparator. The data are NOT part of the repository; pass paths:
 *
 *   npx tsx scripts/fit-certainty-weights.ts \
 *     --strength ../shared/data/certainty/annotated_pubmed.csv,../shared/data/certainty/annotated_eureka.csv \
 *     --bands-on ../shared/data/certainty/insciout_train.jsonl \
 *     [--min-df 10] [--l2 0.00065] [--iterations 1500] [--cv 5] \
 *     [--out-model src/judges/certainty/claim-strength-weights.ts] \
 *     [--out src/judges/certainty/offline-fitted-weights.ts]
 *
 * Step 1 — claim-strength scorer (claim-strength.ts): multinomial logistic regression
 * (claim-strength-fit.ts) on the sentence-level causal-strength labels (0 none, 1 correlational,
 * 2 conditional causal, 3 causal) of the --strength files, with binary unigram/bigram features
 * (document frequency ≥ --min-df) and the lexicon's hand features. With --cv k it first reports
 * k-fold cross-validated accuracy and the direction accuracy of expected-strength differences on
 * random sentence pairs with different labels.
 *
 * Step 2 — comparator: δ(A, B) = (E[s_B] − E[s_A]) + m · (hedge/booster lexicon difference, the
 * pair-features.ts categories) + r · (rule claim class of B − of A, pair-features.ts claim_1..3 on
 * the ordinal scale 1/2/3). m, r, the tie band and the clear band
 * are chosen on the --bands-on pairs (InSciOut train) to maximise direction accuracy on the pairs
 * whose strengths differ (a tie counts as a miss), then τ_b. The InSciOut test split is never
 * used here: validate on it with scripts/validate-certainty.ts.
 */
import { writeFileSync } from 'node:fs';
import { Command } from 'commander';
import { ClaimStrengthScorer, STRENGTH_CLASSES, strengthFeatures, type ClaimStrengthModel } from '../src/judges/certainty/claim-strength.js';
import { fitSoftmax, type SparseExample } from '../src/judges/certainty/claim-strength-fit.js';
import { OfflineCertaintyComparator, CLAIM_STRENGTH_WEIGHT } from '../src/judges/certainty/offline-comparator.js';
import { kendallTauB } from '../src/stats/kendall.js';
import { createRng } from '../src/stats/rng.js';
import { loadInSciOut, loadStrengthSentences } from './validate-certainty.js';

const o = new Command()
  .requiredOption('--strength <files>', 'comma-separated causal-strength CSVs')
  .requiredOption('--bands-on <file>', 'InSciOut train JSONL for m and the bands')
  .option('--min-df <n>', 'minimum document frequency of an n-gram', '10')
  .option('--l2 <x>', 'L2 penalty on the mean log-loss', '0.00065')
  .option('--iterations <n>', 'gradient iterations', '1500')
  .option('--cv <k>', 'report k-fold cross-validation first (0 = skip)', '0')
  .option('--seed <n>', 'seed', '11')
  .option('--out-model <file>')
  .option('--out <file>')
  .parse()
  .opts<{ strength: string; bandsOn: string; minDf: string; l2: string; iterations: string; cv: string; seed: string; outModel?: string; out?: string }>();

const files = o.strength.split(',').map((f) => f.trim());
const sentences = files.flatMap((f) => loadStrengthSentences(f));
const feats = sentences.map((s) => strengthFeatures(s.text));
const l2 = Number(o.l2);
const iterations = Number(o.iterations);
const minDf = Number(o.minDf);

/** Vocabulary: hand features always; n-grams with document frequency ≥ minDf in the given rows. */
function vocabulary(rows: readonly number[]): string[] {
  const df = new Map<string, number>();
  for (const i of rows) for (const f of feats[i]!.keys()) df.set(f, (df.get(f) ?? 0) + 1);
  return [...df].filter(([f, n]) => n >= minDf || f.startsWith('rule_') || f.startsWith('cat_') || f.startsWith('grp_')).map(([f]) => f).sort();
}

function train(rows: readonly number[]): ClaimStrengthModel {
  const vocab = vocabulary(rows);
  const index = new Map(vocab.map((f, k) => [f, k]));
  const ex: SparseExample[] = rows.map((i) => {
    const idx: number[] = [];
    const val: number[] = [];
    for (const [f, v] of feats[i]!) {
      const k = index.get(f);
      if (k !== undefined) {
        idx.push(k);
        val.push(v);
      }
    }
    return { idx, val, y: sentences[i]!.label };
  });
  const fit = fitSoftmax(ex, vocab.length, STRENGTH_CLASSES, { l2, iterations });
  const weights: Record<string, number[]> = {};
  vocab.forEach((f, k) => {
    const w = Array.from({ length: STRENGTH_CLASSES }, (_, c) => Number(fit.w[k * STRENGTH_CLASSES + c]!.toFixed(3)));
    if (w.some((x) => x !== 0)) weights[f] = w;
  });
  console.error(`  fitted ${rows.length} sentences, ${vocab.length} features, objective ${fit.loss.toFixed(4)}`);
  return { version: 'claim-strength', bias: Array.from(fit.bias, (b) => Number(b.toFixed(3))), weights };
}

const rng = createRng(Number(o.seed));
const k = Number(o.cv);
if (k > 1) {
  const fold = sentences.map(() => Math.floor(rng() * k));
  const expected = new Float64Array(sentences.length);
  let correct = 0;
  for (let f = 0; f < k; f++) {
    const scorer = new ClaimStrengthScorer(train(sentences.map((_, i) => i).filter((i) => fold[i] !== f)));
    sentences.forEach((s, i) => {
      if (fold[i] !== f) return;
      const p = scorer.probabilities(s.text);
      expected[i] = p.reduce((acc, q, c) => acc + c * q, 0);
      if (p.indexOf(Math.max(...p)) === s.label) correct++;
    });
  }
  let hit = 0;
  let n = 0;
  for (let t = 0; t < 20000; t++) {
    const i = Math.floor(rng() * sentences.length);
    const j = Math.floor(rng() * sentences.length);
    if (sentences[i]!.label === sentences[j]!.label) continue;
    n++;
    if (Math.sign(expected[j]! - expected[i]!) === Math.sign(sentences[j]!.label - sentences[i]!.label)) hit++;
  }
  console.log(`${k}-fold CV on ${sentences.length} sentences: accuracy ${(correct / sentences.length).toFixed(3)}; pair direction accuracy of E[s] differences ${(hit / n).toFixed(3)} (${n} random pairs with different labels)`);
}

const model = train(sentences.map((_, i) => i));
model.version = `claim-strength-${new Date().toISOString().slice(0, 10)}`;
const source = `${sentences.length} causal-strength sentences (${files.map((f) => f.split('/').at(-1)).join(', ')}), n-grams with df ≥ ${minDf}, l2 ${l2}, ${iterations} iterations`;
if (o.outModel) {
  const body = `// Generated by scripts/fit-certainty-weights.ts — do not edit by hand.
// Multinomial logistic regression (claim-strength.ts) fitted on ${source}.
import type { ClaimStrengthModel } from './claim-strength.js';

export const CLAIM_STRENGTH_MODEL: ClaimStrengthModel = {
  version: ${JSON.stringify(model.version)},
  bias: ${JSON.stringify(model.bias)},
  weights: {
${Object.entries(model.weights).map(([f, w]) => `    ${JSON.stringify(f)}: ${JSON.stringify(w)},`).join('\n')}
  },
};
`;
  writeFileSync(o.outModel, body);
  console.log(`wrote ${o.outModel} (${Object.keys(model.weights).length} features)`);
}

/** Lexicon hedge/booster weights, scaled by m (the rule claim classes are left to the scorer). */
function lexiconWeights(m: number, r = 0): Record<string, number> {
  const h = -m;
  return {
    claim_1: r, claim_2: 2 * r, claim_3: 3 * r,
    modal_hedge: h, can: h / 2, hedge_adverb: h, hedge_adjective: h, hedge_verb: h, cognitive_verb: h, conditional: h,
    negated_certainty: h, radiology_hedge: 2 * h, radiology_weak: 3 * h,
    booster_adverb: m, booster_verb: m, booster_adjective: m, radiology_strong: m,
  };
}

const scorer = new ClaimStrengthScorer(model);
const bandPairs = loadInSciOut(o.bandsOn);
const labels = bandPairs.map((p) => p.label);
const strengthDiff = bandPairs.map((p) => scorer.expectedStrength(p.b) - scorer.expectedStrength(p.a));
let best = { tie: 0, clear: 0, tau: -Infinity, m: 0, r: 0, score: -Infinity, acc: 0 };
const grid = Array.from({ length: 61 }, (_, i) => i * 0.025);
for (const m of Array.from({ length: 11 }, (_, i) => i * 0.02)) for (const r of [0, 0.1, 0.2, 0.3, 0.5]) {
  const probe = new OfflineCertaintyComparator({ version: 'fit', weights: lexiconWeights(m, r), tieBand: 0, clearBand: 0 });
  const deltas = bandPairs.map((p, i) => probe.delta(p.a, p.b) + strengthDiff[i]!);
  for (const tie of grid) {
    for (const clear of grid) {
      if (clear < tie) continue;
      const pred = deltas.map((d) => (Math.abs(d) < tie ? 0 : Math.sign(d) * (Math.abs(d) < clear ? 1 : 2)));
      let hit = 0;
      let differ = 0;
      pred.forEach((p, i) => {
        if (labels[i] !== 0) {
          differ++;
          if (Math.sign(p) === Math.sign(labels[i]!)) hit++;
        }
      });
      const t = kendallTauB(pred, labels).tau;
      const acc = differ ? hit / differ : 0;
      const score = acc + 1e-3 * t;
      if (score > best.score + 1e-12) best = { tie, clear, tau: t, m, r, score, acc };
    }
  }
}
// The tie band: chosen for 3-class balanced accuracy (−, no clear difference, +) with m and r
// fixed. Direction accuracy alone drives it to 0, and a comparator that never reports a tie makes
// CD ≈ 1 by construction, which is useless as a measurement.
{
  const probe = new OfflineCertaintyComparator({ version: 'fit', weights: lexiconWeights(best.m, best.r), tieBand: 0, clearBand: 0 });
  const deltas = bandPairs.map((p, i) => probe.delta(p.a, p.b) + strengthDiff[i]!);
  let bestBal = -Infinity;
  for (const tie of grid) {
    if (tie > best.clear) break;
    const recall = [-1, 0, 1].map((k) => {
      const idx = labels.map((l, i) => (Math.sign(l) === k ? i : -1)).filter((i) => i >= 0);
      return idx.length ? idx.filter((i) => (Math.abs(deltas[i]!) < tie ? 0 : Math.sign(deltas[i]!)) === k).length / idx.length : 0;
    });
    const bal = (recall[0]! + recall[1]! + recall[2]!) / 3;
    if (bal > bestBal + 1e-12) {
      bestBal = bal;
      best.tie = tie;
    }
  }
  console.log(`tie band for 3-class balanced accuracy: ${best.tie.toFixed(3)} (${bestBal.toFixed(3)})`);
}
const weights = { ...Object.fromEntries(Object.entries(lexiconWeights(best.m, best.r)).map(([f, v]) => [f, Number(v.toFixed(4))])), [CLAIM_STRENGTH_WEIGHT]: 1 };
console.log(`on ${o.bandsOn}: m ${best.m.toFixed(2)}, rule-class scale r ${best.r.toFixed(2)}, tieBand ${best.tie.toFixed(3)}, clearBand ${best.clear.toFixed(3)}, direction accuracy ${best.acc.toFixed(3)}, τ_b ${best.tau.toFixed(3)}`);

if (o.out) {
  const fittedOn = `claim-strength scorer (${source}) + hedge/booster lexicon scale m = ${best.m.toFixed(2)} + rule claim classes on the ordinal scale × r = ${best.r.toFixed(2)}; m, r and bands chosen on InSciOut train (direction accuracy ${best.acc.toFixed(3)}, τ_b ${best.tau.toFixed(3)})`;
  const body = `// Generated by scripts/fit-certainty-weights.ts — do not edit by hand.
// ${fittedOn}
import type { OfflineWeights } from './offline-comparator.js';

export const OFFLINE_CERTAINTY_WEIGHTS: OfflineWeights & { fittedOn: string } = {
  version: 'fit-${new Date().toISOString().slice(0, 10)}',
  weights: ${JSON.stringify(weights, null, 2).replace(/\n/g, '\n  ')},
  tieBand: ${best.tie.toFixed(3)}, // 3-class balanced accuracy on the --bands-on pairs
  clearBand: ${best.clear.toFixed(3)},
  fittedOn: ${JSON.stringify(fittedOn)},
};
`;
  writeFileSync(o.out, body);
  console.log(`wrote ${o.out}`);
}
