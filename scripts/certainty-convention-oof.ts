/**
 * Step 1 of the convention-only experiment (docs/probes/certainty.md, "InSciOut-convention pair
 * layer"): out-of-fold claim-strength probabilities for every training sentence of the sources
 * that share InSciOut's coding scale (0 none, 1 correlational, 2 conditional causal, 3 direct
 * causal): annotated_pubmed.csv, annotated_eureka.csv and insciout_train.jsonl. insciout_test.jsonl
 * is not read.
 *
 *   nice -n 15 npx tsx scripts/certainty-convention-oof.ts --data ../shared/data/certainty --out /tmp/oof.json
 *
 * Folds (--folds, default 5): EurekAlert sentences grouped by press release (sentId), InSciOut
 * pairs by study (original_file_id), PubMed sentences one by one (the file has no document ids);
 * groups are dealt to folds by a hash of their id. For each fold the scorer is refitted without
 * it, by default with the shipped settings (claim-strength-train.ts: domain-augmented features,
 * in-domain weight = equal total weight, df ≥ 10, l2 0.00065, 1500 iterations; the options below
 * change them), and the fold's sentences are scored in the InSciOut view. The output (kept outside the repository) holds the sentences,
 * labels, groups and p_0..p_3.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { Command } from 'commander';
import { STRENGTH_CLASSES, softmax, strengthFeatures, type ClaimStrengthModel } from '../src/judges/certainty/claim-strength.js';
import { textFingerprint } from '../src/judges/fingerprint.js';
import { trainClaimStrength, type TrainingSentence } from './lib/claim-strength-train.js';
import { loadInSciOutRecords, loadStrengthSentences } from './validate-certainty.js';

const o = new Command()
  .requiredOption('--data <dir>', 'folder with annotated_pubmed.csv, annotated_eureka.csv, insciout_train.jsonl')
  .requiredOption('--out <file>', 'JSON output (outside the repository)')
  .option('--folds <k>', 'folds', '5')
  .option('--min-df <n>', 'minimum document frequency of an n-gram', '10')
  .option('--l2 <x>', 'L2 penalty', '0.00065')
  .option('--in-weight-scale <x>', 'multiply the in-domain (InSciOut) sentence weight (1 = equal total weight with the Yu sentences)', '1')
  .option('--embeddings <cache.json>', 'a JSON map text fingerprint (src/judges/fingerprint.ts) → sentence embedding (e.g. USE lite, cached outside the repository): adds emb:k = scale · e_k')
  .option('--embedding-scale <x>', 'scale of the embedding features', '3')
  .parse()
  .opts<{ data: string; out: string; folds: string; minDf: string; l2: string; inWeightScale: string; embeddings?: string; embeddingScale: string }>();

export interface OofSentence extends TrainingSentence {
  source: 'pubmed' | 'eureka' | 'insciout';
  group: string;
  /** index of the InSciOut pair, and which side (a = abstract, b = press release) */
  pair?: number;
  side?: 'a' | 'b';
  p?: number[];
}

const f = (name: string): string => `${o.data.replace(/\/$/, '')}/${name}`;
const sentences: OofSentence[] = [
  ...loadStrengthSentences(f('annotated_pubmed.csv')).map((s, i) => ({ text: s.text, label: s.label, weight: 1, inDomain: false, source: 'pubmed' as const, group: `pubmed:${i}` })),
  ...loadStrengthSentences(f('annotated_eureka.csv')).map((s, i) => ({ text: s.text, label: s.label, weight: 1, inDomain: false, source: 'eureka' as const, group: `eureka:${s.doc ?? i}` })),
];
const records = loadInSciOutRecords(f('insciout_train.jsonl'));
const inWeight = (Number(o.inWeightScale) * sentences.length) / (2 * records.length);
records.forEach((r, i) => {
  sentences.push({ text: r.abstract, label: r.abstractStrength, weight: inWeight, inDomain: true, source: 'insciout', group: `insciout:${r.id}`, pair: i, side: 'a' });
  sentences.push({ text: r.press, label: r.pressStrength, weight: inWeight, inDomain: true, source: 'insciout', group: `insciout:${r.id}`, pair: i, side: 'b' });
});

const EMB = o.embeddings ? (JSON.parse(readFileSync(o.embeddings, 'utf8')) as Record<string, number[]>) : undefined;
const embScale = Number(o.embeddingScale);
for (const s of sentences) {
  s.features = strengthFeatures(s.text);
  if (EMB) {
    const e = EMB[textFingerprint(s.text)];
    if (!e) throw new Error(`--embeddings: no embedding for ${JSON.stringify(s.text.slice(0, 60))}`);
    e.forEach((x, k) => s.features!.set(`emb:${k}`, embScale * x));
  }
}
/** p_0..p_3 from a model and a feature map (the scorer's own featuriser has no embeddings). */
function probabilities(m: ClaimStrengthModel, feats: Map<string, number>): number[] {
  const z = [...m.bias];
  for (const [f, v] of feats) {
    const w = m.weights[f];
    if (w) for (let c = 0; c < STRENGTH_CLASSES; c++) z[c]! += v * (w[c] ?? 0);
  }
  return softmax(z);
}

const k = Number(o.folds);
const foldOf = (group: string): number => parseInt(createHash('sha256').update(group).digest('hex').slice(0, 8), 16) % k;
const fold = sentences.map((s) => foldOf(s.group));
for (let g = 0; g < k; g++) {
  const train = sentences.filter((_, i) => fold[i] !== g);
  console.error(`fold ${g + 1}/${k}: fitting on ${train.length} sentences`);
  const model = trainClaimStrength(train, { augment: true, minDf: Number(o.minDf), l2: Number(o.l2) });
  sentences.forEach((s, i) => {
    if (fold[i] === g) s.p = probabilities(model, s.features!).map((x) => Number(x.toFixed(5)));
  });
}
writeFileSync(o.out, JSON.stringify({ folds: k, options: o, records: records.map((r) => ({ id: r.id, a: r.abstract, b: r.press, sa: r.abstractStrength, sb: r.pressStrength })), sentences: sentences.map(({ features: _f, ...rest }) => rest) }) + '\n');
console.log(`wrote ${o.out} (${sentences.length} sentences, ${k} folds)`);
