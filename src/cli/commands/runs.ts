import type { Command } from 'commander';
import { createTable } from '../../report/table.js';
import { asRunStore, type AnyStore } from '../../runtime/sqlite-run-store.js';
import type { RunRow } from '../../runtime/store.js';
import { globalOptions } from '../main-options.js';
import { STORE_FLAG_HELP, withStore } from '../store-flag.js';

export interface RunListing {
  id: string;
  command: string | null;
  status: string;
  createdAt: string;
  updatedAt: string;
  probes: string[];
  models: string[];
  datasets: string[];
  /** item measurements stored for the run */
  n: number;
}

const uniq = (xs: string[]): string[] => [...new Set(xs)];

/** A run with what it measured: its cells' probes, models and datasets, and its stored measurements. */
export async function describeRun(anyStore: AnyStore, run: RunRow): Promise<RunListing> {
  const store = asRunStore(anyStore);
  const cells = await store.listCells(run.id);
  return {
    id: run.id,
    command: run.label,
    status: run.status,
    createdAt: run.createdAt,
    updatedAt: run.updatedAt,
    probes: uniq(cells.map((c) => c.probe)),
    models: uniq(cells.map((c) => c.model)),
    datasets: uniq(cells.map((c) => c.dataset)),
    n: await store.countItems(run.id),
  };
}

/** Lists of names in a table cell: the first few, then "+k". */
function names(xs: string[], max = 2): string {
  if (xs.length === 0) return '—';
  return xs.length <= max ? xs.join(', ') : `${xs.slice(0, max).join(', ')} +${xs.length - max}`;
}

export function registerRuns(program: Command): void {
  program
    .command('runs')
    .description('list the runs in the store: probes, models, datasets, measurements and status')
    .option('--store <file>', STORE_FLAG_HELP)
    .action(async (opts: { store?: string }, cmd: Command) => {
      const runs = await withStore(opts.store, async (store) => {
        const out: RunListing[] = [];
        for (const r of await store.listRuns(100)) out.push(await describeRun(store, r));
        return out;
      });
      const global = globalOptions(cmd);
      if (global.json) {
        process.stdout.write(JSON.stringify(runs) + '\n');
        return;
      }
      if (global.quiet) {
        process.stdout.write(runs.map((r) => `${r.id} ${r.status}`).join('\n') + (runs.length > 0 ? '\n' : ''));
        return;
      }
      const t = createTable(['run', 'command', 'status', 'probes', 'models', 'datasets', 'n', 'updated']);
      for (const r of runs) t.push([r.id, r.command ?? '', r.status, names(r.probes), names(r.models, 1), names(r.datasets), String(r.n), r.updatedAt.slice(0, 16).replace('T', ' ')]);
      process.stdout.write(t.toString() + '\n');
    });
}
