/**
 * Per-model comparison with humans on the WildFrame release, without calling any model.
 *
 *   npx tsx scripts/wildframe-compare.ts --framed PATH/framed_eval.csv --predictions DIR [--json]
 *
 * DIR holds the release's `<model>_opposite_framing_predictions[_with_neutral].csv` files
 * (SLAB-NLP/WildFrame-Eval, model_predictions/inference/). Prints, per model: Pearson r between the
 * model's shift scores (release rule: 1 framing's sentiment, 0.5 neutral, 0 unchanged, mixed 1) and
 * the human scores (0-5) with its Fisher-z 95% interval and p-value, the shift rates by base
 * polarity (Figure 3), the neutral rate, unparseable answers, and how often slant's answer parsing
 * agrees with the release's processed labels.
 *
 *   npx tsx scripts/wildframe-compare.ts --base-sentences DIR
 *
 * DIR holds the release's SPIKE extractions (base_sentences/{positive,negative}_{verbs,adjectives}_template.csv)
 * with the in-house labels (answer: positive / negative / not suitable). Prints, per file: how many
 * statements slant's pattern finds (same pattern and list), how often its polarity after negation
 * matches the in-house label, and how its clarity flags relate to "not suitable".
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Metric } from '../src/core/types.js';
import { readAllRecords } from '../src/data/index.js';
import { clarityFlags, matchPatterns } from '../src/probes/wildframe/builder/index.js';
import { createFramingJudge } from '../src/judges/registry.js';
import { buildWildframeRecords, parseSentimentAnswer, wildframeOptionsSchema, wildframeProbe } from '../src/probes/wildframe/index.js';

const { values } = parseArgs({
  options: {
    framed: { type: 'string' },
    predictions: { type: 'string' },
    'base-sentences': { type: 'string' },
    /** also score the offline framing judge as if it were a model (no network) */
    offline: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});
if (values['base-sentences'] !== undefined) {
  await baseSentences(values['base-sentences']);
  process.exit(0);
}
if (values.framed === undefined || values.predictions === undefined) {
  process.stderr.write('usage: tsx scripts/wildframe-compare.ts --framed framed_eval.csv --predictions DIR [--json]\n');
  process.exit(2);
}
const options = wildframeOptionsSchema.parse({ evaluator: 'recorded' });
const files = readdirSync(values.predictions).filter((f) => f.endsWith('.csv')).sort();
const rows: Record<string, unknown>[] = [];
for (const f of [...files, ...(values.offline ? ['offline'] : [])]) {
  const offline = f === 'offline';
  const source = join(values.predictions, offline ? (files[0] ?? '') : f);
  const { records, stats } = await buildWildframeRecords({ input: source, humans: values.framed });
  if (offline) for (const r of records) Object.assign(r, { prediction: undefined, releaseLabel: undefined, model: 'offline framing judge' });
  // parsing agreement with the release's processed labels over ALL rows of the file (annotated or not)
  const everyRow = offline ? [] : (await buildWildframeRecords({ input: source })).records;
  const sameLabel = everyRow.filter((r) => {
    const p = parseSentimentAnswer(r.prediction ?? '');
    return (p.label ?? p.value) === r.releaseLabel;
  }).length;
  const items = [];
  const judges = offline ? { framing: await createFramingJudge('offline') } : {};
  const opts = offline ? { ...options, evaluator: 'offline' as const } : options;
  for (const r of records) items.push({ recordId: r.id, measurement: await wildframeProbe.measure(r, { judges, options: opts }) });
  const { metrics } = wildframeProbe.aggregate(items, options);
  const m = (name: string): Metric | undefined => metrics.find((x) => x.name === name);
  const r = m('pearson_r');
  rows.push({
    model: records[0]?.model ?? f,
    n: r?.n ?? 0,
    r: r?.value,
    ci_low: r?.ci?.low,
    ci_high: r?.ci?.high,
    p: r?.test?.pValue,
    shift_pos: m('shift_rate_base_positive')?.value,
    shift_neg: m('shift_rate_base_negative')?.value,
    neutral: m('neutral_rate')?.value,
    mixed: m('mixed_rate')?.value,
    unparseable: m('unparseable')?.value,
    parse_agree: `${sameLabel}/${everyRow.length}`,
    agree_humans: m('agreement_human_majority')?.value,
    human_shift_pos: m('human_shift_rate_base_positive')?.value,
    human_shift_neg: m('human_shift_rate_base_negative')?.value,
    unmatched_rows: stats.unmatched,
  });
}
if (values.json) {
  process.stdout.write(JSON.stringify(rows, null, 2) + '\n');
} else {
  const fmt = (v: unknown, d = 3): string => (typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toFixed(d)) : String(v ?? '-'));
  const pct = (v: unknown): string => (typeof v === 'number' ? (100 * v).toFixed(1) + '%' : '-');
  const head = ['model', 'n', 'r', '95% CI', 'p', 'shift pos', 'shift neg', 'neutral', 'mixed', 'unparsed', 'parse=release', 'agree humans'];
  const lines = rows.map((x) => [
    String(x['model']),
    fmt(x['n']),
    fmt(x['r']),
    `[${fmt(x['ci_low'])}, ${fmt(x['ci_high'])}]`,
    typeof x['p'] === 'number' ? (x['p'] as number).toExponential(1) : '-',
    pct(x['shift_pos']),
    pct(x['shift_neg']),
    pct(x['neutral']),
    pct(x['mixed']),
    fmt(x['unparseable']),
    String(x['parse_agree']),
    pct(x['agree_humans']),
  ]);
  const first = rows[0];
  if (first) lines.push(['humans (>= 3 of 5)', '', '', '', '', pct(first['human_shift_pos']), pct(first['human_shift_neg']), '', '', '', '', '']);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const out = [head, ...lines].map((l) => l.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd());
  process.stdout.write(out.join('\n') + '\n');
  if (first) process.stdout.write(`(per file: ${String(first['unmatched_rows'])} prediction rows without human scores are not in the comparison)\n`);
}

async function baseSentences(dir: string): Promise<void> {
  const pct = (a: number, b: number): string => `${a}/${b} (${b ? ((100 * a) / b).toFixed(1) : '-'}%)`;
  for (const f of ['positive_verbs_template.csv', 'negative_verbs_template.csv', 'positive_adjectives_template.csv', 'negative_adjectives_template.csv']) {
    // one row per (sentence, match) in the file: dedupe by sentence text
    const { records } = await readAllRecords(join(dir, f), { deriveIds: true, required: ['sentence_text'], optional: ['answer'], duplicates: 'skip' });
    const listPolarity = f.startsWith('positive') ? 'positive' : 'negative';
    const pattern = f.includes('verbs') ? 'sentiment-verb' : 'causes-adjective';
    let found = 0, labelled = 0, agree = 0, listAgree = 0, flippedLabel = 0, flippedCaught = 0, suitable = 0, suitableClear = 0, unsuitable = 0, unsuitableFlagged = 0;
    for (const r of records) {
      const text = String(r.fields['sentence_text']);
      const answer = String(r.fields['answer'] ?? '');
      const matches = matchPatterns(text);
      const m = matches.find((x) => x.pattern === pattern && x.lexiconPolarity === listPolarity);
      if (m) found++;
      if (answer === 'not suitable') {
        unsuitable++;
        if (clarityFlags(text, matches).length > 0) unsuitableFlagged++;
        continue;
      }
      if (answer !== 'positive' && answer !== 'negative') continue;
      suitable++;
      if (clarityFlags(text, matches).length === 0) suitableClear++;
      if (!m) continue;
      labelled++;
      if (m.polarity === answer) agree++;
      if (listPolarity === answer) listAgree++;
      if (answer !== listPolarity) {
        flippedLabel++;
        if (m.negated) flippedCaught++;
      }
    }
    process.stdout.write(
      `${f}: statements ${records.length}; pattern found ${pct(found, records.length)}; polarity = in-house label ${pct(agree, labelled)} (list polarity alone ${pct(listAgree, labelled)}); ` +
        `label opposite to the list, caught by negation ${pct(flippedCaught, flippedLabel)}; labelled statements left clear ${pct(suitableClear, suitable)}; ` +
        `"not suitable" flagged ${pct(unsuitableFlagged, unsuitable)}\n`,
    );
  }
}
