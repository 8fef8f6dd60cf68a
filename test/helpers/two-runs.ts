/**
 * A store with two `slant measure` runs (framing + primacy, offline judges) over the same record
 * ids with different outputs, so comparisons have matched records and non-zero differences.
 * `evil` puts hostile strings into sources, outputs, model names and the run's label.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from './run-cli.js';

export const HOSTILE = '<script>window.__pwned=1</script></script><img src=x onerror="window.__pwned=2"> javascript:window.__pwned=3';

const SOURCES = [
  'The new bridge opened on time and under budget. Commuters praised the smooth traffic. Engineers expect decades of service. Some residents worried about noise at night. The city will monitor the area. Overall the project was a clear success.',
  'The factory closed after months of losses. Hundreds of workers lost their jobs. The union blamed poor management. A buyer may appear next year. Local shops fear a hard winter. The mayor promised help for families.',
  'The museum reopened with a modest new wing. Visitors found the displays informative. Ticket prices stayed the same. The cafe remains closed for repairs. Staff hope attendance grows. Reviews have been mixed but fair.',
  'Heavy rain flooded several streets downtown. Drivers faced long delays. No injuries were reported. Crews cleared drains overnight. Forecasters expect a dry weekend. Residents were relieved by the quick response.',
];

function lines(variant: 'lead' | 'tail', evil: boolean): string {
  return SOURCES.map((s, i) => {
    const sents = s.split('. ');
    const out = variant === 'lead' ? sents.slice(0, 2).join('. ') + '.' : sents.slice(-2).join('. ');
    return JSON.stringify({ id: `rec-${i}`, source: evil ? `${s} ${HOSTILE}` : s, output: evil ? `${out} ${HOSTILE}` : out, model: evil ? `model ${HOSTILE}` : 'model-x' });
  }).join('\n');
}

/** `store`: where the runs go (default a SQLite file in `dir`; a postgres:// URL for the shared store). */
export async function twoRuns(dir: string, opts: { evil?: boolean; store?: string } = {}): Promise<{ store: string; reports: string; a: string; b: string }> {
  const store = opts.store ?? join(dir, 'slant.db');
  const reports = join(dir, 'reports');
  const ids: string[] = [];
  for (const variant of ['lead', 'tail'] as const) {
    // the same file name: the dataset (named after the file) matches across the two runs
    mkdirSync(join(dir, variant), { recursive: true });
    const file = join(dir, variant, 'news.jsonl');
    writeFileSync(file, lines(variant, opts.evil === true));
    const res = await runCli(['--json', 'measure', 'framing', 'primacy', '--input', file, '--store', store, '--reports', reports]);
    if (res.code !== 0) throw new Error(`measure failed: ${res.stderr}`);
    ids.push((JSON.parse(res.stdout) as { runId: string }).runId);
  }
  return { store, reports, a: ids[0] as string, b: ids[1] as string };
}
