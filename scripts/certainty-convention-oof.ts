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
 * it, with the shipped settings (claim-strength-train.ts: domain-augmented features, in-domain
 * weight = equal total weight, df ≥ 10, l2 0.00065, 1500 iterations), and the fold's sentences are
 * scored in the InSciOut view. The output (kept outside the repository) holds the sentences,
 * labels, groups and p_0..p_3.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Command } from 'commander';
import { ClaimStrengthScorer } from '../src/judges/certainty/claim-strength.js';
import { trainClaimStrength, type TrainingSentence } from './lib/claim-strength-train.js';
import { loadInSciOutRecords, loadStrengthSentences } from './validate-certainty.js';

const o = new Command()
  .requiredOption('--data <dir>', 'folder with annotated_pubmed.csv, annotated_eureka.csv, insciout_train.jsonl')
  .requiredOption('--out <file>', 'JSON output (outside the repository)')
  .option('--folds <k>', 'folds', '5')
  .parse()
  .opts<{ data: string; out: string; folds: string }>();

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
const inWeight = sentences.length / (2 * records.length);
records.forEach((r, i) => {
  sentences.push({ text: r.abstract, label: r.abstractStrength, weight: inWeight, inDomain: true, source: 'insciout', group: `insciout:${r.id}`, pair: i, side: 'a' });
  sentences.push({ text: r.press, label: r.pressStrength, weight: inWeight, inDomain: true, source: 'insciout', group: `insciout:${r.id}`, pair: i, side: 'b' });
});

const k = Number(o.folds);
const foldOf = (group: string): number => parseInt(createHash('sha256').update(group).digest('hex').slice(0, 8), 16) % k;
const fold = sentences.map((s) => foldOf(s.group));
for (let g = 0; g < k; g++) {
  const train = sentences.filter((_, i) => fold[i] !== g);
  console.error(`fold ${g + 1}/${k}: fitting on ${train.length} sentences`);
  const scorer = new ClaimStrengthScorer(trainClaimStrength(train, { augment: true }));
  sentences.forEach((s, i) => {
    if (fold[i] === g) s.p = scorer.probabilities(s.text).map((x) => Number(x.toFixed(5)));
  });
}
writeFileSync(o.out, JSON.stringify({ folds: k, records: records.map((r) => ({ id: r.id, a: r.abstract, b: r.press, sa: r.abstractStrength, sb: r.pressStrength })), sentences }) + '\n');
console.log(`wrote ${o.out} (${sentences.length} sentences, ${k} folds)`);
