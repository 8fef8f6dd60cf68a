/**
 * Two checks of the offline framing judge against labels given by one reader who read each text
 * (scripts/data/framing-reader-labels.json: row numbers, a text fingerprint and the reader's label;
 * the texts stay in ../shared/data):
 *
 * 1. How far star ratings can be told from the text at all: the reader's labels (given without
 *    seeing the stars) against the star classes on 90 Amazon reviews, 15 per source and class.
 *    Its neutral recall says how many 3-star reviews read as neutral to a reader; it bounds what a
 *    text classifier can reach on the star labels (label noise of the neutral class).
 * 2. Short neutral-toned summaries: the judge against the reader's labels on 50 news summaries
 *    (inshorts), none of which is used to fit, tune or select the judge.
 *
 *   npx tsx scripts/check-framing-reader.ts --reviews ../shared/data/reviews \
 *     --summaries ../shared/data/summarization/news_summary_inshorts.csv [--model FILE.json]
 *
 * --model scores another fitted model (e.g. an earlier ngram-model.json taken from git); the
 * VADER-features model (fitted-params.ts, the 1.0.0 judge) is always printed beside it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse/sync';
import type { Framing } from '../src/core/types.js';
import { UserError } from '../src/core/errors.js';
import { confusionFigures } from '../src/judges/card.js';
import { FITTED_FRAMING_MODEL } from '../src/judges/framing/fitted-params.js';
import { createOfflineFramingJudge, OfflineFramingJudge } from '../src/judges/framing/offline-judge.js';
import { ratingToFraming } from '../src/judges/framing/evaluate.js';
import { wilsonInterval } from '../src/stats/proportion.js';
import { readFramingModel } from './lib/framing-model-file.js';

const { values } = parseArgs({ options: { reviews: { type: 'string' }, summaries: { type: 'string' }, model: { type: 'string' } } });
if (!values.reviews || !values.summaries) throw new UserError('usage: check-framing-reader.ts --reviews DIR --summaries PATH/news_summary_inshorts.csv [--model FILE.json]');

interface Labels {
  reviews: { source: 'datafiniti' | 'alexa'; row: number; reader: Framing; sha256: string }[];
  summaries: { file: string; row: number; reader: Framing; sha256: string }[];
}
const labels = JSON.parse(readFileSync(new URL('./data/framing-reader-labels.json', import.meta.url), 'utf8')) as Labels;
const CLASSES: Framing[] = ['negative', 'neutral', 'positive'];

function table(file: string, delimiter: string): Record<string, string>[] {
  return parse(readFileSync(file, 'utf8'), { columns: true, bom: true, delimiter, relax_quotes: true, relax_column_count: true, skip_empty_lines: true }) as Record<string, string>[];
}
/** the labelled row's text, checked against its fingerprint */
function textAt(file: string, records: Record<string, string>[], row: number, field: string, sha: string): string {
  const text = (records[row - 1]?.[field] ?? '').trim();
  const got = createHash('sha256').update(text).digest('hex').slice(0, 8);
  if (got !== sha) throw new UserError(`${file}: data row ${row}: the text does not match the labelled one (fingerprint ${got}, expected ${sha}); is it the file the labels were made on?`);
  return text;
}
function confusion(truth: readonly Framing[], pred: readonly Framing[]): number[][] {
  return CLASSES.map((t) => CLASSES.map((p) => truth.filter((x, i) => x === t && pred[i] === p).length));
}
function show(label: string, cm: number[][]): void {
  const f = confusionFigures(cm);
  const rec = cm.map((row, i) => {
    const n = row.reduce((a, b) => a + b, 0);
    return n ? `${(row[i]! / n).toFixed(3)} (${row[i]}/${n})` : `— (n = 0)`;
  });
  const neu = cm[1]!;
  const nNeu = neu.reduce((a, b) => a + b, 0);
  const w = nNeu ? wilsonInterval(neu[1]!, nNeu) : null;
  console.log(`  ${label.padEnd(34)} balanced accuracy ${f.balancedAccuracy?.toFixed(3) ?? '—'}  recall neg ${rec[0]}  neu ${rec[1]}${w ? ` [${w.low.toFixed(2)}, ${w.high.toFixed(2)}]` : ''}  pos ${rec[2]}  confusion ${JSON.stringify(cm)}`);
}

// 1. reader against stars
const files = {
  datafiniti: { file: join(values.reviews, 'datafiniti_amazon_reviews.csv'), delimiter: ',', text: 'reviews.text', rating: 'reviews.rating' },
  alexa: { file: join(values.reviews, 'amazon_alexa.tsv'), delimiter: '\t', text: 'verified_reviews', rating: 'rating' },
};
const records = { datafiniti: table(files.datafiniti.file, ','), alexa: table(files.alexa.file, '\t') };
const rows = labels.reviews.map((l) => {
  const f = files[l.source];
  textAt(f.file, records[l.source], l.row, f.text, l.sha256);
  const stars = ratingToFraming(Number(records[l.source][l.row - 1]![f.rating]));
  if (stars === null) throw new UserError(`${f.file}: data row ${l.row}: expected a rating from 1 to 5`);
  return { ...l, stars };
});
console.log('reader (text only) against the star classes (rows truth = stars negative/neutral/positive, columns = reader):');
for (const s of ['datafiniti', 'alexa', 'both'] as const) {
  const rs = rows.filter((r) => s === 'both' || r.source === s);
  show(`${s} (n = ${rs.length})`, confusion(rs.map((r) => r.stars), rs.map((r) => r.reader)));
}

// 2. judges against the reader on summaries
const sumRecords = table(values.summaries, ',');
const sums = labels.summaries.map((l) => ({ text: textAt(values.summaries!, sumRecords, l.row, 'text', l.sha256), reader: l.reader }));
const judges: OfflineFramingJudge[] = [createOfflineFramingJudge(values.model ? { model: readFramingModel(values.model) } : {}), new OfflineFramingJudge({ model: FITTED_FRAMING_MODEL })];
console.log(`\njudges against the reader on ${sums.length} news summaries (rows truth = reader, columns = judge):`);
for (const j of judges) {
  const pred = await j.classify(sums.map((s) => s.text));
  show(`${j.id}@${j.version}`, confusion(sums.map((s) => s.reader), pred));
}
