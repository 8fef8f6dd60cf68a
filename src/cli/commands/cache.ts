import { createTable } from '../../report/table.js';
import type { Command } from 'commander';
import { RequestCache } from '../../runtime/cache.js';
import { globalOptions } from '../main-options.js';
import { parsePositiveInt } from '../parse.js';
import { STORE_FLAG_HELP, withStore } from '../store-flag.js';

/** The cache of a SQLite file or a PostgreSQL store (`--store postgres://…`). */
function withCache<T>(storePath: string | undefined, fn: (cache: RequestCache) => Promise<T>, opts: { writes?: boolean } = {}): Promise<T> {
  return withStore(storePath, (store) => fn(new RequestCache(store)), opts);
}

export function registerCache(program: Command): void {
  const cache = program.command('cache').description('the request cache (model and judge calls already paid for)');
  cache
    .command('stats')
    .description('entries, hits and size, per provider and model')
    .option('--store <file>', STORE_FLAG_HELP)
    .action(async (opts: { store?: string }, cmd: Command) => {
      const s = await withCache(opts.store, (c) => c.stats());
      if (globalOptions(cmd).json) {
        process.stdout.write(JSON.stringify(s) + '\n');
        return;
      }
      const t = createTable(['provider', 'model', 'entries', 'hits']);
      for (const p of s.byProvider) t.push([p.provider, p.model, String(p.entries), String(p.hits)]);
      const line = `${s.entries} entries, ${s.hits} hits, ${(s.bytes / 1024).toFixed(1)} KiB`;
      process.stdout.write(globalOptions(cmd).quiet ? `${line}\n` : `${line}\n${t.toString()}\n`);
    });
  cache
    .command('clear')
    .description('delete cached responses (all, or by provider / age)')
    .option('--store <file>', STORE_FLAG_HELP)
    .option('--provider <name>', 'only this provider')
    .option('--older-than <days>', 'only entries older than this many days', (v: string) => parsePositiveInt(v, '--older-than'))
    .action(async (opts: { store?: string; provider?: string; olderThan?: number }) => {
      const n = await withCache(opts.store, (c) => c.clear({ provider: opts.provider, olderThanDays: opts.olderThan }), { writes: true });
      process.stdout.write(`deleted ${n} cache entr${n === 1 ? 'y' : 'ies'}\n`);
    });
}
