/**
 * Fits the offline certainty comparator's category weights and bands, and (with --out) writes
 * src/judges/certainty/fitted-weights.ts. The data are NOT part of the repository; pass paths:
 *
 *   npx tsx scripts/fit-certainty-weights.ts \
 *     --strength ../shared/data/certainty/annotated_pubmed.csv,../shared/data/certainty/annotated_eureka.csv \
 *     [--wikiweasel ../shared/data/certainty/wikiweasel_train.csv] \
 *     --bands-on ../shared/data/certainty/insciout_train.jsonl \
 *     [--pairs 40000] [--l2 0.001] [--seed 11] [--out src/judges/certainty/fitted-weights.ts]
 *
 * Weights: pairwise logistic regression (fit-pairwise.ts) on random pairs of sentences with
 * different causal-strength labels (0-3; y = the second has the higher label) — and, with
 * --wikiweasel, pairs of one certain and one uncertain Wikipedia sentence — using the pairwise
 * marker features (pair-features.ts). Bands: the tie band and the clear band are chosen on the
 * --bands-on pairs (InSciOut train) to maximise direction accuracy on the pairs whose strengths differ, then τ_b. The InSciOut test split is never used here: validate on it with
 * scripts/validate-certainty.ts.
 */
import { writeFileSync } from 'node:fs';
import { Command } from 'commander';
import { fitPairwiseLogistic, type PairwiseExample } from '../src/judges/certainty/fit-pairwise.js';
import { extractMarkers } from '../src/judges/certainty/features.js';
import { OfflineCertaintyComparator } from '../src/judges/certainty/offline-comparator.js';
import { PAIR_FEATURE_NAMES, pairFeatures } from '../src/judges/certainty/pair-features.js';
import { kendallTauB } from '../src/stats/kendall.js';
import { createRng } from '../src/stats/rng.js';
import { loadInSciOut, loadStrengthSentences, loadWikiWeasel } from './validate-certainty.js';

const o = new Command()
  .requiredOption('--strength <files>', 'comma-separated causal-strength CSVs')
  .option('--wikiweasel <file>')
  .requiredOption('--bands-on <file>', 'InSciOut train JSONL for the bands')
  .option('--pairs <n>', 'pairs to sample', '40000')
  .option('--l2 <x>', 'L2 penalty', '0.001')
  .option('--seed <n>', 'seed', '11')
  .option('--out <file>')
  .option('--model <kind>', "'structured' (ordinal claim scale + one hedge/booster scale m, chosen on --bands-on) or 'logistic'", 'structured')
  .parse()
  .opts<{ strength: string; wikiweasel?: string; bandsOn: string; pairs: string; l2: string; seed: string; out?: string; model: string }>();

/**
 * The structured model: claim classes scored on their ordinal scale (1, 2, 3), every hedge
 * category −m (radiology hedges −2m, "less likely"-type −3m, "can" −m/2), every booster category +m.
 */
function structuredWeights(m: number): Record<string, number> {
  const h = -m;
  return {
    claim_1: 1, claim_2: 2, claim_3: 3,
    modal_hedge: h, can: h / 2, hedge_adverb: h, hedge_adjective: h, hedge_verb: h, cognitive_verb: h, conditional: h,
    negated_certainty: h, radiology_hedge: 2 * h, radiology_weak: 3 * h,
    booster_adverb: m, booster_verb: m, booster_adjective: m, radiology_strong: m,
  };
}

const rng = createRng(Number(o.seed));
const dim = PAIR_FEATURE_NAMES.length;
const examples: PairwiseExample[] = [];
const sentences = o.strength.split(',').flatMap((f) => loadStrengthSentences(f.trim()));
const markers = sentences.map((s) => extractMarkers(s.text));
const nPairs = Number(o.pairs);
for (let k = 0; k < nPairs; k++) {
  const i = Math.floor(rng() * sentences.length);
  const j = Math.floor(rng() * sentences.length);
  const li = sentences[i]!.label;
  const lj = sentences[j]!.label;
  if (li === lj) continue;
  examples.push({ d: pairFeatures(markers[i]!, markers[j]!), y: lj > li ? 1 : 0 });
}
let source = `${sentences.length} causal-strength sentences (${o.strength.split(',').length} files), ${examples.length} pairs`;
if (o.wikiweasel) {
  const ww = loadWikiWeasel(o.wikiweasel);
  const cert = ww.filter((r) => !r.uncertain).map((r) => extractMarkers(r.text));
  const unc = ww.filter((r) => r.uncertain).map((r) => extractMarkers(r.text));
  const before = examples.length;
  for (let k = 0; k < nPairs / 2; k++) {
    const c = cert[Math.floor(rng() * cert.length)]!;
    const u = unc[Math.floor(rng() * unc.length)]!;
    examples.push(rng() < 0.5 ? { d: pairFeatures(c, u), y: 0 } : { d: pairFeatures(u, c), y: 1 });
  }
  source += ` + ${examples.length - before} WikiWeasel pairs`;
}
const w = o.model === 'logistic' ? fitPairwiseLogistic(examples, dim, { l2: Number(o.l2), iterations: 1500, learningRate: 1 }) : new Float64Array(dim);
let correct = 0;
for (const e of examples) {
  let z = 0;
  for (let k = 0; k < dim; k++) z += w[k]! * e.d[k]!;
  if ((z > 0 ? 1 : 0) === e.y && z !== 0) correct++;
}
console.log(`fitted on ${source}; training pair accuracy ${(correct / examples.length).toFixed(3)}`);
let weights: Record<string, number> = {};
PAIR_FEATURE_NAMES.forEach((f, k) => {
  weights[f] = Number(w[k]!.toFixed(4));
});

// Bands (and, for the structured model, m) on InSciOut train, maximising τ_b.
const bandPairs = loadInSciOut(o.bandsOn);
const labels = bandPairs.map((p) => p.label);
let best = { tie: 0, clear: 0, tau: -Infinity, m: NaN, score: -Infinity };
const grid = Array.from({ length: 41 }, (_, i) => i * 0.05);
const mGrid = o.model === 'logistic' ? [NaN] : Array.from({ length: 11 }, (_, i) => i * 0.05);
for (const m of mGrid) {
  const ws = Number.isNaN(m) ? weights : structuredWeights(m);
  const probe = new OfflineCertaintyComparator({ version: 'fit', weights: ws, tieBand: 0, clearBand: 0 });
  const deltas = bandPairs.map((p) => probe.delta(p.a, p.b));
  for (const tie of grid) {
    // A one-step change of claim class (δ = 1) must never be called a tie: tieBand < 1.
    if (!Number.isNaN(m) && tie >= 1) continue;
    for (const clear of grid) {
      if (clear < tie) continue;
      const pred = deltas.map((d) => (Math.abs(d) < tie ? 0 : Math.sign(d) * (Math.abs(d) < clear ? 1 : 2)));
      // Objective: direction accuracy on the differing pairs (the validation target), then τ_b.
      let hit = 0;
      let differ = 0;
      pred.forEach((p, k) => {
        if (labels[k] !== 0) {
          differ++;
          if (Math.sign(p) === Math.sign(labels[k]!)) hit++;
        }
      });
      const t = kendallTauB(pred, labels).tau;
      const score = (differ ? hit / differ : 0) + 1e-3 * t;
      if (score > best.score + 1e-12) best = { tie, clear, tau: t, m, score };
    }
  }
}
if (!Number.isNaN(best.m)) {
  weights = Object.fromEntries(Object.entries(structuredWeights(best.m)).map(([k, v]) => [k, Number(v.toFixed(4))]));
  source = `structured model (ordinal claim scale; hedge/booster scale m = ${best.m.toFixed(2)} chosen on InSciOut train)`;
}
console.log(Object.entries(weights).map(([k, v]) => `${k}=${v}`).join(' '));
console.log(`bands on ${o.bandsOn}: tieBand ${best.tie.toFixed(2)}, clearBand ${best.clear.toFixed(2)}, τ_b ${best.tau.toFixed(3)}`);

if (o.out) {
  const body = `// Generated by scripts/fit-certainty-weights.ts — do not edit by hand.
// Fitted on ${source} (seed ${o.seed}, l2 ${o.l2}); bands chosen on InSciOut train (τ_b ${best.tau.toFixed(3)}).
export const FITTED_CERTAINTY_WEIGHTS = {
  version: 'fit-${new Date().toISOString().slice(0, 10)}',
  weights: ${JSON.stringify(weights, null, 2).replace(/\n/g, '\n  ')} as Record<string, number>,
  tieBand: ${best.tie.toFixed(2)},
  clearBand: ${best.clear.toFixed(2)},
  fittedOn: ${JSON.stringify(source)},
};
`;
  writeFileSync(o.out, body);
  console.log(`wrote ${o.out}`);
}
