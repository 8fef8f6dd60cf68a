import { existsSync } from 'node:fs';
import { createTable } from '../../report/table.js';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { UserError } from '../../core/errors.js';
import { Store } from '../../runtime/store.js';
import { RequestCache } from '../../runtime/cache.js';
import { globalOptions } from '../main-options.js';
import { parsePositiveInt } from '../parse.js';

function withCache<T>(storePath: string, fn: (cache: RequestCache) => T): T {
  if (!existsSync(storePath)) throw new UserError(`no store at ${storePath}`);
  const store = Store.open(resolve(storePath));
  try {
    return fn(new RequestCache(store));
  } finally {
    store.close();
  }
}

export function registerCache(program: Command): void {
  const cache = program.command('cache').description('the request cache (model and judge calls already paid for)');
  cache
    .command('stats')
    .description('entries, hits and size, per provider and model')
    .option('--store <file>', 'SQLite store', '.slant/slant.db')
    .action((opts: { store: string }, cmd: Command) => {
      const s = withCache(opts.store, (c) => c.stats());
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
    .option('--store <file>', 'SQLite store', '.slant/slant.db')
    .option('--provider <name>', 'only this provider')
    .option('--older-than <days>', 'only entries older than this many days', (v: string) => parsePositiveInt(v, '--older-than'))
    .action((opts: { store: string; provider?: string; olderThan?: number }) => {
      const n = withCache(opts.store, (c) => c.clear({ provider: opts.provider, olderThanDays: opts.olderThan }));
      process.stdout.write(`deleted ${n} cache entr${n === 1 ? 'y' : 'ies'}\n`);
    });
}
