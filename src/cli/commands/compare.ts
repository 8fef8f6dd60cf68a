import type { Command } from 'commander';
import { checkSide, compareRuns, pairedStat, unpairedStat, type CompareRow, type CompareSide } from '../../report/compare.js';
import { contrastLines, formatValue, HEADLINE, statText, undefinedText } from '../../report/format.js';
import { globalOptions } from '../main-options.js';
import { STORE_FLAG_HELP, withStore } from '../store-flag.js';
import { keepYoungGenerationSmall } from '../young-generation.js';

/** "run" or "run:condition" */
function side(spec: string): CompareSide {
  const i = spec.indexOf(':');
  return i > 0 ? { runId: spec.slice(0, i), condition: spec.slice(i + 1) } : { runId: spec };
}

/** A side's group value with its n; undefined: "— (n = k)", as on every screen. */
const fmt = (s: CompareRow['a'], kind?: CompareRow['kind']): string => (s?.value === null || s?.value === undefined ? undefinedText({ n: s?.n ?? 0 }) : `${formatValue(s.value, kind)} (${s.n})`);

export function registerCompare(program: Command): void {
  program
    .command('compare')
    .description('two runs (or two conditions: run:condition) side by side: metric deltas, paired intervals over matched records')
    .argument('<a>', 'run id, or run-id:condition')
    .argument('<b>', 'run id, or run-id:condition')
    .option('--store <file>', STORE_FLAG_HELP)
    .option('--all', 'every metric, not only the headline ones')
    .action(async (a: string, b: string, opts: { store?: string; all?: boolean }, cmd: Command) => {
      keepYoungGenerationSmall();
      const A = side(a);
      const B = side(b);
      const rows = await withStore(opts.store, async (store) => {
        for (const s of [A, B]) await checkSide(store, s);
        return compareRuns(store, A, B);
      });
      const shown = opts.all ? rows : rows.filter((r) => (HEADLINE[r.probe] ?? []).includes(r.metric));
      if (globalOptions(cmd).json) {
        process.stdout.write(JSON.stringify({ a: A, b: B, rows }) + '\n');
        return;
      }
      // fitted to the terminal: group = model · dataset; the last column is the paired difference, or the unpaired one
      const lines: string[][] = [];
      for (const r of shown) {
        const p = r.paired;
        // the paired contrast as the run's effects print it: difference [interval], then p on the next line
        const diff = p ? [`${contrastLines(pairedStat(r))[0]} (${p.n})`, ...contrastLines(pairedStat(r)).slice(1)].join('\n') : r.difference === null ? '—' : `${statText(unpairedStat(r))} (unpaired)`;
        lines.push([r.probe, `${r.model} · ${r.dataset}`, r.metric, fmt(r.a, r.kind), fmt(r.b, r.kind), diff]);
      }
      if (globalOptions(cmd).quiet) {
        // -q: one plain line per metric, no table
        process.stdout.write(shown.map((r) => `${r.probe} ${r.model} · ${r.dataset} ${r.metric}: B − A ${statText(pairedStat(r) ?? unpairedStat(r))}`).join('\n') + (shown.length ? '\n' : ''));
        return;
      }
      const { fittedTable } = await import('../../report/terminal-tables.js');
      process.stdout.write(`A = ${a}\nB = ${b}\n${fittedTable(['probe', 'model · dataset', 'metric', 'A (n)', 'B (n)', 'B − A paired [95% CI] (n)'], lines, { keep: [5] })}\n`);
    });
}
