import type { Command } from 'commander';
import { describeRun, type RunListing } from '../../report/run-listing.js';
import { globalOptions } from '../main-options.js';
import { STORE_FLAG_HELP, withStore } from '../store-flag.js';

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
      const { fittedTable } = await import('../../report/terminal-tables.js');
      const rows = runs.map((r) => [r.id, r.label ?? '', r.command ?? '', r.status, names(r.probes), names(r.models, 1), names(r.datasets), String(r.n), r.headline ?? '—', r.updatedAt.slice(0, 16).replace('T', ' ')]);
      process.stdout.write(fittedTable(['run', 'name', 'command', 'status', 'probes', 'models', 'datasets', 'n', 'headline', 'updated'], rows) + '\n');
    });
}
