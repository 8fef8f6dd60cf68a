/**
 * How many of the ten framing shifts of seed 000's Table A8 (Appendix A.9: Amazon reviews and
 * their GPT-3.5 summaries used in the human-subject study) the offline framing judge detects.
 * The paper picked these pairs because each summary is framed more positively than its review
 * (reviews negative or neutral, summaries positive). The seed file is not in the repository:
 *
 *   npx tsx scripts/check-table-a8.ts ../shared/seeds/000_015ff9f78037b6c4.txt
 *
 * Prints, per row, the judge's framing of review and summary, and the same for whole-document
 * VADER compound with the usual ±0.05 cut-offs, then the counts of (a) any framing change and
 * (b) a change towards positive.
 */
import { readFileSync } from 'node:fs';
import type { Framing } from '../src/core/types.js';
import { UserError } from '../src/core/errors.js';
import { createOfflineFramingJudge } from '../src/judges/framing/offline-judge.js';
import { vader } from '../src/judges/framing/vader.js';

interface Row {
  product: string;
  review: string;
  summary: string;
}

const START = 'A.9 Experimental Details on Products for Human Study';
const END = 'Table A8: Product reviews and their summaries';

function stripTags(s: string): string {
  return s.split('<p>').join('\n').split('</p>').join('\n').trim();
}

/** Rows of Table A8: a row starts with "Product<TAB><p>"; its summary follows its last tab. */
export function parseTableA8(seedText: string, file = 'seed'): Row[] {
  const a = seedText.indexOf(START);
  const b = seedText.indexOf(END, a);
  if (a < 0 || b < 0) throw new UserError(`${file}: cannot find Appendix A.9 / Table A8`);
  const lines = seedText
    .slice(a + START.length, b)
    .split('\n')
    .filter((l) => !['Continued on next page', 'Table A8 continued', 'Product\tReview\tSummary'].includes(l.trim()));
  const chunks: string[] = [];
  for (const line of lines) {
    const tab = line.indexOf('\t');
    // a product name is short and has no markup; a review line ending in "</p><TAB><p>summary" is not a row start
    const isRowStart = tab > 0 && tab < 40 && !line.slice(0, tab).includes('<') && line.startsWith('<p>', tab + 1);
    if (isRowStart) chunks.push(line);
    else if (chunks.length > 0) chunks[chunks.length - 1] += `\n${line}`;
  }
  return chunks.map((c) => {
    const first = c.indexOf('\t');
    const last = c.lastIndexOf('\t');
    if (last <= first) throw new UserError(`${file}: Table A8 row "${c.slice(0, 40)}" has no summary column`);
    return { product: c.slice(0, first).trim(), review: stripTags(c.slice(first + 1, last)), summary: stripTags(c.slice(last + 1)) };
  });
}

const ORDER: Record<Framing, number> = { negative: 0, neutral: 1, positive: 2 };

async function main(): Promise<void> {
  const file = process.argv[2];
  if (file === undefined) throw new UserError('usage: tsx scripts/check-table-a8.ts PATH/TO/000_015ff9f78037b6c4.txt');
  const rows = parseTableA8(readFileSync(file, 'utf8'), file);
  const judge = createOfflineFramingJudge();
  const v = vader();
  const doc = (t: string): Framing => {
    const c = v.rawScores(t).compound;
    return c >= 0.05 ? 'positive' : c <= -0.05 ? 'negative' : 'neutral';
  };
  let judgeAny = 0;
  let judgeUp = 0;
  let docAny = 0;
  let docUp = 0;
  console.log(`judge ${judge.id}@${judge.version}; ${rows.length} rows of Table A8\n`);
  console.log(`${'product'.padEnd(26)} ${'judge: review -> summary'.padEnd(26)} doc VADER ±0.05: review -> summary`);
  for (const r of rows) {
    const er = judge.explain(r.review);
    const es = judge.explain(r.summary);
    const dr = doc(r.review);
    const ds = doc(r.summary);
    if (er.framing !== es.framing) judgeAny++;
    if (ORDER[es.framing] > ORDER[er.framing]) judgeUp++;
    if (dr !== ds) docAny++;
    if (ORDER[ds] > ORDER[dr]) docUp++;
    const p = (e: typeof er) => `${e.framing}(${e.probabilities[e.framing].toFixed(2)})`;
    console.log(`${r.product.padEnd(26)} ${`${p(er)} -> ${p(es)}`.padEnd(34)} ${dr} -> ${ds}`);
  }
  console.log(`\noffline judge: ${judgeAny}/${rows.length} framing changes, ${judgeUp}/${rows.length} towards positive`);
  console.log(`whole-document VADER ±0.05: ${docAny}/${rows.length} framing changes, ${docUp}/${rows.length} towards positive`);
}

main().catch((err: unknown) => {
  if (err instanceof UserError) {
    console.error(`error: ${err.message}`);
    process.exit(err.exitCode);
  }
  throw err;
});
