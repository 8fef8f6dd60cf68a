import type { Results } from '../results/schema.js';
import { writeCsv } from '../data/write-csv.js';
import { writeJsonl } from '../data/write-jsonl.js';
import { resultsJsonText } from '../results/json-text.js';
import { writeResultsJson, type StoredItems } from '../results/streamed-items.js';
import { writeFileAtomic } from '../runtime/write-atomic.js';
import { outputFormat } from './flags.js';

/** What `-o/--output` of run, measure and demo can write, by extension. */
export const RESULTS_OUTPUT_FORMATS = { '.json': 'json', '.jsonl': 'jsonl', '.csv': 'csv' } as const;
export type ResultsOutputFormat = (typeof RESULTS_OUTPUT_FORMATS)[keyof typeof RESULTS_OUTPUT_FORMATS];

/** Check an output path before any work is done (a refused extension costs nothing). */
export function resultsOutputFormat(path: string): ResultsOutputFormat {
  return outputFormat(path, RESULTS_OUTPUT_FORMATS);
}

export const METRIC_ROW_COLUMNS = ['run', 'probe', 'group', 'metric', 'label', 'value', 'n', 'ci_low', 'ci_high', 'ci_level', 'p_value'] as const;

/** One row per metric of every group of every probe (and each probe's summary metrics, group "summary"). */
export function metricRows(results: Results): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  for (const p of results.probes) {
    const groups = [...p.groups.map((g) => ({ name: Object.entries(g.labels).map(([k, v]) => `${k}=${v}`).join(';'), metrics: g.metrics })), ...(p.summary ? [{ name: 'summary', metrics: p.summary }] : [])];
    for (const g of groups) {
      for (const m of g.metrics) {
        rows.push({
          run: results.run.id,
          probe: p.probe,
          group: g.name,
          metric: m.name,
          label: m.label,
          value: m.value,
          n: m.n,
          ci_low: m.ci?.low ?? null,
          ci_high: m.ci?.high ?? null,
          ci_level: m.ci?.level ?? null,
          p_value: m.test?.pValue ?? null,
        });
      }
    }
  }
  return rows;
}

/**
 * `--json`: the results as one line of JSON (inside `fields` as their last member `results`, when
 * given), their items read from the store when the run left them there.
 */
export async function writeJsonLine(results: Results, items: StoredItems | undefined, fields?: Record<string, unknown>): Promise<void> {
  const write = (t: string): void => void process.stdout.write(t);
  // JSON.stringify writes the members in order: the text before the last one's value, then it, then '}'
  if (fields !== undefined) write(JSON.stringify({ ...fields, results: 0 }).slice(0, -2));
  await writeResultsJson(results, items, write, 0);
  write(fields !== undefined ? '}\n' : '\n');
}

/** Write results as the path's extension asks: the results JSON, or one metric per line/row. */
export async function writeResultsFile(path: string, results: Results): Promise<void> {
  const format = resultsOutputFormat(path);
  if (format === 'json') {
    writeFileAtomic(path, resultsJsonText(results), 'results file');
  } else if (format === 'jsonl') {
    await writeJsonl(path, metricRows(results));
  } else {
    await writeCsv(path, metricRows(results), METRIC_ROW_COLUMNS);
  }
}
