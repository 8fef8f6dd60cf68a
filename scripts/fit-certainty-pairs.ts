/**
 * Fits and validates the pair certainty comparator (src/judges/certainty/pair-comparator.ts) on
 * every certainty source in ../shared/data/certainty. The data are NOT part of the repository;
 * pass the directory (file names as in its README):
 *
 *   npx tsx scripts/fit-certainty-pairs.ts --data ../shared/data/certainty \
 *     [--feature-sets all,hand] [--l2 0.001,0.01] [--with-strength] [--base-delta] \
 *     [--embeddings /tmp/….json --feature-sets emb] [--only insciout,…] \
 *     [--out-weights /tmp/pair-weights.json] [--out-fingerprints /tmp/pair-training-set.json]
 *
 * No pair comparator ships: none of the configurations tried beat the offline comparator on
 * held-out data (docs/probes/certainty.md, "Pair comparator"). --out-weights writes the
 * all-source model for `scripts/validate-certainty.ts --pair-weights`.
 *
 * Sources and the labelled pairs built from them (label sign: > 0 = b more certain, 0 = tie):
 * - insciout: insciout_train.jsonl pairs (a = abstract, b = press release, label = strength
 *   difference). insciout_test.jsonl (563 pairs) is NEVER fitted on or selected on: it is the
 *   held-out file of the shipped comparator's card and of the "insciout" figures.
 * - pubmed: annotated_pubmed.csv has no document ids; 3,000 random sentence pairs (seed 21),
 *   label = difference of the two causal-strength labels (equal labels = tie).
 * - eureka: annotated_eureka.csv; every pair of sentences of the same press release (sentId),
 *   label = strength difference.
 * - radiology: radiology_phrase_ranking.csv (all 861 phrase pairs, label = μ difference) and
 *   radiology_phrase_pairwise.csv (50 radiologist choices, label = vote difference), each phrase
 *   in the template sentence of validate-certainty.ts. One source: the same 42 phrases.
 * - wikiweasel: wikiweasel_train.csv; training pairs = 3,000 random certain/uncertain pairs
 *   (seed 8); evaluation pairs = the 2,000 pairs (seed 7) that validate-certainty.ts uses.
 *
 * Split discipline (one for every figure this script prints):
 * - Leave one source out: for each source S, the model is fitted on the other sources' pairs only
 *   and evaluated on S's evaluation pairs (insciout: insciout_test.jsonl; the others: their pairs
 *   above). With S = insciout, insciout_train is left out too.
 * - Selection nested in the training sources: L2, the length normalisation and the tie band are
 *   chosen by an inner leave-one-source-out over the training sources only (criterion: the mean
 *   over inner held-out sources of 3-class balanced accuracy, −/tie/+, over the classes present).
 * - Each source weighs the same in the fit (pair weight 1 / number of the source's pairs).
 * - The all-source model (--out-weights): fitted on all five sources' training pairs (insciout =
 *   insciout_train only), selection by leave-one-source-out over them; its held-out figure is
 *   insciout_test.jsonl, printed last.
 * - The training fingerprints (--out-fingerprints) list every text of that fit, so that
 *   validate-certainty.ts --pair-fingerprints flags in-sample rows (e.g. the radiology and
 *   WikiWeasel files).
 * "before" = the previous offline comparator (certainty-offline) on the same evaluation pairs; its
 * claim-strength scorer was fitted on annotated_pubmed/eureka and insciout_train, so its pubmed
 * and eureka figures are in-sample.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { kendallTauB } from '../src/stats/kendall.js';
import { createRng } from '../src/stats/rng.js';
import { packFingerprints, textFingerprint } from '../src/judges/fingerprint.js';
import { fitOrdinalPairs, type OrdinalPairExample } from '../src/judges/certainty/fit-ordinal-pairs.js';
import { OfflineCertaintyComparator } from '../src/judges/certainty/offline-comparator.js';
import { ClaimStrengthScorer } from '../src/judges/certainty/claim-strength.js';
import { CLAIM_STRENGTH_MODEL } from '../src/judges/certainty/claim-strength-weights.js';
import { BASE_FEATURE, EMBEDDING_PREFIX, isExternalFeature, pairDiffFeatures, STRENGTH_FEATURE } from '../src/judges/certainty/pair-diff-features.js';
import { PAIR_CLEAR_MARGIN, type PairComparatorWeights } from '../src/judges/certainty/pair-comparator.js';
import type { LabelledPair } from '../src/judges/certainty/validate.js';
import {
  loadInSciOut, loadRadiologyPairwise, loadRadiologyRanking, loadStrengthSentences, loadWikiWeasel, wikiWeaselPairs,
} from './validate-certainty.js';

const o = new Command()
  .requiredOption('--data <dir>', 'the certainty data directory (../shared/data/certainty)')
  .option('--min-df <n>', 'minimum number of training pairs in which an n-gram/stem difference occurs', '5')
  .option('--iterations <n>', 'Adam iterations', '300')
  .option('--l2 <list>', 'L2 grid', '0.001,0.01')
  .option('--feature-sets <list>', "feature sets to select from: 'all' (n-grams, stems, hand and pair-marker features) and/or 'hand' (hand and pair-marker features only)", 'all,hand')
  .option('--with-strength', 'add the claim-strength scorer difference E[s_B] − E[s_A] (claim-strength.ts; fitted on annotated_pubmed/eureka + insciout_train, so pubmed/eureka figures become in-sample)')
  .option('--base-delta', "add the previous offline comparator's δ (certainty-offline) as a feature (its scorer was fitted on annotated_pubmed/eureka + insciout_train: pubmed/eureka figures become in-sample)")
  .option('--embeddings <cache.json>', "a JSON map text fingerprint → sentence embedding (e.g. USE lite, cached under /tmp, never in the repository); adds the feature set 'emb' (hand features + the embedding difference e_B − e_A)")
  .option('--only <sources>', 'comma-separated held-out sources to evaluate (default: all)')
  .option('--dump-texts <file>', 'write every text of the training and evaluation pairs as a JSON array (to embed them outside the repository) and stop')
  .option('--out-weights <file>')
  .option('--out-fingerprints <file>')
  .parse()
  .opts<{ embeddings?: string; baseDelta?: boolean; dumpTexts?: string; data: string; withStrength?: boolean; featureSets: string; minDf: string; iterations: string; l2: string; only?: string; outWeights?: string; outFingerprints?: string }>();

const SOURCES = ['insciout', 'pubmed', 'eureka', 'radiology', 'wikiweasel'] as const;
type Source = (typeof SOURCES)[number];

const f = (name: string): string => join(o.data, name);
function randomPairs(rows: { text: string; label: number }[], count: number, seed: number): LabelledPair[] {
  const rng = createRng(seed);
  const out: LabelledPair[] = [];
  while (out.length < count) {
    const i = Math.floor(rng() * rows.length);
    const j = Math.floor(rng() * rows.length);
    if (i === j) continue;
    out.push({ a: rows[i]!.text, b: rows[j]!.text, label: rows[j]!.label - rows[i]!.label });
  }
  return out;
}
function withinDocPairs(rows: { text: string; label: number; doc?: string }[]): LabelledPair[] {
  const docs = new Map<string, { text: string; label: number }[]>();
  for (const r of rows) docs.set(r.doc ?? r.text, [...(docs.get(r.doc ?? r.text) ?? []), r]);
  const out: LabelledPair[] = [];
  for (const d of docs.values()) for (let i = 0; i < d.length; i++) for (let j = i + 1; j < d.length; j++) out.push({ a: d[i]!.text, b: d[j]!.text, label: d[j]!.label - d[i]!.label });
  return out;
}

const wiki = loadWikiWeasel(f('wikiweasel_train.csv'));
const radiologyPairwise = loadRadiologyPairwise(f('radiology_phrase_pairwise.csv'));
const radiologyRanking = loadRadiologyRanking(f('radiology_phrase_ranking.csv'));
/** training pairs per source */
const TRAIN: Record<Source, LabelledPair[]> = {
  insciout: loadInSciOut(f('insciout_train.jsonl')),
  pubmed: randomPairs(loadStrengthSentences(f('annotated_pubmed.csv')), 3000, 21),
  eureka: withinDocPairs(loadStrengthSentences(f('annotated_eureka.csv'))),
  radiology: [...radiologyRanking, ...radiologyPairwise],
  wikiweasel: wikiWeaselPairs(wiki, 3000, 8),
};
/** evaluation sets per held-out source */
const EVAL: Record<Source, [string, LabelledPair[]][]> = {
  insciout: [['insciout_test.jsonl (563 pairs)', loadInSciOut(f('insciout_test.jsonl'))]],
  pubmed: [['annotated_pubmed random pairs (3,000, seed 21)', TRAIN.pubmed]],
  eureka: [['annotated_eureka within-release pairs', TRAIN.eureka]],
  radiology: [['radiology phrase pairwise (50)', radiologyPairwise], ['radiology phrase ranking (861 pairs)', radiologyRanking]],
  wikiweasel: [['WikiWeasel (2,000 pairs, seed 7)', wikiWeaselPairs(wiki, 2000, 7)]],
};

const minDf = Number(o.minDf);
const iterations = Number(o.iterations);
const l2Grid = o.l2.split(',').map(Number);
const TIE_GRID = [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 2];

// Features of every pair, both normalisations, computed once.
const scorer = new ClaimStrengthScorer(CLAIM_STRENGTH_MODEL);
const baseComparator = new OfflineCertaintyComparator();
const EMB = o.embeddings ? (JSON.parse(readFileSync(o.embeddings, 'utf8')) as Record<string, number[]>) : undefined;
const featCache = new Map<LabelledPair, [Map<string, number>, Map<string, number>]>();
function feats(p: LabelledPair, normalise: boolean): Map<string, number> {
  let c = featCache.get(p);
  if (!c) {
    c = [pairDiffFeatures(p.a, p.b), pairDiffFeatures(p.a, p.b, { normalise: true })];
    if (o.withStrength) {
      const ds = scorer.expectedStrength(p.b) - scorer.expectedStrength(p.a);
      for (const m of c) m.set(STRENGTH_FEATURE, ds);
    }
    if (EMB) {
      const ea = EMB[textFingerprint(p.a)];
      const eb = EMB[textFingerprint(p.b)];
      if (!ea || !eb) throw new Error(`--embeddings: no embedding for a text of pair ${JSON.stringify(p.a.slice(0, 40))} / ${JSON.stringify(p.b.slice(0, 40))}`);
      for (const m of c) for (let k = 0; k < ea.length; k++) if (eb[k] !== ea[k]) m.set(`${EMBEDDING_PREFIX}${k}`, eb[k]! - ea[k]!);
    }
    if (o.baseDelta) {
      const bd = baseComparator.delta(p.a, p.b);
      for (const m of c) m.set(BASE_FEATURE, bd);
    }
    featCache.set(p, c);
  }
  return c[normalise ? 1 : 0];
}

type FeatureSet = 'all' | 'hand' | 'emb';
const featureSets = o.featureSets.split(',') as FeatureSet[];
const isHand = (k: string): boolean => /^(rule|cat|grp)_|^pair:/.test(k) || k === STRENGTH_FEATURE || k === BASE_FEATURE;
const isEmb = (k: string): boolean => k.startsWith(EMBEDDING_PREFIX);

interface Model {
  features: FeatureSet;
  weights: Map<string, number>;
  theta: number;
  normalise: boolean;
  l2: number;
  /** tie band as a multiple of θ */
  tieScale: number;
}

function fit(sources: readonly Source[], l2: number, normalise: boolean, features: FeatureSet): Omit<Model, 'tieScale'> {
  const rows = sources.flatMap((s) => TRAIN[s].map((p) => ({ p, w: 1 / TRAIN[s].length })));
  const df = new Map<string, number>();
  for (const { p } of rows) for (const k of feats(p, normalise).keys()) df.set(k, (df.get(k) ?? 0) + 1);
  const vocab = [...df].filter(([k, n]) => isHand(k) || (features === 'emb' && isEmb(k)) || (features === 'all' && !isEmb(k) && n >= minDf)).map(([k]) => k).sort();
  const index = new Map(vocab.map((k, i) => [k, i]));
  const ex: OrdinalPairExample[] = rows.map(({ p, w }) => {
    const idx: number[] = [];
    const val: number[] = [];
    for (const [k, v] of feats(p, normalise)) {
      const i = index.get(k);
      if (i !== undefined) {
        idx.push(i);
        val.push(v);
      }
    }
    return { idx, val, y: Math.sign(p.label) as -1 | 0 | 1, weight: w };
  });
  const r = fitOrdinalPairs(ex, vocab.length, { l2, iterations });
  const weights = new Map<string, number>();
  vocab.forEach((k, i) => {
    if (Math.abs(r.w[i]!) > 1e-6) weights.set(k, r.w[i]!);
  });
  return { features, weights, theta: r.theta, normalise, l2 };
}

function score(m: Omit<Model, 'tieScale'>, p: LabelledPair): number {
  let s = 0;
  for (const [k, v] of feats(p, m.normalise)) s += (m.weights.get(k) ?? 0) * v;
  return s;
}

function predict(m: Model, s: number): number {
  const a = Math.abs(s);
  const tie = m.tieScale * m.theta;
  if (a < tie) return 0;
  return Math.sign(s) * (a < Math.max(tie, m.theta + PAIR_CLEAR_MARGIN) ? 1 : 2);
}

/** 3-class balanced accuracy over the classes present. */
function balanced(labels: number[], preds: number[]): number {
  const rec: number[] = [];
  for (const c of [-1, 0, 1]) {
    const idx = labels.map((l, i) => [Math.sign(l), i] as const).filter(([l]) => l === c).map(([, i]) => i);
    if (idx.length) rec.push(idx.filter((i) => Math.sign(preds[i]!) === c).length / idx.length);
  }
  return rec.reduce((a, b) => a + b, 0) / rec.length;
}

/** Nested selection: inner leave-one-source-out over `sources`. */
function select(sources: readonly Source[]): Model {
  let best: { crit: number; l2: number; normalise: boolean; tieScale: number; features: FeatureSet } | undefined;
  for (const features of featureSets) for (const l2 of l2Grid) {
    for (const normalise of [false, true]) {
      const perScale = TIE_GRID.map(() => [] as number[]);
      for (const held of sources) {
        const m = fit(sources.filter((s) => s !== held), l2, normalise, features);
        const scores = TRAIN[held].map((p) => score(m, p));
        const labels = TRAIN[held].map((p) => p.label);
        TIE_GRID.forEach((c, k) => perScale[k]!.push(balanced(labels, scores.map((s) => predict({ ...m, tieScale: c }, s)))));
      }
      TIE_GRID.forEach((c, k) => {
        const crit = perScale[k]!.reduce((a, b) => a + b, 0) / perScale[k]!.length;
        if (!best || crit > best.crit + 1e-12) best = { crit, l2, normalise, tieScale: c, features };
      });
    }
  }
  const b = best!;
  console.error(`  selected on ${sources.join('+')}: features ${b.features}, l2 ${b.l2}, normalise ${b.normalise}, tie band ${b.tieScale}·θ (inner balanced accuracy ${b.crit.toFixed(3)})`);
  return { ...fit(sources, b.l2, b.normalise, b.features), tieScale: b.tieScale };
}

interface Figures { n: number; order: number; direction: number; decided: string; ties: string; tieRate: string; tau: number }
function figures(labels: number[], scores: number[], preds: number[]): Figures {
  let n = 0, order = 0, dir = 0, dec = 0, decHit = 0, nT = 0, tHit = 0, predTies = 0;
  labels.forEach((l, i) => {
    const t = Math.sign(l);
    const p = Math.sign(preds[i]!);
    if (p === 0) predTies++;
    if (t !== 0) {
      n++;
      if (Math.sign(scores[i]!) === t) order++;
      if (p === t) dir++;
      if (p !== 0) { dec++; if (p === t) decHit++; }
    } else { nT++; if (p === 0) tHit++; }
  });
  const pct = (a: number, b: number): string => (b ? `${(a / b).toFixed(3)} (${a}/${b})` : `— (n = 0)`);
  return {
    n, order: order / n, direction: dir / n, decided: pct(decHit, dec), ties: pct(tHit, nT),
    tieRate: `predicted ${(predTies / labels.length).toFixed(3)} vs true ${(nT / labels.length).toFixed(3)}`,
    tau: kendallTauB(preds, labels).tau,
  };
}
const fmt = (x: Figures): string => `order ${x.order.toFixed(3)} | direction ${x.direction.toFixed(3)} (n = ${x.n} differing) | decided ${x.decided} | ties recognised ${x.ties} | no-clear-difference rate ${x.tieRate} | τ_b ${x.tau.toFixed(3)}`;

async function main(): Promise<void> {
  if (o.dumpTexts) {
    const all = [...SOURCES.flatMap((s) => TRAIN[s]), ...SOURCES.flatMap((s) => EVAL[s].flatMap(([, p]) => p))];
    writeFileSync(o.dumpTexts, JSON.stringify([...new Set(all.flatMap((p) => [p.a, p.b]))]));
    return;
  }
  const before = new OfflineCertaintyComparator();
  const only = o.only ? o.only.split(',') : [...SOURCES];
  for (const held of SOURCES.filter((s) => only.includes(s))) {
    console.log(`\n## held out: ${held}`);
    const m = select(SOURCES.filter((s) => s !== held));
    for (const [name, pairs] of EVAL[held]) {
      const labels = pairs.map((p) => p.label);
      const scores = pairs.map((p) => score(m, p));
      console.log(`${name}\n  pair comparator (LOSO): ${fmt(figures(labels, scores, scores.map((s) => predict(m, s))))}`);
      const bj = await Promise.all(pairs.map((p) => before.compare(p.a, p.b)));
      console.log(`  before (certainty-offline): ${fmt(figures(labels, bj.map((j) => j.score ?? 0), bj.map((j) => (typeof j.label === 'number' ? j.label : 0))))}`);
    }
  }
  if (o.outWeights) {
    console.log('\n## all-source model: all five sources (insciout = insciout_train only)');
    const m = select(SOURCES);
    const [name, pairs] = EVAL.insciout[0]!;
    const scores = pairs.map((p) => score(m, p));
    console.log(`${name} (held out)\n  all-source model: ${fmt(figures(pairs.map((p) => p.label), scores, scores.map((s) => predict(m, s))))}`);
    const external = [...m.weights.keys()].filter(isExternalFeature);
    if (external.length) {
      console.log(`not writing ${o.outWeights}: the model uses features PairCertaintyComparator does not compute (${external.slice(0, 3).join(', ')}…)`);
      return;
    }
    const round = (x: number): number => Number(x.toPrecision(6));
    const out: PairComparatorWeights & { fittedOn: string } = {
      version: `pair-${new Date().toISOString().slice(0, 10)}`,
      fittedOn: `ordinal logit on pair differences (pair-diff-features.ts), sources insciout_train.jsonl (${TRAIN.insciout.length} pairs), annotated_pubmed.csv (${TRAIN.pubmed.length} random pairs, seed 21), annotated_eureka.csv (${TRAIN.eureka.length} within-release pairs), radiology phrase ranking + pairwise (${TRAIN.radiology.length} pairs), wikiweasel_train.csv (${TRAIN.wikiweasel.length} random pairs, seed 8), each source weighing the same; min df ${minDf}, l2 ${m.l2}, normalise ${m.normalise}, ${iterations} Adam iterations; l2, normalisation and tie band chosen by leave-one-source-out over these sources; insciout_test.jsonl held out`,
      normalise: m.normalise,
      theta: round(m.theta),
      tieBand: round(m.tieScale * m.theta),
      clearBand: round(Math.max(m.tieScale * m.theta, m.theta + PAIR_CLEAR_MARGIN)),
      weights: Object.fromEntries([...m.weights].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, round(v)])),
    };
    writeFileSync(o.outWeights, JSON.stringify(out, null, 1) + '\n');
    console.log(`wrote ${o.outWeights} (${m.weights.size} weights)`);
  }
  if (o.outFingerprints) {
    const texts = SOURCES.flatMap((s) => TRAIN[s].flatMap((p) => [p.a, p.b]));
    const fp = packFingerprints(texts);
    writeFileSync(o.outFingerprints, JSON.stringify({ about: `Fingerprints (src/judges/fingerprint.ts) of the ${fp.length / 8} distinct texts of the pair comparator's training pairs (insciout_train, annotated_pubmed, annotated_eureka, radiology phrase files, wikiweasel_train); not the texts`, fingerprints: fp }) + '\n');
    console.log(`wrote ${o.outFingerprints}`);
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
