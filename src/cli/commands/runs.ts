import { existsSync } from 'node:fs';
import { createTable } from '../../report/table.js';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { UserError } from '../../core/errors.js';
import { Store } from '../../runtime/store.js';
import { globalOptions } from '../main-options.js';

export function registerRuns(program: Command): void {
  program
    .command('runs')
    .description('list the runs in the store')
    .option('--store <file>', 'SQLite store', '.slant/slant.db')
    .action((opts: { store: string }, cmd: Command) => {
      if (!existsSync(opts.store)) throw new UserError(`no store at ${opts.store} yet; run \`slant demo\` or \`slant run\` first`);
      const store = Store.open(resolve(opts.store));
      try {
        const runs = store.listRuns(100);
        if (globalOptions(cmd).json) {
          process.stdout.write(JSON.stringify(runs.map(({ configJson: _c, ...r }) => r)) + '\n');
          return;
        }
        const t = createTable(['run', 'command', 'status', 'created', 'updated']);
        for (const r of runs) t.push([r.id, r.label ?? '', r.status, r.createdAt, r.updatedAt]);
        process.stdout.write(t.toString() + '\n');
      } finally {
        store.close();
      }
    });
}
