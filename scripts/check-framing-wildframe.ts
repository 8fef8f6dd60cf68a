/**
 * How the offline framing judge reads short single sentences it never saw: WildFrame's base
 * statements (SLAB-NLP/WildFrame-Eval framed_eval.csv, `base_sentence_text` with its in-house
 * `base_sentiment`, positive or negative — no neutral class). None of these rows is used to fit,
 * tune or select the judge (scripts/fit-framing.ts reads only the review sources), so every figure
 * here is held out. The file is not in the repository:
 *
 *   npx tsx scripts/check-framing-wildframe.ts ../shared/data/wildframe/framed_eval.csv [--model FILE.json]
 *
 * --model scores another fitted model (e.g. an earlier ngram-model.json taken from git) instead
 * of the shipped one. Prints the confusion matrix (rows truth negative/positive, columns
 * predicted negative/neutral/positive), recall per class, balanced accuracy over the two classes
 * (a neutral answer counts as wrong) and the share of neutral answers.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse/sync';
import { UserError } from '../src/core/errors.js';
import { createOfflineFramingJudge } from '../src/judges/framing/offline-judge.js';
import { readFramingModel } from './lib/framing-model-file.js';

const { values, positionals } = parseArgs({ options: { model: { type: 'string' } }, allowPositionals: true });
const file = positionals[0];
if (!file) throw new UserError('usage: check-framing-wildframe.ts PATH/framed_eval.csv [--model FILE.json]');
const records = parse(readFileSync(file, 'utf8'), { columns: true, bom: true, skip_empty_lines: true }) as Record<string, string>[];
const rows = records.map((r, i) => {
  const label = r.base_sentiment;
  if (label !== 'positive' && label !== 'negative') throw new UserError(`${file}: data row ${i + 1}: base_sentiment must be positive or negative, got ${JSON.stringify(label)}`);
  return { text: r.base_sentence_text ?? '', label };
});
const judge = createOfflineFramingJudge(values.model ? { model: readFramingModel(values.model) } : {});
const pred = await judge.classify(rows.map((r) => r.text));
const cols = ['negative', 'neutral', 'positive'] as const;
const cm = (['negative', 'positive'] as const).map((t) => cols.map((p) => rows.filter((r, i) => r.label === t && pred[i] === p).length));
const rec = cm.map((row, i) => row[i === 0 ? 0 : 2]! / row.reduce((a, b) => a + b, 0));
console.log(`${judge.id}@${judge.version} on ${rows.length} WildFrame base statements (${file})`);
console.log(`confusion (rows truth negative, positive; columns negative, neutral, positive): ${JSON.stringify(cm)}`);
console.log(`recall negative ${rec[0]!.toFixed(3)}  positive ${rec[1]!.toFixed(3)}  balanced accuracy ${((rec[0]! + rec[1]!) / 2).toFixed(3)}  neutral answers ${((pred.filter((p) => p === 'neutral').length / rows.length) * 100).toFixed(1)}%`);
