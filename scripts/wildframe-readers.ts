/**
 * How often the two WildFrame answer readers disagree on the release's prediction files.
 *
 *   npx tsx scripts/wildframe-readers.ts --predictions DIR [--framed PATH/framed_eval.csv] [--examples N] [--json]
 *
 * DIR holds the release's `<model>_opposite_framing_predictions[_with_neutral].csv` files. For
 * every answer, the label read by the release's keyword rule (`reader: release-keywords`: first
 * `sentiment` key, else the first of mixed > neutral > positive > negative) is compared with the
 * label the answer states (`reader: stated`, src/text/answer-reader.ts; unreadable when it states
 * none). Prints per file: answers, disagreements (of which: stated unreadable; both read, other
 * label), and with --framed the shift rate of each reader on the annotated rows. Reads files only.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildWildframeRecords, parseSentimentAnswer, wildframeOptionsSchema, wildframeProbe } from '../src/probes/wildframe/index.js';
import { readAnswer } from '../src/text/answer-reader.js';

const { values } = parseArgs({
  options: { predictions: { type: 'string' }, framed: { type: 'string' }, examples: { type: 'string', default: '0' }, json: { type: 'boolean', default: false } },
});
if (values.predictions === undefined) {
  process.stderr.write('usage: tsx scripts/wildframe-readers.ts --predictions DIR [--framed framed_eval.csv] [--examples N] [--json]\n');
  process.exit(2);
}
const files = readdirSync(values.predictions).filter((f) => f.endsWith('.csv')).sort();
const rows: Record<string, unknown>[] = [];
const examples: { model: string; answer: string; release: string; stated: string }[] = [];
const total = { answers: 0, differ: 0, unreadable: 0, otherLabel: 0 };
for (const f of files) {
  const { records } = await buildWildframeRecords({ input: join(values.predictions, f) });
  let differ = 0;
  let unreadable = 0;
  let otherLabel = 0;
  for (const r of records) {
    const answer = r.prediction ?? '';
    const rel = parseSentimentAnswer(answer);
    const st = readAnswer(answer, 'sentiment');
    const relLabel = rel.label ?? 'unreadable';
    const stLabel = 'label' in st ? st.label : 'unreadable';
    if (relLabel === stLabel) continue;
    differ++;
    if (stLabel === 'unreadable') unreadable++;
    else if (relLabel !== 'unreadable') otherLabel++;
    if (examples.length < Number(values.examples)) examples.push({ model: records[0]?.model ?? f, answer: answer.slice(0, 240), release: relLabel, stated: 'unreadable' in st ? `unreadable (${st.unreadable})` : stLabel });
  }
  const row: Record<string, unknown> = { model: records[0]?.model ?? f, answers: records.length, differ, statedUnreadable: unreadable, otherLabel };
  if (values.framed !== undefined) {
    // the shift rate on the annotated rows with each reader
    const { records: annotated } = await buildWildframeRecords({ input: join(values.predictions, f), humans: values.framed });
    for (const reader of ['release-keywords', 'stated'] as const) {
      const options = wildframeOptionsSchema.parse({ evaluator: 'recorded', reader });
      const items = [];
      for (const r of annotated) items.push({ recordId: r.id, measurement: await wildframeProbe.measure(r, { judges: {}, options }) });
      const shift = wildframeProbe.aggregate(items, options).metrics.find((m) => m.name === 'shift_rate');
      row[`shift_${reader}`] = shift ? `${((shift.value ?? NaN) * 100).toFixed(1)}% (n = ${shift.n}${shift.excluded ? `, ${Object.values(shift.excluded).reduce((a, b) => a + b, 0)} unreadable` : ''})` : '-';
    }
  }
  rows.push(row);
  total.answers += records.length;
  total.differ += differ;
  total.unreadable += unreadable;
  total.otherLabel += otherLabel;
}
if (values.json) {
  process.stdout.write(JSON.stringify({ files: rows, total, examples }, null, 2) + '\n');
} else {
  for (const r of rows) process.stdout.write(`${Object.entries(r).map(([k, v]) => `${k}=${String(v)}`).join('  ')}\n`);
  process.stdout.write(`total: ${total.differ} of ${total.answers} answers read differently (${((100 * total.differ) / total.answers).toFixed(2)}%): ${total.unreadable} unreadable to the stated reader, ${total.otherLabel} read as another label\n`);
  for (const e of examples) process.stdout.write(`- ${e.model}: release ${e.release}, stated ${e.stated}: ${JSON.stringify(e.answer)}\n`);
}
