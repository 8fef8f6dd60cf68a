/**
 * Calibrates the offline framing judge (src/judges/framing/offline-judge.ts) on star-rated
 * reviews and writes the fitted numbers to a small TypeScript file. The review files are NOT part
 * of the repository; pass their paths:
 *
 *   npx tsx scripts/calibrate-framing.ts \
 *     --datafiniti ../shared/data/reviews/datafiniti_amazon_reviews.csv \
 *     --alexa ../shared/data/reviews/amazon_alexa.tsv \
 *     --blitzer-pos ../shared/data/reviews/blitzer_electronics_positive.review \
 *     --blitzer-neg ../shared/data/reviews/blitzer_electronics_negative.review \
 *     [--model multinomial|ordinal] [--weighting group|class] [--seed 20240601] \
 *     [--holdout 0.3] [--l2 0.001] \
 *     [--out src/judges/framing/fitted-params.json]
 *
 * Labels: 1-2 stars negative, 3 neutral, 4-5 positive (seed 000, Appendix A.1).
 * Split: per dataset and class, a seeded shuffle puts `--holdout` of the rows in the held-out
 * part; the model is fitted on the rest only and every figure printed is on the held-out part.
 * Weighting: 'group' (default) gives every class the same total weight and, within a class,
 * every dataset that has it the same weight (so neither the rare neutral class nor the short
 * Echo reviews are drowned out); 'class' balances classes only (sklearn class_weight='balanced').
 * Without --out nothing is written.
 */
import { createRng } from '../src/stats/rng.js';
import { writeFileSync } from 'node:fs';
import { Command } from 'commander';
import type { Framing } from '../src/core/types.js';
import { UserError } from '../src/core/errors.js';
import { readReviewSources, type Review } from './lib/review-readers.js';
import { scoreFramings, type FramingEvaluation } from '../src/judges/framing/evaluate.js';
import { FEATURE_NAMES, framingFeatures } from '../src/judges/framing/features.js';
import { fitMultinomial, fitOrdinal } from '../src/judges/framing/fit-model.js';
import { MODEL_CLASSES, predictFraming, type FramingModel } from '../src/judges/framing/model.js';
import { vader } from '../src/judges/framing/vader.js';

/** Stratified (dataset × class) seeded split. */
function split<T extends Review>(items: readonly T[], holdout: number, seed: number): { fit: T[]; held: T[] } {
  const groups = new Map<string, T[]>();
  for (const it of items) {
    const key = `${it.dataset}/${it.label}`;
    const g = groups.get(key);
    if (g === undefined) groups.set(key, [it]);
    else g.push(it);
  }
  const fit: T[] = [];
  const held: T[] = [];
  const rand = createRng(seed);
  for (const key of [...groups.keys()].sort()) {
    const g = [...(groups.get(key) as T[])];
    for (let i = g.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [g[i], g[j]] = [g[j] as T, g[i] as T];
    }
    const h = Math.round(g.length * holdout);
    held.push(...g.slice(0, h));
    fit.push(...g.slice(h));
  }
  return { fit, held };
}

/** Each class the same total weight; within a class, each dataset that has it the same weight. Mean weight 1. */
function groupWeights(rows: readonly Review[]): number[] {
  const count = new Map<string, number>();
  const datasetsOf = new Map<Framing, Set<string>>();
  for (const r of rows) {
    const key = `${r.dataset}/${r.label}`;
    count.set(key, (count.get(key) ?? 0) + 1);
    const s = datasetsOf.get(r.label) ?? new Set<string>();
    s.add(r.dataset);
    datasetsOf.set(r.label, s);
  }
  const w = rows.map((r) => 1 / ((count.get(`${r.dataset}/${r.label}`) as number) * (datasetsOf.get(r.label) as Set<string>).size));
  const total = w.reduce((a, b) => a + b, 0);
  return w.map((v) => (v * rows.length) / total);
}

function fmt(e: FramingEvaluation): string {
  const r = (c: Framing) => (e.perClassRecall[c] === undefined ? '  -  ' : (e.perClassRecall[c] as number).toFixed(3));
  return `n=${String(e.n).padStart(5)}  acc ${e.accuracy.toFixed(3)}  bal.acc ${e.balancedAccuracy.toFixed(3)}  recall neg ${r('negative')} neu ${r('neutral')} pos ${r('positive')}`;
}

function confusion(e: FramingEvaluation): string {
  const head = `      truth\\pred ${e.confusion.labels.map((l) => l.padStart(9)).join('')}`;
  const rows = e.confusion.labels.map((l, i) => `      ${l.padStart(10)} ${(e.confusion.matrix[i] ?? []).map((v) => String(v).padStart(9)).join('')}`);
  return [head, ...rows].join('\n');
}

const r6 = (v: number) => Number(v.toPrecision(6));

/** The model with every number rounded to 6 significant digits: what gets committed and evaluated. */
function roundModel(model: FramingModel): FramingModel {
  return model.kind === 'ordinal-logistic'
    ? { ...model, mean: model.mean.map(r6), sd: model.sd.map(r6), weights: model.weights.map(r6), thresholds: [r6(model.thresholds[0]), r6(model.thresholds[1])] }
    : { ...model, mean: model.mean.map(r6), sd: model.sd.map(r6), weights: model.weights.map((w) => w.map(r6)), bias: model.bias.map(r6) };
}

/** fitted-params.json: the model and where it came from (src/judges/framing/fitted-params.ts loads it). */
function modelJson(model: FramingModel, provenance: Record<string, unknown>): string {
  return JSON.stringify({ model, provenance: { ...provenance, features: FEATURE_NAMES } }, null, 2) + '\n';
}

function main(): void {
  const program = new Command()
    .requiredOption('--datafiniti <csv>', 'datafiniti_amazon_reviews.csv (reviews.text, reviews.rating)')
    .requiredOption('--alexa <tsv>', 'amazon_alexa.tsv (verified_reviews, rating)')
    .requiredOption('--blitzer-pos <file>', 'blitzer_electronics_positive.review')
    .requiredOption('--blitzer-neg <file>', 'blitzer_electronics_negative.review')
    .option('--model <kind>', 'multinomial | ordinal', 'multinomial')
    .option('--weighting <kind>', 'group (dataset x class) | class', 'group')
    .option('--seed <n>', 'split seed', '20240601')
    .option('--holdout <fraction>', 'share of each dataset × class held out', '0.3')
    .option('--l2 <lambda>', 'L2 penalty on the weights', '0.001')
    .option('--out <file>', 'write the fitted numbers here (e.g. src/judges/framing/fitted-params.json)')
    .parse();
  const o = program.opts<{ datafiniti: string; alexa: string; blitzerPos: string; blitzerNeg: string; model: string; weighting: string; seed: string; holdout: string; l2: string; out?: string }>();
  const seed = Number(o.seed);
  const holdout = Number(o.holdout);
  const l2 = Number(o.l2);
  if (!Number.isInteger(seed)) throw new UserError(`--seed must be an integer, got "${o.seed}"`);
  if (!(holdout > 0 && holdout < 1)) throw new UserError(`--holdout must be between 0 and 1, got "${o.holdout}"`);
  if (!(l2 >= 0)) throw new UserError(`--l2 must be >= 0, got "${o.l2}"`);
  if (o.model !== 'ordinal' && o.model !== 'multinomial') throw new UserError(`--model must be ordinal or multinomial, got "${o.model}"`);
  if (o.weighting !== 'group' && o.weighting !== 'class') throw new UserError(`--weighting must be group or class, got "${o.weighting}"`);

  const skipped = new Map<string, number>();
  const reviews: Review[] = readReviewSources(o, skipped);
  for (const [d, n] of skipped) console.log(`skipped ${n} ${d} rows with an empty text`);
  const datasets = [...new Set(reviews.map((r) => r.dataset))];
  for (const d of datasets) {
    const c = (l: Framing) => reviews.filter((r) => r.dataset === d && r.label === l).length;
    console.log(`${d.padEnd(11)} negative ${c('negative')}  neutral ${c('neutral')}  positive ${c('positive')}`);
  }

  const t0 = Date.now();
  const analyzer = vader();
  const withX = reviews.map((r) => ({ ...r, x: framingFeatures(r.text, analyzer), doc: analyzer.rawScores(r.text).compound }));
  console.log(`features of ${withX.length} reviews in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const { fit, held } = split(withX, holdout, seed);
  const yOf = (l: Framing) => MODEL_CLASSES.indexOf(l);
  const x = fit.map((r) => r.x);
  const y = fit.map((r) => yOf(r.label));
  const sampleWeights = o.weighting === 'group' ? groupWeights(fit) : undefined;
  const model = roundModel(o.model === 'ordinal' ? fitOrdinal(x, y, { l2, sampleWeights }) : fitMultinomial(x, y, { l2, sampleWeights }));

  const baseline = (c: number): Framing => (c >= 0.05 ? 'positive' : c <= -0.05 ? 'negative' : 'neutral');
  const heldOut: Record<string, { n: number; accuracy: number; balancedAccuracy: number; baselineBalancedAccuracy: number }> = {};
  console.log(`\nheld-out (${(holdout * 100).toFixed(0)}% of each dataset × class, seed ${seed}); fitted on ${fit.length}, model ${model.kind}`);
  for (const d of [...datasets, 'all']) {
    const part = d === 'all' ? held : held.filter((r) => r.dataset === d);
    const e = scoreFramings(part.map((r) => r.label), part.map((r) => predictFraming(model, r.x)));
    const b = scoreFramings(part.map((r) => r.label), part.map((r) => baseline(r.doc)));
    console.log(`  ${d.padEnd(11)} judge    ${fmt(e)}`);
    console.log(`  ${''.padEnd(11)} doc±0.05 ${fmt(b)}`);
    console.log(confusion(e));
    heldOut[d] = { n: e.n, accuracy: r6(e.accuracy), balancedAccuracy: r6(e.balancedAccuracy), baselineBalancedAccuracy: r6(b.balancedAccuracy) };
  }
  const fitted = scoreFramings(fit.map((r) => r.label), fit.map((r) => predictFraming(model, r.x)));
  console.log(`  (calibration part, for comparison: ${fmt(fitted)})`);
  console.log(`\nmodel: ${JSON.stringify(model)}`);

  if (o.out !== undefined) {
    const provenance = {
      date: new Date().toISOString().slice(0, 10),
      script: 'scripts/calibrate-framing.ts',
      data: 'datafiniti_amazon_reviews.csv (CC BY-NC-SA 4.0), amazon_alexa.tsv (Kaggle, licence unclear), blitzer_electronics_{positive,negative}.review (Blitzer et al. 2007, research use); not in the repository',
      labels: '1-2 stars negative, 3 neutral, 4-5 positive',
      split: `stratified by dataset x class, seed ${seed}, ${holdout} held out`,
      fittedOn: fit.length,
      model: model.kind,
      weighting: o.weighting,
      l2,
      heldOut,
    };
    writeFileSync(o.out, modelJson(model, provenance));
    console.log(`wrote ${o.out}`);
  }
}

try {
  main();
} catch (err) {
  if (err instanceof UserError) {
    console.error(`error: ${err.message}`);
    process.exit(err.exitCode);
  }
  throw err;
}
